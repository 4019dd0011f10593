// Paints the gesture under edit on the stage in one pass over a canvas context (a Konva custom shape), so a
// pointer move costs one redraw of one layer, not a reconciliation of hundreds of nodes:
// - each finger's path through its keyframes in the finger's colour, a hold (equal adjacent points) as a
//   dashed ring with "hold"; handles per keyframe (the keyframe in focus larger, the focused handle ringed);
// - every issue where it happens: a red ring and its code at a point (OFF_SCREEN, OUTSIDE_REGION,
//   TOUCH_POINTS_MERGED at its frame), both crossing segments in red (TOUCH_PATHS_CROSS);
// - the call's region as a dashed rectangle; while playing, the planned pointers at the play head;
// - the labels (holds, issue codes) last, placed clear of each other, of the handles and of the labels other
//   layers drew (stage/canvas-labels.ts).
import type { Context } from 'konva/lib/Context';
import {
  cameraView,
  deviceToStage,
  devicePoint,
  regionToDevice,
  type Camera,
  type RegionTuple,
  type ScreenSize,
} from '../../../shared/geometry';
import { around, type LabelBox } from '../../stage/stage-labels';
import { drawLabels, keepClear, type CanvasLabel } from '../../stage/canvas-labels';
import type { PlacedIssue } from './issues';
import { holdsAt, spaceOf, toDevice, type GestureEnvelope, type HandleRef } from './model';

export const FINGER_COLOURS = ['#ffb000', '#00c2ff', '#7ddf64', '#b388ff', '#ff6ec7'] as const;
const ISSUE = '#ff3b3b';

export interface GestureScene {
  envelope: GestureEnvelope;
  issues: readonly PlacedIssue[];
  focusFrame: number;
  handle: HandleRef | null;
  /** Planned pointer positions at the play head (device px), when playing. */
  playing: ReadonlyArray<{ id: number; x: number; y: number }> | null;
}

/** Fills one path of discs of radius `r` at the points `at(0…n-1)` gives (undefined: none there). */
function discs(
  ctx: Context,
  n: number,
  at: (i: number) => { x: number; y: number } | undefined,
  r: number,
  colour: string,
): void {
  ctx.beginPath();
  for (let i = 0; i < n; i++) {
    const p = at(i);
    if (!p) continue;
    ctx.moveTo(p.x + r, p.y);
    ctx.arc(p.x, p.y, r, 0, Math.PI * 2);
  }
  ctx.setAttr('fillStyle', colour);
  ctx.fill();
}

export function paintGesture(
  ctx: Context,
  scene: GestureScene,
  camera: Camera,
  screen: ScreenSize,
  taken: readonly LabelBox[] = [],
): LabelBox[] {
  const view = cameraView(camera, screen);
  const { envelope: e } = scene;
  const space = spaceOf(e.args);
  const frames = e.args.frames;
  const fingers = frames[0]?.points.length ?? 0;
  const st = (p: readonly [number, number]) => deviceToStage(toDevice(p, space, screen), view);
  // Stage positions once per point: [frame][finger] → [x, y] (frames may have fewer points: a mismatch).
  const pos = frames.map((f) => f.points.map((p) => st(p)));
  const holds: CanvasLabel[] = [];
  const rings: LabelBox[] = [];
  const issueLabels: CanvasLabel[] = [];

  if (Array.isArray(e.args.region) && e.args.region.length === 4) {
    const r = regionToDevice(e.args.region as unknown as RegionTuple, space, screen);
    const a = deviceToStage(devicePoint(r[0], r[1]), view);
    const b = deviceToStage(devicePoint(r[2], r[3]), view);
    ctx.setLineDash([8, 5]);
    ctx.setAttr('strokeStyle', '#e0e0e0');
    ctx.setAttr('lineWidth', 1.5);
    ctx.strokeRect(a.x, a.y, b.x - a.x, b.y - a.y);
    ctx.setLineDash([]);
  }

  // Crossing segments underneath, so the finger colours stay visible on top of the red.
  ctx.setAttr('strokeStyle', ISSUE);
  ctx.setAttr('lineWidth', 8);
  ctx.setAttr('lineCap', 'round');
  for (const { spot } of scene.issues) {
    if (spot.kind !== 'segments') continue;
    for (const j of spot.fingers) {
      const a = pos[spot.frame - 1]?.[j];
      const b = pos[spot.frame]?.[j];
      if (!a || !b) continue;
      ctx.beginPath();
      ctx.moveTo(a.x, a.y);
      ctx.lineTo(b.x, b.y);
      ctx.stroke();
    }
  }

  for (let j = 0; j < fingers; j++) {
    const colour = FINGER_COLOURS[j % FINGER_COLOURS.length]!;
    ctx.setAttr('strokeStyle', colour);
    ctx.setAttr('lineWidth', 2.5);
    ctx.beginPath();
    let started = false;
    for (const row of pos) {
      const p = row[j];
      if (!p) continue;
      if (started) ctx.lineTo(p.x, p.y);
      else ctx.moveTo(p.x, p.y);
      started = true;
    }
    ctx.stroke();
    // Holds: a dashed ring around the held point.
    ctx.setLineDash([4, 3]);
    ctx.setAttr('lineWidth', 2);
    for (let i = 1; i < frames.length; i++) {
      if (!holdsAt(e, i, j)) continue;
      const p = pos[i]![j]!;
      ctx.beginPath();
      ctx.arc(p.x, p.y, 15, 0, Math.PI * 2);
      ctx.stroke();
      holds.push({
        text: `hold ${frames[i]!.at_ms - frames[i - 1]!.at_ms} ms`,
        font: '11px monospace',
        colour,
        spots: (w, h) => around(p, w, h, 18),
      });
      rings.push(keepClear(p, 15));
    }
    ctx.setLineDash([]);
  }

  // Handles: a finger's handles off the focused keyframe as one path, then the focused keyframe's on top. A
  // handle's outline is a disc filled under a smaller one (the pixels of a 1 px stroke on the edge): filling a
  // path of 32 circles costs a fraction of stroking it, and this repaint runs inside every pointer move.
  for (let j = 0; j < fingers; j++) {
    discs(ctx, frames.length, (i) => (i === scene.focusFrame ? undefined : pos[i]![j]), 6, '#202020');
    discs(
      ctx,
      frames.length,
      (i) => (i === scene.focusFrame ? undefined : pos[i]![j]),
      5,
      FINGER_COLOURS[j % FINGER_COLOURS.length]!,
    );
  }
  ctx.setAttr('font', '10px monospace');
  const focused = pos[scene.focusFrame] ?? [];
  discs(ctx, focused.length, (j) => focused[j], 9, '#ffffff');
  for (let j = 0; j < focused.length; j++) {
    const p = focused[j]!;
    discs(ctx, 1, () => p, 7, FINGER_COLOURS[j % FINGER_COLOURS.length]!);
    ctx.setAttr('fillStyle', '#ffffff');
    ctx.fillText(`${j + 1}`, p.x - 3, p.y + 3.5);
  }
  const ringed = scene.handle ? pos[scene.handle.frame]?.[scene.handle.finger] : undefined;
  if (ringed) {
    ctx.beginPath();
    ctx.arc(ringed.x, ringed.y, 11, 0, Math.PI * 2);
    ctx.setAttr('strokeStyle', '#ffffff');
    ctx.setAttr('lineWidth', scene.handle!.frame === scene.focusFrame ? 2 : 1);
    ctx.stroke();
  }

  ctx.setAttr('font', 'bold 12px monospace');
  for (const { issue, spot } of scene.issues) {
    if (spot.kind !== 'point') continue;
    const p = pos[spot.frame]?.[spot.finger];
    if (!p) continue;
    ctx.beginPath();
    ctx.arc(p.x, p.y, 13, 0, Math.PI * 2);
    ctx.setAttr('strokeStyle', ISSUE);
    ctx.setAttr('lineWidth', 2.5);
    ctx.stroke();
    issueLabels.push({
      text: issue.code,
      font: 'bold 12px monospace',
      colour: ISSUE,
      spots: (w, h) => around(p, w, h, 16),
    });
  }
  for (const { issue, spot } of scene.issues) {
    if (spot.kind !== 'segments') continue;
    const a = pos[spot.frame - 1]?.[spot.fingers[1]];
    const b = pos[spot.frame]?.[spot.fingers[1]];
    if (!a || !b) continue;
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    issueLabels.push({
      text: issue.code,
      font: 'bold 12px monospace',
      colour: ISSUE,
      spots: (w, h) => around(mid, w, h, 10),
    });
  }

  if (scene.playing) {
    for (const p of scene.playing) {
      const s = deviceToStage(devicePoint(p.x, p.y), view);
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

  // The issue codes first (they say why Send is refused), then the holds; none covers a handle or a hold ring.
  // A valid gesture without holds has no label: its handles' boxes (one per point) are not even built.
  const labels = [...issueLabels, ...holds];
  if (labels.length === 0) return [];
  const handles = pos.flatMap((row, i) => row.map((p) => keepClear(p, i === scene.focusFrame ? 9 : 6)));
  return drawLabels(ctx, labels, [...taken, ...handles, ...rings]);
}
