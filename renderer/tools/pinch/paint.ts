// Paints the pinch under edit: both finger paths as they are sampled (a dot per 16 ms sample, the planner's
// own geometry), the start and end spans as dashed lines, the five handles labelled, every issue where its
// message places it (a finger reaching a pixel off the screen, outside the region, or both fingers merged),
// and the planned pointers at the play head. The labels go last, clear of each other, of the handles and of
// the labels other layers drew (stage/canvas-labels.ts): close handles (a small span) never overprint.
import type { Context } from 'konva/lib/Context';
import { cameraView, deviceToStage, devicePoint, type Camera, type ScreenSize } from '../../../shared/geometry';
import type { TactileError } from '../../../shared/errors';
import { drawLabels, keepClear, type CanvasLabel } from '../../stage/canvas-labels';
import { around, type LabelBox } from '../../stage/stage-labels';
import { FINGER_COLOURS } from '../gesture/paint';
import { handlePoints, pinchSamples, type PinchEnvelope, type PinchHandle } from './model';

const ISSUE = '#ff3b3b';
const LABELS: Record<PinchHandle, string> = {
  centre: 'centre',
  start: 'start span',
  end: 'end span',
  angle: 'angle',
  rotation: 'rotation',
};
const AT_PX = /\((-?\d+), (-?\d+)\) px/;
const ON_PX = /pixel \((-?\d+), (-?\d+)\)/;

export interface PinchScene {
  envelope: PinchEnvelope;
  issues: readonly TactileError[];
  playing: ReadonlyArray<{ id: number; x: number; y: number }> | null;
}

/** Where an issue of a pinch is painted, in device pixels (null: the panel lists it only). */
export function pinchIssueAt(
  issue: TactileError,
  centre: { x: number; y: number } | null,
): { x: number; y: number } | null {
  const m = AT_PX.exec(issue.message) ?? ON_PX.exec(issue.message);
  if (m) return { x: Number(m[1]), y: Number(m[2]) };
  return issue.path === '/args/center' ? centre : null;
}

export function paintPinch(
  ctx: Context,
  scene: PinchScene,
  camera: Camera,
  screen: ScreenSize,
  taken: readonly LabelBox[] = [],
): LabelBox[] {
  const view = cameraView(camera, screen);
  const st = (x: number, y: number) => deviceToStage(devicePoint(x, y), view);
  const samples = pinchSamples(scene.envelope, screen);
  for (let f = 0; f < 2; f++) {
    const colour = FINGER_COLOURS[f]!;
    ctx.setAttr('strokeStyle', colour);
    ctx.setAttr('fillStyle', colour);
    ctx.setAttr('lineWidth', 2);
    ctx.beginPath();
    samples.forEach((r, i) => {
      const p = st(r[1 + 2 * f]!, r[2 + 2 * f]!);
      if (i === 0) ctx.moveTo(p.x, p.y);
      else ctx.lineTo(p.x, p.y);
    });
    ctx.stroke();
    for (const r of samples) {
      const p = st(r[1 + 2 * f]!, r[2 + 2 * f]!);
      ctx.beginPath();
      ctx.arc(p.x, p.y, 2, 0, Math.PI * 2);
      ctx.fill();
    }
  }
  const h = handlePoints(scene.envelope, screen);
  const labels: CanvasLabel[] = [];
  const handles: LabelBox[] = [];
  if (h) {
    ctx.setLineDash([6, 4]);
    ctx.setAttr('strokeStyle', '#e0e0e0');
    ctx.setAttr('lineWidth', 1.2);
    for (const [a, b] of [
      [h.angle, h.start],
      [h.rotation, h.end],
    ] as const) {
      const pa = st(a.x, a.y);
      const pb = st(b.x, b.y);
      ctx.beginPath();
      ctx.moveTo(pa.x, pa.y);
      ctx.lineTo(pb.x, pb.y);
      ctx.stroke();
    }
    ctx.setLineDash([]);
    ctx.setAttr('font', '11px monospace');
    for (const k of Object.keys(LABELS) as PinchHandle[]) {
      const p = st(h[k].x, h[k].y);
      ctx.beginPath();
      if (k === 'centre') ctx.rect(p.x - 6, p.y - 6, 12, 12);
      else ctx.arc(p.x, p.y, 7, 0, Math.PI * 2);
      ctx.setAttr('fillStyle', k === 'centre' ? '#ffffff' : FINGER_COLOURS[k === 'start' || k === 'end' ? 1 : 0]!);
      ctx.fill();
      ctx.setAttr('strokeStyle', '#202020');
      ctx.setAttr('lineWidth', 1.5);
      ctx.stroke();
      handles.push(keepClear(p, 8));
      // Best outward from the centre (the centre's own label below it), else around the handle.
      const c = st(h.centre.x, h.centre.y);
      const d = Math.hypot(p.x - c.x, p.y - c.y);
      const ux = d > 0 ? (p.x - c.x) / d : 0;
      const uy = d > 0 ? (p.y - c.y) / d : 1;
      labels.push({
        text: LABELS[k],
        font: '11px monospace',
        colour: '#ffffff',
        spots: (w, hh) => [
          {
            x: p.x + ux * 16 - (ux < -0.3 ? w : ux > 0.3 ? 0 : w / 2),
            y: p.y + uy * 16 - (uy < -0.3 ? hh : uy > 0.3 ? 0 : hh / 2),
          },
          ...around(p, w, hh, 12),
        ],
      });
    }
  }
  ctx.setAttr('font', 'bold 12px monospace');
  for (const issue of scene.issues) {
    const at = pinchIssueAt(issue, h?.centre ?? null);
    if (!at) continue;
    const p = st(at.x, at.y);
    ctx.beginPath();
    ctx.arc(p.x, p.y, 13, 0, Math.PI * 2);
    ctx.setAttr('strokeStyle', ISSUE);
    ctx.setAttr('lineWidth', 2.5);
    ctx.stroke();
    labels.unshift({
      text: issue.code,
      font: 'bold 12px monospace',
      colour: ISSUE,
      spots: (w, hh) => around(p, w, hh, 16),
    });
  }
  if (scene.playing) {
    for (const p of scene.playing) {
      const s = st(p.x, p.y);
      ctx.beginPath();
      ctx.arc(s.x, s.y, 12, 0, Math.PI * 2);
      ctx.setAttr('fillStyle', FINGER_COLOURS[p.id % FINGER_COLOURS.length]!);
      ctx.setAttr('globalAlpha', 0.75);
      ctx.fill();
      ctx.setAttr('globalAlpha', 1);
      ctx.setAttr('strokeStyle', '#ffffff');
      ctx.setAttr('lineWidth', 2);
      ctx.stroke();
    }
  }
  return drawLabels(ctx, labels, [...taken, ...handles]);
}
