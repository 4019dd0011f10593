// The report's one HTML file: styles, a small script and the data inline, nothing fetched, so it opens from
// file:// anywhere. Each distinct screen is embedded once (WebP, base64) and decoded only when its step is shown,
// so a long run paints its first step at once. Keys: ←/→ step, Home/End first/last. Each step shows what the
// debugger shows: its facts in words (arguments included), what a read saw and each poll of a check, the plan
// (pointer paths, target, covering windows) drawn on the before screen, and the tree diff.
import type { ReportData } from './report-data';

/** JSON that is safe inside <script>: no "</script>" or "<!--" can end or bend it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:13px/1.4 system-ui,sans-serif;color:#1d2330;background:#f4f5f8;display:flex;flex-direction:column;height:100vh}
header{padding:8px 14px;background:#1d2330;color:#fff;display:flex;gap:16px;align-items:baseline}header h1{font-size:15px;margin:0}
header span{opacity:.75}
#timeline{display:flex;gap:2px;padding:8px 14px;overflow-x:auto;background:#fff;border-bottom:1px solid #d8dbe3;flex:none}
#timeline button{flex:none;min-width:28px;height:28px;border:2px solid transparent;border-radius:4px;color:#fff;font:600 11px system-ui;cursor:pointer}
#timeline button[aria-current=true]{border-color:#1d2330;outline:2px solid #fff;outline-offset:-4px}
.s-completed{background:#2f9e5b}.s-observed{background:#3b7dd8}.s-partial{background:#d9822b}.s-cancelled{background:#8a8f9c}
.s-not_started{background:#c23b3b}.s-unknown{background:#7a3fc2}
main{flex:1;display:flex;gap:14px;padding:14px;min-height:0}
.screens{display:flex;gap:10px;flex:none}
figure{margin:0;display:flex;flex-direction:column;gap:4px}figcaption{font-weight:600;color:#4a5163}
.pic{position:relative;height:calc(100vh - 150px);aspect-ratio:var(--ar,9/19.5);background:#dfe2ea;border-radius:6px;overflow:hidden}
.pic img{width:100%;height:100%;display:block}.pic .none{position:absolute;inset:0;display:grid;place-items:center;color:#6b7285}
.box{position:absolute;border:2px solid;pointer-events:none}.box.added{border-color:#2f9e5b}.box.removed{border-color:#c23b3b}
.box.changed{border-color:#e0a100;background:rgba(224,161,0,.15)}.box.moved{border-color:#3b7dd8;border-style:dashed}
aside{flex:1;min-width:260px;overflow:auto;background:#fff;border-radius:6px;padding:10px 14px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:3px 12px;margin:0 0 10px}dt{color:#6b7285}dd{margin:0;word-break:break-word}
h2{font-size:14px;margin:12px 0 6px}ul{margin:0;padding-left:18px}li{margin:2px 0}
.tag{display:inline-block;padding:0 6px;border-radius:3px;color:#fff;font-weight:600}
pre{background:#f4f5f8;padding:8px;overflow:auto;max-height:40vh;font-size:11px}
dd.mono,.polls{font-family:ui-monospace,monospace;font-size:12px;white-space:pre-wrap}
.plan{position:absolute;inset:0;width:100%;height:100%;pointer-events:none}
.plan polyline{fill:none;stroke:#ff3d9a;stroke-width:6;stroke-linecap:round;stroke-linejoin:round;opacity:.9}
.plan circle{fill:#ff3d9a}.plan .target{fill:rgba(255,61,154,.12);stroke:#ff3d9a;stroke-width:4;stroke-dasharray:14 8}
.plan .covering{fill:rgba(194,59,59,.15);stroke:#c23b3b;stroke-width:3}
.legend{font-size:12px;color:#4a5163;margin:0 0 8px}
.verdict-no{color:#c23b3b;font-weight:600}.verdict-yes{color:#2f9e5b;font-weight:600}
`;

const SCRIPT = `
const data = JSON.parse(document.getElementById('report-data').textContent);
const steps = data.steps;
let current = 0;
const $ = (id) => document.getElementById(id);
const urls = {};
function url(hash) {
  if (!hash) return null;
  if (!urls[hash]) {
    const img = data.images[hash];
    const bytes = Uint8Array.from(atob(img.base64), (c) => c.charCodeAt(0));
    urls[hash] = URL.createObjectURL(new Blob([bytes], { type: img.media_type }));
  }
  return urls[hash];
}
function el(tag, props, ...children) {
  const e = document.createElement(tag);
  Object.assign(e, props || {});
  for (const c of children) e.append(c);
  return e;
}
function factList(facts, testid) {
  const dl = el('dl', {});
  dl.dataset.testid = testid;
  for (const f of facts) {
    const dd = el('dd', { textContent: f.value, className: f.label === 'Polls' || f.label === 'Arguments' ? 'mono' : '' });
    if (f.label === 'Verdict') dd.className = f.value.startsWith('matched') ? 'verdict-yes' : 'verdict-no';
    dl.append(el('dt', { textContent: f.label }), dd);
  }
  return dl;
}
const SVG = 'http://www.w3.org/2000/svg';
function svg(tag, attrs) {
  const e = document.createElementNS(SVG, tag);
  for (const k in attrs) e.setAttribute(k, String(attrs[k]));
  return e;
}
function planOverlay(pic, step) {
  const p = step.plan;
  if (!p || !step.screen) return;
  const s = svg('svg', { class: 'plan', viewBox: '0 0 ' + step.screen.width + ' ' + step.screen.height, preserveAspectRatio: 'none' });
  s.dataset.testid = 'report-plan';
  s.dataset.paths = String(p.paths.length);
  const rect = (b, cls) => s.append(svg('rect', { class: cls, x: b[0], y: b[1], width: b[2] - b[0], height: b[3] - b[1] }));
  for (const c of p.covering) rect(c, 'covering');
  if (p.target) rect(p.target, 'target');
  for (const path of p.paths) {
    s.append(svg('polyline', { points: path.map((q) => q.join(',')).join(' ') }));
    if (path[0]) s.append(svg('circle', { cx: path[0][0], cy: path[0][1], r: 16 }));
  }
  pic.append(s);
}
function boxes(pic, step, kinds) {
  if (!step.diff || !step.screen) return;
  for (const kind of kinds) for (const n of step.diff[kind]) {
    const b = n.box;
    const box = el('div', { className: 'box ' + kind, title: kind + ': ' + n.label });
    box.style.left = (b[0] / step.screen.width * 100) + '%';
    box.style.top = (b[1] / step.screen.height * 100) + '%';
    box.style.width = ((b[2] - b[0]) / step.screen.width * 100) + '%';
    box.style.height = ((b[3] - b[1]) / step.screen.height * 100) + '%';
    pic.append(box);
  }
}
function picture(id, hash, step, kinds) {
  const pic = $(id);
  pic.replaceChildren();
  const ratio = step.screen ? step.screen.width + '/' + step.screen.height : '9/19.5';
  pic.style.setProperty('--ar', ratio);
  const u = url(hash);
  pic.append(u ? el('img', { src: u, alt: id }) : el('div', { className: 'none', textContent: 'no screen kept' }));
  boxes(pic, step, kinds);
}
function diffList(step) {
  const d = step.diff;
  if (!d) return el('p', { textContent: step.kind === 'read' ? 'A read sends no input: no diff. Its screen above is what it saw.' : 'No tree diff: the trees were not captured for this step.' });
  const items = [];
  for (const n of d.changed) items.push(el('li', {}, el('span', { className: 'tag s-partial', textContent: 'changed' }), ' ' + n.label + ': ' + n.fields.map((f) => f.field + ' ' + JSON.stringify(f.before) + ' → ' + JSON.stringify(f.after)).join(', ')));
  for (const n of d.added) items.push(el('li', {}, el('span', { className: 'tag s-completed', textContent: 'added' }), ' ' + n.label));
  for (const n of d.removed) items.push(el('li', {}, el('span', { className: 'tag s-not_started', textContent: 'removed' }), ' ' + n.label));
  for (const n of d.moved) items.push(el('li', {}, el('span', { className: 'tag s-observed', textContent: 'moved' }), ' ' + n.label));
  if (items.length === 0) items.push(el('li', { textContent: 'no change (' + d.unchanged + ' nodes)' }));
  return el('ul', {}, ...items);
}
function show(i) {
  current = Math.max(0, Math.min(steps.length - 1, i));
  const step = steps[current];
  document.querySelectorAll('#timeline button').forEach((b, k) => b.setAttribute('aria-current', String(k === current)));
  $('timeline').children[current].scrollIntoView({ block: 'nearest', inline: 'nearest' });
  picture('screen-before', step.before, step, ['removed', 'changed']);
  picture('screen-after', step.after, step, ['added', 'changed', 'moved']);
  // An input's plan is drawn where it was aimed (the before screen); a read's target on the screen it saw.
  planOverlay($(step.kind === 'read' ? 'screen-after' : 'screen-before'), step);
  $('caption-before').textContent = step.kind === 'read' ? 'Before (a read: nothing before)' : 'Before';
  $('caption-after').textContent = step.kind === 'read' ? 'Seen by the read' : 'After';
  const r = step.receipt;
  const raw = el('details', {}, el('summary', { textContent: 'Raw receipt JSON' }), el('pre', { textContent: JSON.stringify(r, null, 2) }));
  const parts = [el('h2', { textContent: 'Step ' + step.n + ' of ' + steps.length + ': ' + r.tool }), factList(step.facts, 'report-facts')];
  if (step.plan) parts.push(el('p', { className: 'legend', textContent: (step.kind === 'read' ? 'Target on the screen it saw: ' : 'Plan on the before screen: ') + step.plan.words }));
  if (step.read.length > 0) {
    const read = el('section', {}, el('h2', { textContent: 'What was read' }), factList(step.read, 'report-read-facts'));
    read.dataset.testid = 'report-read';
    parts.push(read);
  }
  parts.push(el('h2', { textContent: 'Tree diff' + (step.settled === false ? (step.kind === 'read' ? ' (the screen was taken just after the read)' : ' (after: screen had not settled)') : '') }), diffList(step), raw);
  $('details').replaceChildren(...parts);
  $('details').dataset.step = String(step.n);
}
const timeline = $('timeline');
steps.forEach((s, i) => {
  const b = el('button', { className: 's-' + s.receipt.status, textContent: String(s.n), title: s.n + '. ' + s.receipt.tool + ' — ' + s.facts[0].value + (s.receipt.code ? ' ' + s.receipt.code : '') });
  b.dataset.testid = 'report-step-' + s.n;
  b.onclick = () => show(i);
  timeline.append(b);
});
document.addEventListener('keydown', (e) => {
  if (e.key === 'ArrowRight') show(current + 1);
  else if (e.key === 'ArrowLeft') show(current - 1);
  else if (e.key === 'Home') show(0);
  else if (e.key === 'End') show(steps.length - 1);
  else return;
  e.preventDefault();
});
// Like the debugger, the report opens at the run's last step: where it ended, and where a failed run failed.
if (steps.length > 0) show(steps.length - 1);
else $('details').textContent = 'No receipts matched.';
document.body.dataset.ready = 'true';
`;

export function reportHtml(data: ReportData): string {
  const total = data.steps.length;
  const title = escapeHtml(data.title);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Tactile report — ${title}</title><style>${STYLE}</style></head>
<body>
<header><h1>Tactile report — ${title}</h1><span>${total} step${total === 1 ? '' : 's'}</span><span>generated ${escapeHtml(data.generated_at)}</span></header>
<nav id="timeline" data-testid="report-timeline" aria-label="steps"></nav>
<main>
<div class="screens"><figure><figcaption id="caption-before">Before</figcaption><div class="pic" id="screen-before" data-testid="report-screen-before"></div></figure>
<figure><figcaption id="caption-after">After</figcaption><div class="pic" id="screen-after" data-testid="report-screen-after"></div></figure></div>
<aside id="details" data-testid="report-details"></aside>
</main>
<script type="application/json" id="report-data">${scriptJson(data)}</script>
<script>${SCRIPT}</script>
</body></html>
`;
}
