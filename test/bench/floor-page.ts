// The floor the debugger's scrub is measured against: the least a page can do to show a run step by step — the
// same run's stored thumbnails (the debugger's first picture of a step), one canvas, a position text — in the
// same Chromium at the same load. Cold: each picture decoded when its step is first shown; warm: decoded
// already. What the floor costs per step is what the machine charges any page; the debugger's excess over it is
// its own work. Only for the benchmark.
export function floorPageHtml(thumbnails: Array<Uint8Array | null>): string {
  const data = JSON.stringify(thumbnails.map((t) => (t ? Buffer.from(t).toString('base64') : null)));
  return `<!doctype html><html><head><meta charset="utf-8"><title>floor page</title>
<style>body{margin:0;background:#0d1117;color:#ccc;font:12px monospace}#pos{position:absolute;left:8px;top:6px;width:80px;height:16px;contain:strict}canvas{display:block;margin:28px auto 0}</style></head>
<body data-index="-1"><span id="pos"></span><canvas id="c" width="300" height="640"></canvas>
<script id="data" type="application/json">${data}</script>
<script>
const bytes = JSON.parse(document.getElementById('data').textContent).map((b) => (b ? new Blob([Uint8Array.from(atob(b), (c) => c.charCodeAt(0))], { type: 'image/webp' }) : null));
const ctx = document.getElementById('c').getContext('2d');
const bitmaps = [];
let at = -1;
async function show(i) {
  if (i < 0 || i >= bytes.length) return;
  at = i;
  document.getElementById('pos').textContent = (i + 1) + ' / ' + bytes.length;
  const bitmap = bitmaps[i] ?? (bytes[i] ? (bitmaps[i] = await createImageBitmap(bytes[i])) : null);
  if (at !== i) return;
  ctx.clearRect(0, 0, 300, 640);
  if (bitmap) ctx.drawImage(bitmap, 0, 0, 300, 640);
  document.body.dataset.index = String(i);
}
window.addEventListener('keydown', (e) => {
  if (e.key === 'ArrowRight') show(at + 1);
  else if (e.key === 'Home') show(0);
});
show(0);
</script></body></html>`;
}
