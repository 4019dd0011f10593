// OFF_SCREEN and OUTSIDE_REGION for one action's points, in its coordinate_space.
// - Normalized points outside 0..1000 are off-screen, with or without a screen. Pixel points are off-screen when
//   negative, and when x ≥ width or y ≥ height once the screen is known.
// - Regions must be well-formed (left < right, top < bottom; else INVALID_ARGUMENT and no region check).
//   With a known screen the region check runs on the dispatched device pixels against the region converted by
//   the same rule (geometry/region.ts); without one it compares the given coordinates directly.
// - Derived points (pinch samples, calibrated ends) are device pixels; they exist only when pixels are known.
import {
  isNormalizedInRange,
  isRegionWellFormed,
  normToPx,
  pointInRegion,
  regionToDevice,
  type CoordinateSpace,
  type RegionTuple,
} from '../geometry';
import { at, report, type CheckContext, type Path } from './report';

export interface PointFrame {
  readonly ctx: CheckContext;
  readonly space: CoordinateSpace;
  /** Well-formed region in the action's space, or null. */
  readonly region: RegionTuple | null;
  /** The same region in device pixels, when pixels are known (pixel space, or a known screen). */
  readonly regionPx: RegionTuple | null;
  /** Device pixels are known: pixel space, or normalized with a screen. */
  readonly pixelsKnown: boolean;
}

export function pointFrame(
  ctx: CheckContext,
  space: CoordinateSpace,
  region: RegionTuple | null,
  path: Path,
): PointFrame {
  let r = region;
  if (r !== null && !isRegionWellFormed(r)) {
    report(
      ctx,
      'INVALID_ARGUMENT',
      at(path, 'region'),
      `Region [${r.join(', ')}] needs left < right and top < bottom.`,
    );
    r = null;
  }
  const pixelsKnown = space === 'pixel' || ctx.screen !== undefined;
  const regionPx =
    r === null || !pixelsKnown ? null : ctx.screen === undefined ? r : regionToDevice(r, space, ctx.screen);
  return { ctx, space, region: r, regionPx, pixelsKnown };
}

/** Off-screen test on device pixels. */
export function offScreenPx(f: PointFrame, x: number, y: number): boolean {
  const s = f.ctx.screen;
  return x < 0 || y < 0 || (s !== undefined && (x >= s.width || y >= s.height));
}

/** Off-screen test on a given point in the action's space. */
export function offScreen(f: PointFrame, x: number, y: number): boolean {
  return f.space === 'normalized' ? !isNormalizedInRange(x) || !isNormalizedInRange(y) : offScreenPx(f, x, y);
}

/** The given point's coordinates as compared for region/merge/cross: dispatched pixels when known. */
export function cmpX(f: PointFrame, x: number): number {
  return f.space === 'normalized' && f.ctx.screen !== undefined ? normToPx(x, f.ctx.screen.width) : x;
}
export function cmpY(f: PointFrame, y: number): number {
  return f.space === 'normalized' && f.ctx.screen !== undefined ? normToPx(y, f.ctx.screen.height) : y;
}

/** Region test on comparison coordinates (see cmpX/cmpY). */
export function outsideRegionCmp(f: PointFrame, cx: number, cy: number): boolean {
  const r = f.ctx.screen !== undefined ? f.regionPx : f.region;
  return r !== null && !pointInRegion(cx, cy, r);
}

export function pixelScreenText(f: PointFrame): string {
  const s = f.ctx.screen;
  return s === undefined ? 'the screen (pixels cannot be negative)' : `the ${s.width}×${s.height} screen`;
}

function screenText(f: PointFrame): string {
  return f.space === 'normalized' ? 'the normalized range 0..1000' : pixelScreenText(f);
}

/** Checks a point given in the action's space. */
export function checkPoint(f: PointFrame, p: readonly [number, number], path: Path, what: string): void {
  const [x, y] = p;
  if (offScreen(f, x, y))
    report(
      f.ctx,
      'OFF_SCREEN',
      path,
      `${what} [${x}, ${y}] is outside ${screenText(f)}; it is refused, never clamped.`,
    );
  if (outsideRegionCmp(f, cmpX(f, x), cmpY(f, y))) {
    report(
      f.ctx,
      'OUTSIDE_REGION',
      path,
      `${what} [${x}, ${y}] is outside the region [${f.region!.join(', ')}] (right and bottom exclusive).`,
    );
  }
}

/** Checks a derived point in device pixels (pinch sample, calibrated end). */
export function checkDevicePoint(f: PointFrame, x: number, y: number, path: Path, what: string): void {
  if (offScreenPx(f, x, y)) {
    report(
      f.ctx,
      'OFF_SCREEN',
      path,
      `${what} (${x}, ${y}) px is outside ${pixelScreenText(f)}; it is refused, never clamped.`,
    );
  }
  if (f.regionPx !== null && !pointInRegion(x, y, f.regionPx)) {
    report(
      f.ctx,
      'OUTSIDE_REGION',
      path,
      `${what} (${x}, ${y}) px is outside the region [${f.region!.join(', ')}] (${f.space}).`,
    );
  }
}
