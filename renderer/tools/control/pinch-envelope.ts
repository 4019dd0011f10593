// Ctrl+drag in Control, as scrcpy does it: the pointer is finger 0 and a second finger mirrors it through an
// anchor (the screen centre, or the press point with Shift+Ctrl), so moving away from / towards / around the
// anchor pinches and rotates around it. The recorded pointer path becomes one pixel touch_gesture of at most
// 32 keyframes (the contract's bound), times from the press, strictly increasing.
import { MAX_TOUCH_FRAMES as MAX_KEYFRAMES } from '../../../shared/actions/bounds';
import type { DevicePoint } from '../../../shared/geometry';
import type { Envelope } from '../../features/manual-control/envelopes';

export interface TimedPoint {
  p: DevicePoint;
  t: number;
}

/** The mirrored finger: the anchor's reflection of p (device pixels, unclamped). */
export function mirrorPoint(p: { x: number; y: number }, anchor: { x: number; y: number }): [number, number] {
  return [2 * anchor.x - p.x, 2 * anchor.y - p.y];
}

/** Samples kept: the first, the last, and evenly spaced ones between, one per distinct millisecond. */
function keyframes(path: readonly TimedPoint[]): TimedPoint[] {
  const t0 = path[0]!.t;
  const distinct: TimedPoint[] = [];
  for (const s of path) {
    const ms = Math.round(s.t - t0);
    const last = distinct[distinct.length - 1];
    if (last && Math.round(last.t - t0) >= ms) continue;
    distinct.push(s);
  }
  if (distinct.length <= MAX_KEYFRAMES) return distinct;
  const out: TimedPoint[] = [];
  for (let i = 0; i < MAX_KEYFRAMES; i++)
    out.push(distinct[Math.round((i * (distinct.length - 1)) / (MAX_KEYFRAMES - 1))]!);
  return out;
}

/** The touch_gesture for a Ctrl+drag path (≥ 2 samples at distinct times), or null when too short. */
export function ctrlPinchEnvelope(
  path: readonly TimedPoint[],
  anchor: DevicePoint,
  aroundPress: boolean,
): Envelope | null {
  if (path.length < 2) return null;
  const kept = keyframes(path);
  if (kept.length < 2) return null;
  const t0 = kept[0]!.t;
  return {
    tool: 'touch_gesture',
    args: {
      frames: kept.map((s) => ({ at_ms: Math.round(s.t - t0), points: [[s.p.x, s.p.y], mirrorPoint(s.p, anchor)] })),
      coordinate_space: 'pixel',
      target_description: aroundPress
        ? 'manual pinch around the press point (Shift+Ctrl+drag)'
        : 'manual pinch around the screen centre (Ctrl+drag)',
    },
  };
}
