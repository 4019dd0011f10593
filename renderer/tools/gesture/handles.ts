// Handles on the stage: a finger's point at a keyframe, hit within HANDLE_HIT_PX stage pixels. Where handles
// overlap (a hold is the same point in two keyframes) the keyframe in focus wins, then the later keyframe,
// so the handle drawn on top is the one picked. Alt snaps to the nearest node centre within SNAP_PX.
import { devicePoint, type DevicePoint, type ScreenSize } from '../../../shared/geometry';
import { spaceOf, toDevice, type GestureEnvelope, type HandleRef } from './model';

export const HANDLE_HIT_PX = 12;
export const SNAP_PX = 40;

export function hitHandle(
  e: GestureEnvelope,
  screen: ScreenSize,
  at: DevicePoint,
  stageScale: number,
  focus: number,
): HandleRef | null {
  const space = spaceOf(e.args);
  const r = HANDLE_HIT_PX / stageScale;
  const order = e.args.frames.map((_, i) => i).reverse();
  order.sort((a, b) => (a === focus ? -1 : b === focus ? 1 : 0));
  let best: HandleRef | null = null;
  for (const i of order) {
    let bestD = r;
    e.args.frames[i]!.points.forEach((p, j) => {
      const d = toDevice(p, space, screen);
      const dist = Math.hypot(d.x - at.x, d.y - at.y);
      if (dist <= bestD) {
        bestD = dist;
        best = { frame: i, finger: j };
      }
    });
    if (best) return best;
  }
  return null;
}

/** The nearest node centre within SNAP_PX stage pixels, else the point itself. */
export function snapToNode(at: DevicePoint, centres: readonly DevicePoint[], stageScale: number): DevicePoint {
  let best: DevicePoint = at;
  let bestD = SNAP_PX / stageScale;
  for (const c of centres) {
    const d = Math.hypot(c.x - at.x, c.y - at.y);
    if (d <= bestD) {
      bestD = d;
      best = devicePoint(c.x, c.y);
    }
  }
  return best;
}
