// Paints a LabSnapshot: windows bottom to top, each node by its widget kind. Everything visible comes
// from the snapshot; the timeline paints its own ticks (its tick and playhead nodes are virtual children).
import type { SKRSContext2D } from '@napi-rs/canvas';
import { C, font } from './draw-style';
import { drawMap, type MapView } from './draw-map';
import { drawTimeline, roundRect } from './draw-timeline';
import { rect } from './rect';
import type { A11yNode, LabSnapshot, Rect } from './types';

export interface DrawExtras {
  timeline: { center: number; secondsPerPx: number };
  map: MapView;
}

export function drawSnapshot(ctx: SKRSContext2D, snap: LabSnapshot, extras: DrawExtras): void {
  const { width, height } = snap.screen;
  const u = Math.min(width, height) / 1080;
  ctx.fillStyle = C.background;
  ctx.fillRect(0, 0, width, height);
  for (const w of [...snap.windows].reverse()) {
    if (w.root === null) continue;
    ctx.save();
    ctx.beginPath();
    ctx.rect(w.bounds.left, w.bounds.top, w.bounds.right - w.bounds.left, w.bounds.bottom - w.bounds.top);
    ctx.clip();
    drawNode(ctx, snap, snap.nodes[w.root]!, null, u, extras);
    ctx.restore();
  }
}

function drawNode(
  ctx: SKRSContext2D,
  snap: LabSnapshot,
  n: A11yNode,
  parent: A11yNode | null,
  u: number,
  x: DrawExtras,
): void {
  if (!n.flags.visible_to_user) return;
  paint(ctx, n, parent, u, x);
  if (n.children.length === 0) return;
  const clip = n.widget === 'list';
  if (clip) {
    ctx.save();
    ctx.beginPath();
    ctx.rect(n.bounds.left, n.bounds.top, n.bounds.right - n.bounds.left, n.bounds.bottom - n.bounds.top);
    ctx.clip();
  }
  for (const c of n.children) drawNode(ctx, snap, snap.nodes[c]!, n, u, x);
  if (clip) ctx.restore();
}

function paint(ctx: SKRSContext2D, n: A11yNode, parent: A11yNode | null, u: number, x: DrawExtras): void {
  const b = n.bounds;
  const h = b.bottom - b.top;
  switch (n.widget) {
    case 'root':
      if (n.package_name === 'com.android.launcher3') {
        const g = ctx.createLinearGradient(0, 0, 0, b.bottom);
        g.addColorStop(0, C.statusBar);
        g.addColorStop(1, C.accent);
        ctx.fillStyle = g;
      } else ctx.fillStyle = C.background;
      return fill(ctx, b);
    case 'status_bar':
      ctx.fillStyle = C.statusBar;
      fill(ctx, b);
      ctx.fillStyle = C.white;
      ctx.fillRect(b.right - 90 * u, b.top + h * 0.3, 50 * u, h * 0.4);
      ctx.fillRect(b.right - 40 * u, b.top + h * 0.42, 6 * u, h * 0.16);
      return;
    case 'app_bar':
      ctx.fillStyle = C.primary;
      return fill(ctx, b);
    case 'title': {
      const light =
        parent?.widget === 'app_bar' ||
        parent?.widget === 'recents' ||
        parent?.widget === 'task_card' ||
        parent?.widget === 'shade';
      return text(ctx, n.text, b, light ? C.white : C.text, font(Math.min(h * 0.8, 56 * u), { bold: true }));
    }
    case 'text':
      if (parent?.widget === 'status_bar') return text(ctx, n.text, b, C.white, font(h * 0.7));
      if (parent?.widget === 'overlay') return text(ctx, n.text, b, C.text, font(40 * u, { bold: true }), 'center');
      return text(
        ctx,
        n.text,
        b,
        C.textSecondary,
        font(Math.min(h * 0.7, 40 * u)),
        n.resource_id.endsWith('/seekbar_value') ? 'right' : 'left',
      );
    case 'readout':
      return text(ctx, n.text, b, C.text, font(h * 0.62, { mono: true, bold: true }));
    case 'timeline':
      return drawTimeline(ctx, b, x.timeline, u);
    case 'map':
      return drawMap(ctx, b, x.map, u);
    case 'image_button':
      return imageButton(ctx, n, b, u);
    case 'button': {
      const teal = /covered_button$/.test(n.resource_id);
      roundRect(ctx, b, 18 * u);
      ctx.fillStyle = teal ? C.accent : C.primary;
      ctx.fill();
      return text(ctx, n.text, b, C.white, font(40 * u, { bold: true }), 'center');
    }
    case 'seekbar':
      return seekbar(ctx, n, b, u);
    case 'edit_text':
      return editText(ctx, n, b, u);
    case 'checkbox': {
      const s = h * 0.46;
      const box = rect(b.left + 8 * u, b.top + (h - s) / 2, b.left + 8 * u + s, b.top + (h + s) / 2);
      roundRect(ctx, box, 8 * u);
      ctx.fillStyle = n.flags.checked ? C.primary : C.surface;
      ctx.fill();
      ctx.lineWidth = 5 * u;
      ctx.strokeStyle = n.flags.checked ? C.primary : C.textSecondary;
      ctx.stroke();
      if (n.flags.checked) {
        ctx.strokeStyle = C.white;
        ctx.lineWidth = 7 * u;
        ctx.beginPath();
        ctx.moveTo(box.left + s * 0.2, box.top + s * 0.52);
        ctx.lineTo(box.left + s * 0.42, box.top + s * 0.74);
        ctx.lineTo(box.left + s * 0.8, box.top + s * 0.28);
        ctx.stroke();
      }
      return text(ctx, n.text, rect(box.right + 28 * u, b.top, b.right, b.bottom), C.text, font(42 * u));
    }
    case 'switch': {
      text(ctx, n.text, b, C.text, font(42 * u));
      const tw = 110 * u;
      const th = 44 * u;
      const track = rect(b.right - tw - 10 * u, b.top + (h - th) / 2, b.right - 10 * u, b.top + (h + th) / 2);
      roundRect(ctx, track, th / 2);
      ctx.fillStyle = n.flags.checked ? C.primaryLight : C.switchOff;
      ctx.fill();
      const cx = n.flags.checked ? track.right - th / 2 : track.left + th / 2;
      ctx.beginPath();
      ctx.arc(cx, (track.top + track.bottom) / 2, th * 0.68, 0, Math.PI * 2);
      ctx.fillStyle = n.flags.checked ? C.primary : '#FAFAFA';
      ctx.fill();
      ctx.lineWidth = 2 * u;
      ctx.strokeStyle = C.divider;
      ctx.stroke();
      return;
    }
    case 'list':
      ctx.fillStyle = C.surface;
      return fill(ctx, b);
    case 'row': {
      if (n.flags.selected) {
        ctx.fillStyle = C.primaryTint;
        fill(ctx, b);
      }
      ctx.fillStyle = C.divider;
      ctx.fillRect(b.left + 48 * u, b.bottom - 2 * u, b.right - b.left - 96 * u, 2 * u);
      const num = Number(/row_(\d+)$/.exec(n.resource_id)?.[1] ?? 0);
      const r = h * 0.3;
      ctx.beginPath();
      ctx.arc(b.left + 48 * u + r, (b.top + b.bottom) / 2, r, 0, Math.PI * 2);
      ctx.fillStyle = `hsl(${(num * 37) % 360}, 45%, 55%)`;
      ctx.fill();
      text(
        ctx,
        String(num),
        rect(b.left + 48 * u, b.top, b.left + 48 * u + 2 * r, b.bottom),
        C.white,
        font(r * 0.9, { bold: true }),
        'center',
      );
      return text(ctx, n.text, rect(b.left + 48 * u + 2 * r + 36 * u, b.top, b.right, b.bottom), C.text, font(42 * u));
    }
    case 'overlay':
      // No shadow: the overlay window's bounds clip it, and a clipped shadow reads as a glitch.
      roundRect(ctx, b, 28 * u);
      ctx.fillStyle = C.overlay;
      ctx.fill();
      ctx.lineWidth = 4 * u;
      ctx.strokeStyle = '#FF8F00';
      ctx.stroke();
      return;
    case 'panel':
      ctx.save();
      ctx.shadowColor = 'rgba(0,0,0,0.35)';
      ctx.shadowBlur = 24 * u;
      ctx.shadowOffsetY = 8 * u;
      roundRect(ctx, b, 28 * u);
      ctx.fillStyle = C.surface;
      ctx.fill();
      ctx.restore();
      return;
    case 'grid':
      ctx.fillStyle = C.surface;
      return fill(ctx, b);
    case 'cell':
      ctx.strokeStyle = C.divider;
      ctx.lineWidth = 1;
      ctx.strokeRect(b.left + 0.5, b.top + 0.5, b.right - b.left - 1, h - 1);
      return text(ctx, n.text, b, C.textSecondary, font(h * 0.34), 'center');
    case 'launcher_icon': {
      const s = (b.right - b.left) * 0.72;
      const icon = rect(b.left + (b.right - b.left - s) / 2, b.top, b.left + (b.right - b.left + s) / 2, b.top + s);
      roundRect(ctx, icon, s * 0.24);
      ctx.fillStyle = C.primary;
      ctx.fill();
      text(ctx, 'T', icon, C.white, font(s * 0.55, { bold: true }), 'center');
      return text(
        ctx,
        n.text,
        rect(b.left - 20 * u, icon.bottom, b.right + 20 * u, b.bottom),
        C.white,
        font(34 * u),
        'center',
      );
    }
    default:
      return paintSystem(ctx, n, b, u);
  }
}

/** SystemUI and Quickstep surfaces (system-ui.ts). */
function paintSystem(ctx: SKRSContext2D, n: A11yNode, b: Rect, u: number): void {
  switch (n.widget) {
    case 'recents':
      ctx.fillStyle = '#37474F';
      return fill(ctx, b);
    case 'task_card':
      // A thumbnail of the task: its app bar colour over the window background.
      roundRect(ctx, b, 32 * u);
      ctx.fillStyle = C.background;
      ctx.fill();
      ctx.save();
      roundRect(ctx, b, 32 * u);
      ctx.clip();
      ctx.fillStyle = C.primary;
      ctx.fillRect(b.left, b.top, b.right - b.left, 150 * u);
      ctx.restore();
      return;
    case 'shade':
      ctx.fillStyle = '#263238';
      fill(ctx, b);
      ctx.fillStyle = '#78909C';
      return ctx.fillRect((b.left + b.right) / 2 - 60 * u, b.bottom - 30 * u, 120 * u, 10 * u);
    case 'qs_tile':
      roundRect(ctx, b, 40 * u);
      ctx.fillStyle = '#455A64';
      ctx.fill();
      return text(ctx, n.text, rect(b.left + 40 * u, b.top, b.right, b.bottom), C.white, font(38 * u));
    case 'notification':
      roundRect(ctx, b, 28 * u);
      ctx.fillStyle = C.surface;
      ctx.fill();
      return text(ctx, n.text, rect(b.left + 40 * u, b.top, b.right, b.bottom), C.text, font(40 * u));
    case 'volume_bar': {
      roundRect(ctx, b, 40 * u);
      ctx.fillStyle = '#263238';
      ctx.fill();
      const r = n.range ?? { min: 0, max: 1, current: 0 };
      const track = rect(b.left + 50 * u, b.top + 40 * u, b.right - 50 * u, b.bottom - 40 * u);
      ctx.fillStyle = '#546E7A';
      fill(ctx, track);
      const level = (r.current - r.min) / Math.max(1, r.max - r.min);
      ctx.fillStyle = C.primaryLight;
      return ctx.fillRect(
        track.left,
        track.bottom - (track.bottom - track.top) * level,
        track.right - track.left,
        (track.bottom - track.top) * level,
      );
    }
    case 'scrim':
      ctx.fillStyle = '#000000';
      return fill(ctx, b);
    default:
      return;
  }
}

function fill(ctx: SKRSContext2D, b: Rect): void {
  ctx.fillRect(b.left, b.top, b.right - b.left, b.bottom - b.top);
}

function text(
  ctx: SKRSContext2D,
  s: string,
  b: Rect,
  color: string,
  f: string,
  align: 'left' | 'center' | 'right' = 'left',
): void {
  ctx.fillStyle = color;
  ctx.font = f;
  ctx.textAlign = align;
  ctx.textBaseline = 'middle';
  const x = align === 'left' ? b.left : align === 'right' ? b.right : (b.left + b.right) / 2;
  ctx.fillText(s, x, (b.top + b.bottom) / 2);
}

function imageButton(ctx: SKRSContext2D, n: A11yNode, b: Rect, u: number): void {
  const cx = (b.left + b.right) / 2;
  const cy = (b.top + b.bottom) / 2;
  const r = Math.min(b.right - b.left, b.bottom - b.top) / 2;
  const onBar = n.resource_id.endsWith('/navigate_up');
  if (!onBar) {
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, Math.PI * 2);
    ctx.fillStyle = C.primary;
    ctx.fill();
  }
  ctx.fillStyle = C.white;
  ctx.strokeStyle = C.white;
  if (onBar) {
    ctx.lineWidth = 8 * u;
    ctx.beginPath();
    ctx.moveTo(cx + r * 0.4, cy);
    ctx.lineTo(cx - r * 0.4, cy);
    ctx.moveTo(cx - r * 0.05, cy - r * 0.38);
    ctx.lineTo(cx - r * 0.42, cy);
    ctx.lineTo(cx - r * 0.05, cy + r * 0.38);
    ctx.stroke();
  } else if (n.content_desc === 'Pause') {
    ctx.fillRect(cx - r * 0.36, cy - r * 0.4, r * 0.24, r * 0.8);
    ctx.fillRect(cx + r * 0.12, cy - r * 0.4, r * 0.24, r * 0.8);
  } else {
    ctx.beginPath();
    ctx.moveTo(cx - r * 0.28, cy - r * 0.42);
    ctx.lineTo(cx + r * 0.46, cy);
    ctx.lineTo(cx - r * 0.28, cy + r * 0.42);
    ctx.closePath();
    ctx.fill();
  }
}

function seekbar(ctx: SKRSContext2D, n: A11yNode, b: Rect, u: number): void {
  const range = n.range ?? { min: 0, max: 100, current: 0 };
  const h = b.bottom - b.top;
  const inset = h / 2;
  const cy = (b.top + b.bottom) / 2;
  const x0 = b.left + inset;
  const x1 = b.right - inset;
  const tx = x0 + ((range.current - range.min) / (range.max - range.min)) * (x1 - x0);
  ctx.lineCap = 'round';
  ctx.lineWidth = 10 * u;
  ctx.strokeStyle = C.primaryLight;
  ctx.beginPath();
  ctx.moveTo(x0, cy);
  ctx.lineTo(x1, cy);
  ctx.stroke();
  ctx.strokeStyle = C.primary;
  ctx.beginPath();
  ctx.moveTo(x0, cy);
  ctx.lineTo(tx, cy);
  ctx.stroke();
  ctx.lineCap = 'butt';
  ctx.beginPath();
  ctx.arc(tx, cy, Math.min(30 * u, h * 0.4), 0, Math.PI * 2);
  ctx.fillStyle = C.primary;
  ctx.fill();
}

function editText(ctx: SKRSContext2D, n: A11yNode, b: Rect, u: number): void {
  roundRect(ctx, b, 12 * u);
  ctx.fillStyle = C.surface;
  ctx.fill();
  ctx.fillStyle = n.flags.focused ? C.primary : C.hint;
  ctx.fillRect(b.left, b.bottom - (n.flags.focused ? 6 : 3) * u, b.right - b.left, (n.flags.focused ? 6 : 3) * u);
  const pad = 32 * u;
  const f = font(44 * u);
  const cy = (b.top + b.bottom) / 2;
  ctx.font = f;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  // Before API 26 the hint is drawn but not reported as text, so decide from both.
  const hinting = n.showing_hint_text || (n.text === '' && n.hint_text !== '');
  const value = hinting ? '' : n.text;
  const sel = n.text_selection ?? { start: 0, end: 0 };
  if (value !== '' && sel.start !== sel.end && sel.start >= 0) {
    const a = b.left + pad + ctx.measureText(value.slice(0, Math.min(sel.start, sel.end))).width;
    const z = b.left + pad + ctx.measureText(value.slice(0, Math.max(sel.start, sel.end))).width;
    ctx.fillStyle = C.primaryLight;
    ctx.fillRect(a, cy - 30 * u, z - a, 60 * u);
  }
  text(
    ctx,
    hinting ? n.hint_text : value,
    rect(b.left + pad, b.top, b.right - pad, b.bottom),
    hinting ? C.hint : C.text,
    f,
  );
  if (n.flags.focused && sel.start === sel.end && sel.start >= 0) {
    ctx.font = f;
    const cx = b.left + pad + ctx.measureText(value.slice(0, sel.start)).width;
    ctx.fillStyle = C.primary;
    ctx.fillRect(cx, cy - 30 * u, 4 * u, 60 * u);
  }
}
