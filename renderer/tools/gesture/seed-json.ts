// Import and export of a gesture as the seed's call JSON, `{"tool":"touch_gesture","args":{…}}` (what
// `tactile validate FILE` reads). Import takes any call whose frames the editor can draw — one that would be
// refused (times out of order, a finger off the screen) is imported as written and painted, never repaired;
// only text that is not such a call is refused, with the reason.
import { isGestureEnvelope, type GestureEnvelope } from './model';

export type Imported = { ok: true; envelope: GestureEnvelope } | { ok: false; reason: string };

const isPoint = (p: unknown): p is [number, number] =>
  Array.isArray(p) && p.length === 2 && p.every((v) => typeof v === 'number' && Number.isFinite(v));

export function importGesture(text: string): Imported {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: `not JSON: ${(error as Error).message}` };
  }
  if (typeof value !== 'object' || value === null)
    return { ok: false, reason: 'expected {"tool":"touch_gesture","args":{…}}' };
  const v = value as { tool?: unknown; args?: unknown };
  if (v.tool !== 'touch_gesture')
    return { ok: false, reason: `expected tool "touch_gesture", got ${JSON.stringify(v.tool ?? null)}` };
  if (typeof v.args !== 'object' || v.args === null) return { ok: false, reason: 'args must be an object' };
  const args = v.args as Record<string, unknown>;
  const envelope = { tool: 'touch_gesture' as const, args } as unknown as GestureEnvelope;
  if (!isGestureEnvelope(envelope)) return { ok: false, reason: 'args.frames must be a list of {at_ms, points}' };
  const frames = envelope.args.frames;
  if (frames.length === 0) return { ok: false, reason: 'args.frames is empty' };
  for (let i = 0; i < frames.length; i++) {
    const f = frames[i]!;
    if (typeof f.at_ms !== 'number' || !f.points.every(isPoint))
      return { ok: false, reason: `args.frames[${i}] needs a numeric at_ms and [x, y] points` };
  }
  // The editor keeps whatever else the call carries; a missing description gets the editor's own.
  const described =
    typeof args.target_description === 'string'
      ? args
      : { ...args, target_description: 'gesture imported in the editor' };
  return {
    ok: true,
    envelope: {
      tool: 'touch_gesture',
      args: { coordinate_space: 'normalized', ...described } as GestureEnvelope['args'],
    },
  };
}

/** The call as the seed writes it, pretty-printed; exactly the args that are sent. */
export function exportGesture(envelope: GestureEnvelope): string {
  return `${JSON.stringify({ tool: envelope.tool, args: envelope.args }, null, 2)}\n`;
}
