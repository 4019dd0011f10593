// The pinch's coordinate-space switch through shared/geometry: the centre converts like a point, the spans
// against the short edge (normalized) or as pixels; what is lost is the centre's and the spans' pixel shift.
import { pinchSpanToPx, pxToPinchSpan, type CoordinateSpace, type ScreenSize } from '../../../shared/geometry';
import { fromDevice, toDevice } from '../gesture/model';
import type { PinchEnvelope } from './model';

export interface PinchSpaceSwitch {
  envelope: PinchEnvelope;
  /** Pixels the centre moves, and the spans' change in pixels, after the conversion. */
  centreShiftPx: number;
  spanShiftPx: number;
}

export function switchPinchSpace(e: PinchEnvelope, to: CoordinateSpace, screen: ScreenSize): PinchSpaceSwitch {
  const from = e.args.coordinate_space ?? 'normalized';
  if (from === to) return { envelope: e, centreShiftPx: 0, spanShiftPx: 0 };
  const c = toDevice(e.args.center, from, screen);
  const center = fromDevice(c, to, screen);
  const c2 = toDevice(center, to, screen);
  const span = (s: number) => pxToPinchSpan(pinchSpanToPx(s, from, screen), to, screen);
  const start = span(e.args.start_span);
  const end = span(e.args.end_span);
  const spanShiftPx = Math.max(
    Math.abs(pinchSpanToPx(start, to, screen) - pinchSpanToPx(e.args.start_span, from, screen)),
    Math.abs(pinchSpanToPx(end, to, screen) - pinchSpanToPx(e.args.end_span, from, screen)),
  );
  return {
    envelope: { tool: 'pinch', args: { ...e.args, center, start_span: start, end_span: end, coordinate_space: to } },
    centreShiftPx: Math.hypot(c2.x - c.x, c2.y - c.y),
    spanShiftPx,
  };
}
