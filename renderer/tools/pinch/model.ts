// The pinch tool's edits of a pinch call, as pure functions. Its handles are where the fingers are, start and
// end (shared/geometry's pinch, the planner's own math): the centre moves the pinch; finger 1 at the start sets
// start_span, finger 1 at the end sets end_span, finger 0 at the start sets angle_degrees, finger 0 at the end
// sets rotation_degrees. Spans and the centre are written in the call's space (normalized spans are against
// the screen's short edge); nothing is clamped: a pinch that leaves the screen is refused and painted.
import type { ToolEnvelope } from '../../../shared/actions';
import {
  pinchFingersAt,
  pinchSampleCount,
  pinchSampleTime,
  pxToPinchSpan,
  resolvePinch,
  type CoordinateSpace,
  type DevicePoint,
  type ScreenSize,
} from '../../../shared/geometry';
import { fromDevice, type XY } from '../gesture/model';

export interface PinchArgs {
  center: XY;
  start_span: number;
  end_span: number;
  angle_degrees: number;
  rotation_degrees: number;
  duration_ms: number;
  coordinate_space: CoordinateSpace;
  target_description: string;
  [key: string]: unknown;
}
export interface PinchEnvelope extends ToolEnvelope {
  tool: 'pinch';
  args: PinchArgs;
}

export const PINCH_HANDLES = ['centre', 'start', 'end', 'angle', 'rotation'] as const;
export type PinchHandle = (typeof PINCH_HANDLES)[number];

export function isPinchEnvelope(e: ToolEnvelope | null | undefined): e is PinchEnvelope {
  if (!e || e.tool !== 'pinch') return false;
  const a = e.args as Partial<PinchArgs>;
  return Array.isArray(a.center) && typeof a.start_span === 'number' && typeof a.end_span === 'number';
}

/** Zoom in ×2.5 while turning 45° clockwise around the screen centre, in normalized space. */
export function newPinch(): PinchEnvelope {
  return {
    tool: 'pinch',
    args: {
      center: [500, 500],
      start_span: 200,
      end_span: 500,
      angle_degrees: 0,
      rotation_degrees: 45,
      duration_ms: 800,
      coordinate_space: 'normalized',
      target_description: 'pinch drawn in the editor',
    },
  };
}

const spec = (a: PinchArgs) => ({
  center: a.center,
  start_span: a.start_span,
  end_span: a.end_span,
  angle_degrees: a.angle_degrees ?? 0,
  rotation_degrees: a.rotation_degrees ?? 0,
  duration_ms: a.duration_ms ?? 800,
  coordinate_space: a.coordinate_space ?? 'normalized',
});

/** Both fingers' samples every PINCH_SAMPLE_MS, as the planner dispatches them: [t, x0, y0, x1, y1][]. */
export function pinchSamples(e: PinchEnvelope, screen: ScreenSize): Array<[number, number, number, number, number]> {
  const p = resolvePinch(spec(e.args), screen);
  if (!p || !(p.durationMs >= 1)) return [];
  const out = [0, 0, 0, 0];
  const n = pinchSampleCount(p.durationMs);
  const rows: Array<[number, number, number, number, number]> = new Array(n);
  for (let i = 0; i < n; i++) {
    const t = pinchSampleTime(i, p.durationMs);
    pinchFingersAt(p, t, out);
    rows[i] = [t, out[0]!, out[1]!, out[2]!, out[3]!];
  }
  return rows;
}

/** Each handle's device pixel. */
export function handlePoints(
  e: PinchEnvelope,
  screen: ScreenSize,
): Record<PinchHandle, { x: number; y: number }> | null {
  const p = resolvePinch(spec(e.args), screen);
  if (!p || !(p.durationMs >= 1)) return null;
  const s = [0, 0, 0, 0];
  const f = [0, 0, 0, 0];
  pinchFingersAt(p, 0, s);
  pinchFingersAt(p, p.durationMs, f);
  return {
    centre: { x: p.cx, y: p.cy },
    start: { x: s[2]!, y: s[3]! },
    end: { x: f[2]!, y: f[3]! },
    angle: { x: s[0]!, y: s[1]! },
    rotation: { x: f[0]!, y: f[1]! },
  };
}

/** Degrees wrapped into (−180, 180], one decimal. */
const wrapDeg = (d: number) => {
  let v = d;
  while (v > 180) v -= 360;
  while (v <= -180) v += 360;
  return Math.round(v * 10) / 10;
};

export function dragPinchHandle(
  e: PinchEnvelope,
  handle: PinchHandle,
  to: DevicePoint,
  screen: ScreenSize,
): PinchEnvelope {
  const a = { ...e.args };
  const space = a.coordinate_space ?? 'normalized';
  const c = resolvePinch(spec(a), screen);
  if (!c) return e;
  const dx = to.x - c.cx;
  const dy = to.y - c.cy;
  const deg = (Math.atan2(dy, dx) * 180) / Math.PI;
  switch (handle) {
    case 'centre':
      a.center = fromDevice(to, space, screen);
      break;
    case 'start':
      a.start_span = pxToPinchSpan(2 * Math.hypot(dx, dy), space, screen);
      break;
    case 'end':
      a.end_span = pxToPinchSpan(2 * Math.hypot(dx, dy), space, screen);
      break;
    case 'angle':
      // Finger 0 is on the far side of the centre: its direction is angle + 180°.
      a.angle_degrees = wrapDeg(deg + 180);
      break;
    case 'rotation': {
      // Continuous: the rotation follows the pointer past ±180° rather than jumping a full turn.
      const prev = a.rotation_degrees ?? 0;
      const next = prev + wrapDeg(deg + 180 - ((a.angle_degrees ?? 0) + prev));
      a.rotation_degrees = Math.round(next * 10) / 10;
      break;
    }
  }
  return { tool: 'pinch', args: a };
}

/** A number field edit, kept as typed. */
export function setPinchArg(
  e: PinchEnvelope,
  key: 'start_span' | 'end_span' | 'angle_degrees' | 'rotation_degrees' | 'duration_ms',
  value: number,
): PinchEnvelope {
  return { tool: 'pinch', args: { ...e.args, [key]: value } };
}
