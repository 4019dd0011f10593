// Canonical `{tool, args}` calls for the console's manual control, in the exact device pixels the operator
// pointed at. The contract's `click` and `long_press` take normalized 0..1000 only, which cannot name every
// pixel (1,080 pixels, 1,001 values): a tap is therefore an `action_sequence` of one `click` step in
// `coordinate_space: "pixel"`, a long press a one-finger `touch_gesture` held in place, a drag a pixel `drag`.
import type { DeviceKey, ToolEnvelope } from '../../../shared/actions';
import { NORMALIZED_MAX, devicePointToNormTarget, type DevicePoint, type ScreenSize } from '../../../shared/geometry';

export type Envelope = ToolEnvelope;

/** The normalized contract point for a device pixel (shared/geometry's one pixel→normalized rounding): swipes only. */
export const normTarget = (p: DevicePoint, screen: ScreenSize): [number, number] => devicePointToNormTarget(p, screen);

export function tapEnvelope(p: DevicePoint): Envelope {
  return {
    tool: 'action_sequence',
    args: {
      steps: [
        {
          action: 'click',
          target: [p.x, p.y],
          coordinate_space: 'pixel',
          target_description: 'manual tap in the console',
        },
      ],
    },
  };
}

export function longPressEnvelope(p: DevicePoint, durationMs: number): Envelope {
  const held = Math.min(10_000, Math.max(1, Math.round(durationMs)));
  return {
    tool: 'touch_gesture',
    args: {
      frames: [
        { at_ms: 0, points: [[p.x, p.y]] },
        { at_ms: held, points: [[p.x, p.y]] },
      ],
      coordinate_space: 'pixel',
      target_description: 'manual long press in the console',
    },
  };
}

export function dragEnvelope(start: DevicePoint, end: DevicePoint, durationMs: number): Envelope {
  return {
    tool: 'drag',
    args: {
      start: [start.x, start.y],
      end: [end.x, end.y],
      coordinate_space: 'pixel',
      target_description: 'manual drag in the console',
      duration_ms: Math.min(10_000, Math.max(50, Math.round(durationMs))),
    },
  };
}

/** Wheel notches: the content moves with the wheel, so the finger travels against it (a quarter screen per notch). */
export const WHEEL_TRAVEL = 250;
/** A swipe shorter than this (normalized units) would not scroll reliably: refused rather than sent. */
export const MIN_WHEEL_TRAVEL = 40;

export type WheelPlan =
  | {
      ok: true;
      envelope: Envelope;
      /** Set when the swipe was shortened to stay on screen: say so. */ note: string | null;
    }
  | { ok: false; reason: string };

/**
 * The swipe for a burst of wheel notches at a pointer. Near an edge the full travel would leave the screen;
 * the swipe is then shortened explicitly (with a note for the operator), or refused when too little is left.
 */
export function wheelSwipe(p: DevicePoint, screen: ScreenSize, notches: number): WheelPlan {
  const [x, y] = normTarget(p, screen);
  const wanted = Math.round(-Math.sign(notches) * Math.min(Math.abs(notches), 3) * WHEEL_TRAVEL);
  const room = wanted > 0 ? NORMALIZED_MAX - y : y;
  const travel = Math.sign(wanted) * Math.min(Math.abs(wanted), room);
  if (Math.abs(travel) < MIN_WHEEL_TRAVEL) {
    return {
      ok: false,
      reason: `scroll refused: the pointer is ${room} of 1000 from the ${wanted > 0 ? 'bottom' : 'top'} edge, too close for a ${Math.abs(wanted)}-unit swipe`,
    };
  }
  const envelope = { tool: 'swipe', args: { start: [x, y], end: [x, y + travel], duration_ms: 300 } };
  const note =
    travel === wanted
      ? null
      : `swipe shortened from ${Math.abs(wanted)} to ${Math.abs(travel)} of 1000 to stay on screen (${wanted > 0 ? 'bottom' : 'top'} edge)`;
  return { ok: true, envelope, note };
}

export function keyEnvelope(key: DeviceKey): Envelope {
  return { tool: 'press_key', args: { key } };
}

export function textEnvelope(text: string): Envelope {
  return { tool: 'input_text', args: { text, clear_exist: false } };
}
