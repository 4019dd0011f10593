// pinch (tool and sequence member): the centre is checked like any point; when device pixels are known
// (pixel space, or a screen) every sample of both fingers (geometry/pinch.ts) must be on screen and inside the
// region, and the fingers must never share a pixel (TOUCH_POINTS_MERGED). A normalized pinch without a screen
// cannot be resolved (its span needs the short edge), so only its centre is checked then.
// Sample errors point at the pinch itself and name the first failing time: one error per finger and code.
import {
  pinchFingersAt,
  pinchSampleCount,
  pinchSampleTime,
  pointInRegion,
  resolvePinch,
  type PinchSpec,
  type RegionTuple,
} from '../geometry';
import { checkPoint, offScreenPx, pixelScreenText, pointFrame } from './points';
import { at, report, type CheckContext, type Path } from './report';

export interface PinchArgs extends PinchSpec {
  readonly region: RegionTuple | null;
}

const MERGED = 16;

export function checkPinch(ctx: CheckContext, a: PinchArgs, path: Path): void {
  const f = pointFrame(ctx, a.coordinate_space, a.region, path);
  checkPoint(f, a.center, at(path, 'center'), 'Pinch centre');
  const p = resolvePinch(a, ctx.screen);
  if (p === null) return;
  const out = [0, 0, 0, 0];
  const n = pinchSampleCount(p.durationMs);
  let reported = 0; // bits: off-screen finger 0/1 (1, 2), outside region finger 0/1 (4, 8), merged (16)
  for (let i = 0; i < n; i++) {
    const t = pinchSampleTime(i, p.durationMs);
    pinchFingersAt(p, t, out);
    for (let finger = 0; finger < 2; finger++) {
      const x = out[2 * finger]!;
      const y = out[2 * finger + 1]!;
      if (!(reported & (1 << finger)) && offScreenPx(f, x, y)) {
        reported |= 1 << finger;
        report(
          ctx,
          'OFF_SCREEN',
          path,
          `Pinch finger ${finger} reaches (${x}, ${y}) px at ${t} ms, outside ${pixelScreenText(f)}; it is refused, never clamped.`,
        );
      }
      if (!(reported & (4 << finger)) && f.regionPx !== null && !pointInRegion(x, y, f.regionPx)) {
        reported |= 4 << finger;
        report(
          ctx,
          'OUTSIDE_REGION',
          path,
          `Pinch finger ${finger} reaches (${x}, ${y}) px at ${t} ms, outside the region [${f.region!.join(', ')}].`,
        );
      }
    }
    if (!(reported & MERGED) && out[0] === out[2] && out[1] === out[3]) {
      reported |= MERGED;
      report(
        ctx,
        'TOUCH_POINTS_MERGED',
        path,
        `Both pinch fingers land on pixel (${out[0]}, ${out[1]}) at ${t} ms; use a larger span.`,
      );
    }
  }
}
