// The coordinate-space switch: a touch_gesture rewritten in the other space through shared/geometry, and what
// that loses. pixel → normalized rounds each point to the contract's 0..1000 integers (1,001 values cannot
// name every pixel of a 1,080- or 2,400-pixel axis), so a point may land on another device pixel; normalized →
// pixel is exact (each normalized point names one pixel). The region, when present, converts the same way.
import { normToPx, pxToNormTarget, type CoordinateSpace, type ScreenSize } from '../../../shared/geometry';
import { spaceOf, toDevice, fromDevice, type GestureEnvelope, type XY } from './model';

/** One point that would be dispatched elsewhere after the switch. */
export interface SpaceLoss {
  frame: number;
  finger: number;
  /** Device pixel now, and after the round trip through the other space. */
  from: XY;
  to: XY;
}

export interface SpaceSwitch {
  envelope: GestureEnvelope;
  lost: SpaceLoss[];
  /** Largest pixel distance any point moves. */
  maxShiftPx: number;
}

function convertRegion(r: unknown, from: CoordinateSpace, screen: ScreenSize): unknown {
  if (!Array.isArray(r) || r.length !== 4) return r;
  const [l, t, rr, b] = r as number[];
  if (from === 'normalized')
    return [
      normToPx(l!, screen.width),
      normToPx(t!, screen.height),
      normToPx(rr!, screen.width),
      normToPx(b!, screen.height),
    ];
  return [
    pxToNormTarget(l!, screen.width),
    pxToNormTarget(t!, screen.height),
    pxToNormTarget(rr!, screen.width),
    pxToNormTarget(b!, screen.height),
  ];
}

export function switchSpace(e: GestureEnvelope, to: CoordinateSpace, screen: ScreenSize): SpaceSwitch {
  const from = spaceOf(e.args);
  if (from === to) return { envelope: e, lost: [], maxShiftPx: 0 };
  const lost: SpaceLoss[] = [];
  let maxShiftPx = 0;
  const frames = e.args.frames.map((f, i) => ({
    at_ms: f.at_ms,
    points: f.points.map((p, j) => {
      const before = toDevice(p, from, screen);
      const q = fromDevice(before, to, screen);
      const after = toDevice(q, to, screen);
      if (after.x !== before.x || after.y !== before.y) {
        lost.push({ frame: i, finger: j, from: [before.x, before.y], to: [after.x, after.y] });
        maxShiftPx = Math.max(maxShiftPx, Math.hypot(after.x - before.x, after.y - before.y));
      }
      return q;
    }),
  }));
  const args: GestureEnvelope['args'] = { ...e.args, frames, coordinate_space: to };
  if (args.region != null) args.region = convertRegion(args.region, from, screen);
  return { envelope: { tool: 'touch_gesture', args }, lost, maxShiftPx };
}
