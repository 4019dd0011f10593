// shared/validation: the one gate before any input. validateToolCall runs, in order, the request's depth and
// size bounds (INVALID_ARGUMENT at path "", shared/limits), a `__proto__` key anywhere (refused at its path:
// zod's record copies would drop it silently), the envelope shape
// (INVALID_ARGUMENT, path "" for a non-object), the tool's schema (UNKNOWN_TOOL, INVALID_ARGUMENT) and the
// semantic checks (semantic.ts, plus the sequence argument-stream guard on the args as received), and returns
// every error of the first stage that fails. Main runs it before
// dispatch and the renderer on every preview; both get the same answer for the same screen.
import { parseEnvelope, parseToolArgs, type ActionCall } from '../actions';
import type { ScreenSize } from '../geometry';
import { checkValueBounds } from '../limits/json-bounds';
import { refuseProtoKey } from '../limits/proto-key';
import type { TactileError } from '../errors';
import { checkSemantics } from './semantic';
import { checkArgumentStream } from './sequence';

export type { TactileError } from '../errors';
export { checkSerial } from './serial';

/** max_burst_actions when the task sets none: ten members, waits included. */
export const DEFAULT_MAX_BURST_ACTIONS = 10;

export interface ValidationContext {
  /** Device display size in pixels; enables the pixel-exact checks. */
  screen?: ScreenSize;
  /** The task's pro.execution.max_burst_actions. */
  maxBurstActions?: number;
}

export type ValidationResult = { ok: true; call: ActionCall } | { ok: false; errors: TactileError[] };

export function validateToolCall(envelope: unknown, ctx: ValidationContext = {}): ValidationResult {
  const { screen, maxBurstActions = DEFAULT_MAX_BURST_ACTIONS } = ctx;
  if (
    screen !== undefined &&
    !(Number.isInteger(screen.width) && Number.isInteger(screen.height) && screen.width >= 1 && screen.height >= 1)
  ) {
    throw new RangeError(`screen must be positive integer pixels, got ${screen.width}×${screen.height}`);
  }
  // Depth and size first: everything after this recurses into the envelope.
  const unbounded = checkValueBounds(envelope);
  if (unbounded !== null) return { ok: false, errors: [unbounded] };
  const proto = refuseProtoKey(envelope);
  if (proto !== null) return { ok: false, errors: [proto] };
  const env = parseEnvelope(envelope);
  if (!env.ok) return env;
  const parsed = parseToolArgs(env.envelope.tool, env.envelope.args);
  if (!parsed.ok) return parsed;
  const errors = checkSemantics(parsed.call, { screen, maxBurstActions });
  if (parsed.call.tool === 'action_sequence') {
    const tooLong = checkArgumentStream(env.envelope.args);
    if (tooLong !== null) errors.push(tooLong);
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, call: parsed.call };
}
