// The comparison the debugger benchmark prints against: the same run as one HTML file with every screenshot
// inlined as base64 PNG (the layout of the best-known HTML report in this field), showing one step at a time
// with ←/→ like the debugger. Only for the benchmark.
export interface InlineStep {
  tool: string;
  status: string;
  code: string | null;
  before_png: Buffer | null;
  after_png: Buffer | null;
  receipt: unknown;
}

const uri = (png: Buffer | null) => (png ? `data:image/png;base64,${png.toString('base64')}` : null);

export function inlineReportHtml(steps: InlineStep[]): string {
  const data = steps.map((s) => ({
    tool: s.tool,
    status: s.status,
    code: s.code,
    before: uri(s.before_png),
    after: uri(s.after_png),
    receipt: s.receipt,
  }));
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<!doctype html><html><head><meta charset="utf-8"><title>inline report</title>
<style>body{margin:0;font:12px sans-serif;background:#f4f5f8}nav{display:flex;gap:2px;padding:6px}nav b{width:10px;height:18px;background:#3fb950}
nav b.cur{outline:2px solid #000}main{display:flex;gap:8px;padding:8px}img{height:600px;background:#ddd}pre{font-size:10px;max-width:420px;overflow:auto}</style></head>
<body data-index="-1"><nav id="nav"></nav><main><img id="before" alt="before"><img id="after" alt="after"><pre id="raw"></pre></main>
<script id="data" type="application/json">${json}</script>
<script>
const steps = JSON.parse(document.getElementById('data').textContent);
const nav = document.getElementById('nav');
steps.forEach((s, i) => { const b = document.createElement('b'); b.title = s.tool + ' ' + s.status; b.onclick = () => show(i); nav.appendChild(b); });
let at = -1;
function show(i) {
  if (i < 0 || i >= steps.length) return;
  if (at >= 0) nav.children[at].className = '';
  at = i; nav.children[i].className = 'cur';
  const s = steps[i];
  document.getElementById('before').src = s.before || '';
  document.getElementById('after').src = s.after || '';
  document.getElementById('raw').textContent = JSON.stringify(s.receipt, null, 2);
  document.body.dataset.index = String(i);
}
addEventListener('keydown', (e) => { if (e.key === 'ArrowRight') show(at + 1); if (e.key === 'ArrowLeft') show(at - 1); });
show(0);
</script></body></html>`;
}
