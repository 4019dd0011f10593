// What a call needs from the device, checked before anything runs, and which tools a device offers.
// Native reads/writes need the helper's capabilities; gestures need the backend's injection capability.
import type { ActionCall, Step, ToolName } from '../../shared/actions';
import { TOOL_NAMES } from '../../shared/actions';
import type { DispatchPlan } from '../../shared/gesture';
import type { Capability } from '../../shared/helper-protocol';
import { actionCapability } from '../../shared/helper-protocol';
import { tactileError, type TactileError } from '../../shared/errors';
import type { HelperChannel } from '../helper/helper-channel';
import { requiredCapability, type InputBackend } from '../input/input-backend';

/** Native capabilities from the helper; injection only from the operation's input backend. */
export function deviceCapabilities(native: HelperChannel | null, input: InputBackend): string[] {
  const nativeOnly = (native?.info.capabilities ?? []).filter((c) => !c.startsWith('inject.'));
  return [...new Set([...nativeOnly, ...input.capabilities])];
}

type Need = { capability: Capability; path: Array<string | number> };

function stepNeeds(step: Step, plan: DispatchPlan | undefined, base: Array<string | number>): Need[] {
  const needs: Need[] = [];
  if (plan && plan.pointers.length > 0) needs.push({ capability: requiredCapability(plan.pointers), path: base });
  if (step.action === 'control_action') {
    needs.push({ capability: 'read_control', path: [...base, 'request'] }, { capability: actionCapability(step.request.action), path: [...base, 'request', 'action'] });
  }
  if (step.action === 'wait_until') needs.push({ capability: 'probe', path: base });
  return needs;
}

export function callNeeds(call: ActionCall, plan: DispatchPlan): Need[] {
  const args = ['args'];
  const needs: Need[] = [];
  // Taps are sent one contact at a time; every other tool's strokes form one contact.
  const tapping = call.tool === 'click' || call.tool === 'click_sequence' || call.tool === 'input_text' || call.tool === 'focus_and_clear_text';
  if (plan.pointers.length > 0) needs.push({ capability: tapping ? 'inject.single_pointer' : requiredCapability(plan.pointers), path: [] });
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

export function missingCapabilities(call: ActionCall, plan: DispatchPlan, have: readonly string[]): TactileError[] {
  const set = new Set(have);
  return callNeeds(call, plan)
    .filter((n) => !set.has(n.capability))
    .map((n) => tactileError('CAPABILITY_UNAVAILABLE', n.path, `this device's backend lacks ${n.capability}`));
}

const TOOL_NEEDS: Partial<Record<ToolName, Capability>> = {
  pinch: 'inject.multi_pointer',
  touch_gesture: 'inject.multi_pointer',
  read_control: 'read_control',
  control_action: 'read_control',
  wait_until: 'probe',
  scroll_to: 'probe',
};

/** The tools a device with these capabilities can run (a tool it cannot do is not offered). */
export function offeredTools(have: readonly string[]): ToolName[] {
  return TOOL_NAMES.filter((t) => {
    const need = TOOL_NEEDS[t];
    return need === undefined || have.includes(need);
  });
}
