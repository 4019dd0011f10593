// What a call needs from the device, judged on its plan before anything runs: injection capabilities from the
// contacts the plan is sent as (taps go one contact at a time, so one finger suffices, in a sequence member
// too), native ones from the helper-backed tools.
// The capability names are the helper protocol's (shared/helper-protocol) plus the input backends' inject.*.
import type { ActionCall, Step } from '../actions';
import { tactileError, type TactileError } from '../errors';
import { planContacts, type DispatchPlan, type PointerStroke } from '../gesture';
import { actionCapability, type Capability } from '../helper-protocol';

export type InjectCapability = 'inject.single_pointer' | 'inject.multi_pointer';

/** Several fingers, or one finger through more than one segment (hold-then-drag): needs timed injection. */
export function needsMultiPointer(strokes: readonly PointerStroke[]): boolean {
  return strokes.length > 1 || strokes.some((s) => s.keyframes.length > 2);
}

export function requiredCapability(strokes: readonly PointerStroke[]): InjectCapability {
  return needsMultiPointer(strokes) ? 'inject.multi_pointer' : 'inject.single_pointer';
}

/** What sending a plan needs: judged per contact, as the plan is sent (repeated taps are one finger each). */
function planCapability(plan: DispatchPlan): InjectCapability {
  return planContacts(plan).some(needsMultiPointer) ? 'inject.multi_pointer' : 'inject.single_pointer';
}

type Need = { capability: Capability; path: Array<string | number> };

function stepNeeds(step: Step, plan: DispatchPlan | undefined, base: Array<string | number>): Need[] {
  const needs: Need[] = [];
  if (plan && plan.pointers.length > 0) needs.push({ capability: planCapability(plan), path: base });
  if (step.action === 'control_action') {
    needs.push({ capability: 'read_control', path: [...base, 'request'] }, { capability: actionCapability(step.request.action), path: [...base, 'request', 'action'] });
  }
  if (step.action === 'wait_until') needs.push({ capability: 'probe', path: base });
  return needs;
}

export function callNeeds(call: ActionCall, plan: DispatchPlan): Need[] {
  const args = ['args'];
  const needs: Need[] = [];
  if (plan.pointers.length > 0) needs.push({ capability: planCapability(plan), path: [] });
  switch (call.tool) {
    case 'action_sequence':
      call.args.steps.forEach((s, i) => needs.push(...stepNeeds(s, plan.members?.[i], ['args', 'steps', i])));
      if (call.args.feedback) needs.push({ capability: 'read_control', path: ['args', 'feedback'] });
      break;
    case 'drag':
      if (call.args.feedback) needs.push({ capability: 'read_control', path: ['args', 'feedback'] });
      break;
    case 'read_control':
      needs.push({ capability: 'read_control', path: args });
      break;
    case 'control_action':
      needs.push({ capability: 'read_control', path: args }, { capability: actionCapability(call.args.action), path: ['args', 'action'] });
      break;
    case 'wait_until':
      needs.push({ capability: 'probe', path: args });
      break;
    case 'scroll_to':
      needs.push({ capability: 'probe', path: args }, { capability: actionCapability(`scroll_${call.args.direction}`), path: ['args', 'direction'] });
      break;
    default:
  }
  return needs;
}

/** CAPABILITY_UNAVAILABLE for every need the device's capabilities do not cover, at the path that needs it. */
export function missingCapabilities(call: ActionCall, plan: DispatchPlan, have: readonly string[]): TactileError[] {
  const set = new Set(have);
  return callNeeds(call, plan)
    .filter((n) => !set.has(n.capability))
    .map((n) => tactileError('CAPABILITY_UNAVAILABLE', n.path, `this device's backend lacks ${n.capability}`));
}
