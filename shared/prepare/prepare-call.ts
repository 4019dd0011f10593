// The one prepare step between a `{tool, args}` call and input: schema, semantics (against the live screen),
// dispatch plan and the device's capabilities, in that order, in one pass. The executor's pipeline runs it once
// per call and dispatches exactly the plan it returns; every renderer preview runs the same function, so a
// preview shows what would be dispatched and refuses what the executor would refuse, with the same issues.
import type { ActionCall } from '../actions';
import type { TactileError } from '../errors';
import type { ScreenSize } from '../geometry';
import { planValidatedCall, type DispatchPlan } from '../gesture';
import { validateToolCall } from '../validation';
import { missingCapabilities } from './capabilities';

export interface PrepareOptions {
  /** The task's pro.execution.max_burst_actions (validateToolCall's default when absent). */
  maxBurstActions?: number;
}

export type Prepared =
  /** Ready to dispatch: the parsed call (defaults filled in) and the strokes it sends, in device pixels. */
  | { ok: true; call: ActionCall; plan: DispatchPlan }
  /**
   * Refused before any input, every issue of the first stage that failed (stable code, JSON Pointer path,
   * message). `plan` is present when only the device's capabilities refused it (the plan itself was sound).
   */
  | { ok: false; issues: TactileError[]; plan?: DispatchPlan };

/**
 * Prepares one call for dispatch on a screen of `screen` device pixels.
 * @param call the `{tool, args}` envelope as received (unknown: it is parsed here).
 * @param screen the device's current display size in pixels (rotation applied).
 * @param capabilities what the device can do now (helper capabilities plus the input backend's inject.*);
 *   null when unknown (a preview before the device answered): the capability stage is then skipped.
 */
export function prepareCall(
  call: unknown,
  screen: ScreenSize,
  capabilities: readonly string[] | null,
  options: PrepareOptions = {},
): Prepared {
  const valid = validateToolCall(call, { screen, maxBurstActions: options.maxBurstActions });
  if (!valid.ok) return { ok: false, issues: valid.errors };
  const planned = planValidatedCall(valid.call, screen);
  if (!planned.ok) return { ok: false, issues: planned.errors };
  if (capabilities !== null) {
    const missing = missingCapabilities(valid.call, planned.plan, capabilities);
    if (missing.length > 0) return { ok: false, issues: missing, plan: planned.plan };
  }
  return { ok: true, call: valid.call, plan: planned.plan };
}
