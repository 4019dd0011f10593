// What a call needs from the device, judged on its plan before anything runs: injection capabilities from the
// contacts the plan is sent as (taps go one contact at a time, so one finger suffices, in a sequence member
// too), native ones from the helper-backed tools.
// The capability names are the helper protocol's (shared/helper-protocol) plus the input backends' inject.*;
// inject.hold (a finger resting where it arrived before it lifts) is the backends' own: the helper and scrcpy
// send timed events and have it, `adb shell input swipe` cannot rest and has not.
import type { ActionCall, Step } from '../actions';
import { tactileError, type TactileError } from '../errors';
import { planContacts, type DispatchPlan, type PointerStroke } from '../gesture';
import { actionCapability, type Capability } from '../helper-protocol';

export type InjectCapability = 'inject.single_pointer' | 'inject.multi_pointer' | 'inject.hold';

const samePlace = (a: { x: number; y: number }, b: { x: number; y: number }) => a.x === b.x && a.y === b.y;

/** A stroke's keyframes without the rest at its end: the finger staying where it arrived is no segment of its own. */
function movingKeyframes(stroke: PointerStroke): PointerStroke['keyframes'] {
  const k = stroke.keyframes;
  let end = k.length;
  while (end > 2 && samePlace(k[end - 1]!, k[end - 2]!)) end--;
  return k.slice(0, end);
}

/**
 * Several fingers, or one finger through more than one segment (hold-then-drag, a lead past the slop): needs
 * timed multi-segment injection (API 26 on the helper). A rest at the end of the one move is the same pointer held
 * where it arrived, not a second segment: a one-finger drag is a single pointer (it needs inject.hold, below).
 */
export function needsMultiPointer(strokes: readonly PointerStroke[]): boolean {
  return strokes.length > 1 || strokes.some((s) => movingKeyframes(s).length > 2);
}

/** One finger that rests where its move ended before it lifts: a backend must hold it down (not `input swipe`). */
export function needsHold(strokes: readonly PointerStroke[]): boolean {
  return strokes.some((s) => movingKeyframes(s).length < s.keyframes.length);
}

export function requiredCapability(strokes: readonly PointerStroke[]): InjectCapability {
  return needsMultiPointer(strokes) ? 'inject.multi_pointer' : 'inject.single_pointer';
}

/** What sending one contact needs: multi-segment or multi-finger, else one finger (held at its end, or not). */
export function contactCapabilities(strokes: readonly PointerStroke[]): InjectCapability[] {
  if (needsMultiPointer(strokes)) return ['inject.multi_pointer'];
  return needsHold(strokes) ? ['inject.single_pointer', 'inject.hold'] : ['inject.single_pointer'];
}

/** A backend that injects several timed segments can hold a finger too: multi_pointer implies hold. */
export function withImpliedCapabilities(have: readonly string[]): Set<string> {
  const set = new Set(have);
  if (set.has('inject.multi_pointer')) set.add('inject.hold');
  return set;
}

/** What sending a plan needs: judged per contact, as the plan is sent (repeated taps are one finger each). */
function planCapabilities(plan: DispatchPlan): InjectCapability[] {
  const needs = new Set(planContacts(plan).flatMap(contactCapabilities));
  // Multi-pointer sending covers the single-finger contacts beside it.
  if (needs.has('inject.multi_pointer')) return ['inject.multi_pointer'];
  return [...needs];
}

type Need = { capability: Capability | InjectCapability; path: Array<string | number> };

function stepNeeds(step: Step, plan: DispatchPlan | undefined, base: Array<string | number>): Need[] {
  const needs: Need[] = [];
  if (plan && plan.pointers.length > 0)
    needs.push(...planCapabilities(plan).map((capability) => ({ capability, path: base })));
  if (step.action === 'control_action') {
    needs.push(
      { capability: 'read_control', path: [...base, 'request'] },
      { capability: actionCapability(step.request.action), path: [...base, 'request', 'action'] },
    );
  }
  if (step.action === 'wait_until') needs.push({ capability: 'probe', path: base });
  return needs;
}

export function callNeeds(call: ActionCall, plan: DispatchPlan): Need[] {
  const args = ['args'];
  const needs: Need[] = [];
  if (plan.pointers.length > 0) needs.push(...planCapabilities(plan).map((capability) => ({ capability, path: [] })));
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
      needs.push(
        { capability: 'read_control', path: args },
        { capability: actionCapability(call.args.action), path: ['args', 'action'] },
      );
      break;
    case 'wait_until':
      needs.push({ capability: 'probe', path: args });
      break;
    case 'scroll_to':
      needs.push(
        { capability: 'probe', path: args },
        { capability: actionCapability(`scroll_${call.args.direction}`), path: ['args', 'direction'] },
      );
      break;
    default:
  }
  return needs;
}

/** CAPABILITY_UNAVAILABLE for every need the device's capabilities do not cover, at the path that needs it. */
export function missingCapabilities(call: ActionCall, plan: DispatchPlan, have: readonly string[]): TactileError[] {
  const set = withImpliedCapabilities(have);
  return callNeeds(call, plan)
    .filter((n) => !set.has(n.capability))
    .map((n) => tactileError('CAPABILITY_UNAVAILABLE', n.path, `this device's backend lacks ${n.capability}`));
}
