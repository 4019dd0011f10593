// Group control sends one call to devices with different screens, so only normalized coordinates travel
// (main refuses pixel ones per device): a manual call made in the pixels of the device in view is restated in
// normalized 0..1000 through shared/geometry's one pixel→normalized rounding. Calls without coordinates pass.
import type { ToolEnvelope } from '../../../shared/actions';
import { devicePoint, devicePointToNormTarget, type ScreenSize } from '../../../shared/geometry';

type Args = Record<string, unknown>;
const isPoint = (v: unknown): v is [number, number] =>
  Array.isArray(v) && v.length === 2 && v.every((n) => typeof n === 'number');

export type Normalized = { ok: true; envelope: ToolEnvelope } | { ok: false; reason: string };

function norm(p: unknown, screen: ScreenSize): [number, number] | unknown {
  return isPoint(p) ? devicePointToNormTarget(devicePoint(p[0], p[1]), screen) : p;
}

function pixelArgs(a: Args, screen: ScreenSize, keys: readonly string[]): Args {
  const out: Args = { ...a, coordinate_space: 'normalized' };
  for (const k of keys) if (k in a) out[k] = norm(a[k], screen);
  return out;
}

export function normalizedCall(envelope: ToolEnvelope, screen: ScreenSize): Normalized {
  const a = envelope.args;
  if (a.coordinate_space !== 'pixel' && envelope.tool !== 'action_sequence') return { ok: true, envelope };
  switch (envelope.tool) {
    case 'drag':
      if ((a.calibration ?? null) !== null || (a.region ?? null) !== null)
        return { ok: false, reason: 'a calibrated or region-bound drag is tied to this screen' };
      return { ok: true, envelope: { tool: 'drag', args: pixelArgs(a, screen, ['start', 'end']) } };
    case 'touch_gesture': {
      const frames = (a.frames as Array<{ at_ms: number; points: unknown[] }>).map((f) => ({
        ...f,
        points: f.points.map((p) => norm(p, screen)),
      }));
      return { ok: true, envelope: { tool: 'touch_gesture', args: { ...a, coordinate_space: 'normalized', frames } } };
    }
    case 'action_sequence': {
      const steps = (a.steps as Args[]).map((m) =>
        m.action === 'click' && m.coordinate_space === 'pixel' ? pixelArgs(m, screen, ['target']) : m,
      );
      if (steps.some((m) => m.coordinate_space === 'pixel'))
        return { ok: false, reason: 'only taps in a sequence are restated in normalized coordinates' };
      return { ok: true, envelope: { tool: 'action_sequence', args: { ...a, steps } } };
    }
    default:
      return { ok: false, reason: `${envelope.tool} in pixel coordinates cannot be sent to a group` };
  }
}
