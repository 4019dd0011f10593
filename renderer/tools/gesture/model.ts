// The gesture editor's edits of a touch_gesture call, as pure functions from args to args. Points are kept in
// the call's own coordinate_space (what is exported and sent); the stage hands device pixels, converted here
// through shared/geometry only. An edit never clamps or repairs: a point off the screen or times out of order
// stay as the operator made them and are refused by prepareCall, painted where they are.
import type { ToolEnvelope } from '../../../shared/actions';
import {
  MAX_GESTURE_MS as MAX_AT_MS,
  MAX_TOUCH_FINGERS as MAX_FINGERS,
  MAX_TOUCH_FRAMES as MAX_FRAMES,
  MIN_TOUCH_FRAMES as MIN_FRAMES,
} from '../../../shared/actions/bounds';
import {
  axisToPx,
  devicePoint,
  pxToNormTarget,
  type CoordinateSpace,
  type DevicePoint,
  type ScreenSize,
} from '../../../shared/geometry';

/** A new keyframe comes this long after the last one (capped at MAX_AT_MS). */
export const NEW_FRAME_GAP_MS = 300;
/** A new finger is placed this far (device px) to the right of the last finger. */
export const NEW_FINGER_OFFSET_PX = 120;

export type XY = [number, number];
export interface GestureFrame {
  at_ms: number;
  points: XY[];
}
export interface GestureArgs {
  frames: GestureFrame[];
  coordinate_space: CoordinateSpace;
  target_description: string;
  /** Whatever else the call carries (region from the region tool, require_visible) is kept as is. */
  [key: string]: unknown;
}
export interface GestureEnvelope extends ToolEnvelope {
  tool: 'touch_gesture';
  args: GestureArgs;
}

/** A finger's point at a keyframe. */
export interface HandleRef {
  frame: number;
  finger: number;
}

export function isGestureEnvelope(e: ToolEnvelope | null | undefined): e is GestureEnvelope {
  if (!e || e.tool !== 'touch_gesture') return false;
  const a = e.args as Partial<GestureArgs>;
  return Array.isArray(a.frames) && a.frames.every((f) => f && Array.isArray(f.points));
}

export function spaceOf(args: GestureArgs): CoordinateSpace {
  return args.coordinate_space === 'normalized' ? 'normalized' : 'pixel';
}

/** A point of the call as the device pixel it is dispatched at (unclamped). */
export function toDevice(p: readonly [number, number], space: CoordinateSpace, screen: ScreenSize): DevicePoint {
  return devicePoint(axisToPx(p[0], space, screen.width), axisToPx(p[1], space, screen.height));
}

/** A device pixel written in the call's space (normalized goes through the one pixel → contract rounding). */
export function fromDevice(p: DevicePoint, space: CoordinateSpace, screen: ScreenSize): XY {
  return space === 'pixel' ? [p.x, p.y] : [pxToNormTarget(p.x, screen.width), pxToNormTarget(p.y, screen.height)];
}

/** One finger held at the screen centre for 500 ms: the editor's starting point, in device pixels. */
export function newGesture(screen: ScreenSize): GestureEnvelope {
  const c: XY = [Math.floor(screen.width / 2), Math.floor(screen.height / 2)];
  return {
    tool: 'touch_gesture',
    args: {
      frames: [
        { at_ms: 0, points: [[...c]] },
        { at_ms: 500, points: [[...c]] },
      ],
      coordinate_space: 'pixel',
      target_description: 'gesture drawn in the editor',
    },
  };
}

function withFrames(e: GestureEnvelope, frames: GestureFrame[]): GestureEnvelope {
  return { tool: 'touch_gesture', args: { ...e.args, frames } };
}

const copyFrame = (f: GestureFrame): GestureFrame => ({
  at_ms: f.at_ms,
  points: f.points.map((p) => [p[0], p[1]] as XY),
});

export function fingerCount(e: GestureEnvelope): number {
  return e.args.frames[0]?.points.length ?? 0;
}

/** Moves one handle to a device pixel. */
export function moveHandle(e: GestureEnvelope, h: HandleRef, to: DevicePoint, screen: ScreenSize): GestureEnvelope {
  const old = e.args.frames[h.frame];
  if (!old || h.finger >= old.points.length) return e;
  // Only the moved keyframe is new: the others keep their identity, so the timeline re-renders one column.
  const frames = [...e.args.frames];
  const frame = copyFrame(old);
  frame.points[h.finger] = fromDevice(to, spaceOf(e.args), screen);
  frames[h.frame] = frame;
  return withFrames(e, frames);
}

/** Sets a keyframe's time exactly as typed or dragged (order is checked by validation, not forced). */
export function retime(e: GestureEnvelope, frame: number, atMs: number): GestureEnvelope {
  if (!e.args.frames[frame]) return e;
  const frames = e.args.frames.map(copyFrame);
  frames[frame]!.at_ms = Math.round(atMs);
  return withFrames(e, frames);
}

/** A new keyframe after the last: every finger where it was (holds), NEW_FRAME_GAP_MS later. */
export function addFrame(e: GestureEnvelope): GestureEnvelope {
  const frames = e.args.frames;
  if (frames.length >= MAX_FRAMES) return e;
  const last = frames[frames.length - 1]!;
  const at = Math.min(MAX_AT_MS, last.at_ms + NEW_FRAME_GAP_MS);
  return withFrames(e, [...frames.map(copyFrame), { ...copyFrame(last), at_ms: at }]);
}

export function removeFrame(e: GestureEnvelope, frame: number): GestureEnvelope {
  if (e.args.frames.length <= MIN_FRAMES || !e.args.frames[frame]) return e;
  const frames = e.args.frames.filter((_, i) => i !== frame).map(copyFrame);
  // The first keyframe is the gesture's start: times start at 0.
  if (frame === 0) frames[0]!.at_ms = 0;
  return withFrames(e, frames);
}

/** A new finger in every keyframe, NEW_FINGER_OFFSET_PX right of the last finger (holding still). */
export function addFinger(e: GestureEnvelope, screen: ScreenSize): GestureEnvelope {
  if (fingerCount(e) >= MAX_FINGERS) return e;
  const space = spaceOf(e.args);
  const first = e.args.frames[0]!;
  const last = toDevice(first.points[first.points.length - 1]!, space, screen);
  const at = fromDevice(devicePoint(last.x + NEW_FINGER_OFFSET_PX, last.y), space, screen);
  return withFrames(
    e,
    e.args.frames.map((f) => ({ at_ms: f.at_ms, points: [...copyFrame(f).points, [...at] as XY] })),
  );
}

export function removeFinger(e: GestureEnvelope, finger: number): GestureEnvelope {
  if (fingerCount(e) <= 1) return e;
  return withFrames(
    e,
    e.args.frames.map((f) => ({ at_ms: f.at_ms, points: copyFrame(f).points.filter((_, j) => j !== finger) })),
  );
}

/** Whether finger j holds between keyframe i−1 and i (equal adjacent points: drawn as a hold). */
export function holdsAt(e: GestureEnvelope, frame: number, finger: number): boolean {
  const a = e.args.frames[frame - 1]?.points[finger];
  const b = e.args.frames[frame]?.points[finger];
  return !!a && !!b && a[0] === b[0] && a[1] === b[1];
}
