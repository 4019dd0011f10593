// Canonical `{tool, args}` calls for the console's manual control. Taps and long presses use the contract's
// normalized space (their schemas have no other); drags carry the exact device pixels under the mouse.
import type { DeviceKey, ToolEnvelope } from '../../../shared/actions';
import { NORMALIZED_MAX, devicePointToNormTarget, type DevicePoint, type ScreenSize } from '../../../shared/geometry';

export type Envelope = ToolEnvelope;

/** The normalized contract point for a device pixel (shared/geometry's one pixel→normalized rounding). */
export const normTarget = (p: DevicePoint, screen: ScreenSize): [number, number] => devicePointToNormTarget(p, screen);

export function tapEnvelope(p: DevicePoint, screen: ScreenSize): Envelope {
  return { tool: 'click', args: { target: normTarget(p, screen) } };
}

export function longPressEnvelope(p: DevicePoint, screen: ScreenSize, durationMs: number): Envelope {
  return { tool: 'long_press', args: { target: normTarget(p, screen), duration_ms: Math.max(1, Math.round(durationMs)) } };
}

export function dragEnvelope(start: DevicePoint, end: DevicePoint, durationMs: number): Envelope {
  return {
    tool: 'drag',
    args: {
      start: [start.x, start.y],
      end: [end.x, end.y],
      coordinate_space: 'pixel',
      target_description: 'manual drag in the console',
      duration_ms: Math.max(50, Math.round(durationMs)),
    },
  };
}

/** Wheel notches: the content moves with the wheel, so the finger travels against it (a quarter screen per notch). */
export const WHEEL_TRAVEL = 250;

export function wheelSwipeEnvelope(p: DevicePoint, screen: ScreenSize, notches: number): Envelope {
  const [x, y] = normTarget(p, screen);
  const travel = Math.round(-Math.sign(notches) * Math.min(Math.abs(notches), 3) * WHEEL_TRAVEL);
  // The gesture length is the console's choice: shorten it to stay on screen (the user gave no end point).
  const end = Math.max(0, Math.min(NORMALIZED_MAX, y + travel));
  return { tool: 'swipe', args: { start: [x, y], end: [x, end], duration_ms: 300 } };
}

export function keyEnvelope(key: DeviceKey): Envelope {
  return { tool: 'press_key', args: { key } };
}

export function textEnvelope(text: string): Envelope {
  return { tool: 'input_text', args: { text, clear_exist: false } };
}
