// touch_gesture (tool and sequence member), frame by frame:
// - FRAMES_NOT_INCREASING: at_ms starts at 0 and strictly increases.
// - FINGER_COUNT_MISMATCH: every frame has as many points as the first (fixed finger order).
// - OFF_SCREEN / OUTSIDE_REGION for every point (points.ts); straight segments stay inside a convex region.
// - TOUCH_POINTS_MERGED: two fingers of one frame on the same point — compared as dispatched device pixels when
//   the screen is known, as given coordinates otherwise.
// - TOUCH_PATHS_CROSS: between consecutive frames, the segments of two fingers intersect (closed test,
//   geometry/segment.ts: touching or overlapping counts, a held finger is a point). A pair already merged at
//   either end is reported as merged only.
// Hot path (the renderer re-validates at 120 Hz): one coordinate buffer per call, no allocation per point.
import type { TouchFrame } from '../actions';
import { MAX_TOUCH_FINGERS as MAX_FINGERS } from '../actions/bounds';
import { segmentsIntersect, type CoordinateSpace, type RegionTuple } from '../geometry';
import { checkPoint, cmpX, cmpY, offScreen, outsideRegionCmp, pointFrame } from './points';
import { at, report, type CheckContext, type Path } from './report';

export interface TouchArgs {
  readonly frames: ReadonlyArray<TouchFrame>;
  readonly coordinate_space: CoordinateSpace;
  readonly region: RegionTuple | null;
}

export function checkTouchGesture(ctx: CheckContext, a: TouchArgs, path: Path): void {
  const f = pointFrame(ctx, a.coordinate_space, a.region, path);
  const frames = a.frames;
  const fingers = frames[0]?.points.length ?? 0;
  // Comparison coordinates, MAX_FINGERS slots per frame; merged pairs per frame as bits j*5+k.
  const xy = new Float64Array(frames.length * MAX_FINGERS * 2);
  const merged = new Uint32Array(frames.length);

  for (let i = 0; i < frames.length; i++) {
    const frame = frames[i]!;
    if (i === 0 ? frame.at_ms !== 0 : frame.at_ms <= frames[i - 1]!.at_ms) {
      report(
        ctx,
        'FRAMES_NOT_INCREASING',
        at(path, 'frames', i, 'at_ms'),
        i === 0
          ? `The first frame must be at 0 ms, not ${frame.at_ms}.`
          : `at_ms ${frame.at_ms} must be greater than the previous frame's ${frames[i - 1]!.at_ms}.`,
      );
    }
    const pts = frame.points;
    if (pts.length !== fingers) {
      report(
        ctx,
        'FINGER_COUNT_MISMATCH',
        at(path, 'frames', i, 'points'),
        `Frame ${i} has ${pts.length} points; the first frame has ${fingers}. Fingers stay in contact for the whole gesture.`,
      );
    }
    const base = i * MAX_FINGERS * 2;
    for (let j = 0; j < pts.length; j++) {
      const p = pts[j]!;
      const x = cmpX(f, p[0]);
      const y = cmpY(f, p[1]);
      // Path and message are built only for a failing point.
      if (offScreen(f, p[0], p[1]) || outsideRegionCmp(f, x, y)) {
        checkPoint(f, p, at(path, 'frames', i, 'points', j), `Finger ${j} at ${frame.at_ms} ms`);
      }
      xy[base + 2 * j] = x;
      xy[base + 2 * j + 1] = y;
      for (let k = 0; k < j; k++) {
        if (xy[base + 2 * k] === x && xy[base + 2 * k + 1] === y) {
          merged[i]! |= 1 << (k * MAX_FINGERS + j);
          report(
            ctx,
            'TOUCH_POINTS_MERGED',
            at(path, 'frames', i, 'points', j),
            `Fingers ${k} and ${j} share ${f.space === 'normalized' && ctx.screen ? 'the device pixel' : 'the point'} (${x}, ${y}) at ${frame.at_ms} ms.`,
          );
        }
      }
    }
  }

  for (let i = 1; i < frames.length; i++) {
    if (frames[i]!.points.length !== fingers || frames[i - 1]!.points.length !== fingers) continue;
    const b0 = (i - 1) * MAX_FINGERS * 2;
    const b1 = i * MAX_FINGERS * 2;
    for (let j = 1; j < fingers; j++) {
      for (let k = 0; k < j; k++) {
        const bit = 1 << (k * MAX_FINGERS + j);
        if ((merged[i - 1]! | merged[i]!) & bit) continue;
        if (
          segmentsIntersect(
            xy[b0 + 2 * k]!,
            xy[b0 + 2 * k + 1]!,
            xy[b1 + 2 * k]!,
            xy[b1 + 2 * k + 1]!,
            xy[b0 + 2 * j]!,
            xy[b0 + 2 * j + 1]!,
            xy[b1 + 2 * j]!,
            xy[b1 + 2 * j + 1]!,
          )
        ) {
          report(
            ctx,
            'TOUCH_PATHS_CROSS',
            at(path, 'frames', i, 'points', j),
            `The paths of fingers ${k} and ${j} intersect between frames ${i - 1} and ${i}.`,
          );
        }
      }
    }
  }
}
