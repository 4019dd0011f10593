// Grouping consecutive document steps into one action_sequence (a panel that hides by itself needs its opener
// and its use in one burst). Each tool maps to the sequence member the seed defines for it; a tool with no
// member kind (keys, text, apps) cannot be grouped and says so. The group is checked like any step: more
// members than max_burst_actions is refused (TOO_MANY_MEMBERS) rather than split silently.
import type { ToolEnvelope } from '../../shared/actions';
import { DEFAULT_MAX_BURST_ACTIONS } from '../../shared/validation';

/** A wait_until member lasts at most this long inside a sequence (seed 000 WaitUntilStep). */
const MEMBER_WAIT_MAX_MS = 3000;

export type Grouped = { ok: true; envelope: ToolEnvelope; notes: string[] } | { ok: false; reason: string };

type Args = Record<string, unknown>;
const omit = (a: Args, key: string): Args => Object.fromEntries(Object.entries(a).filter(([k]) => k !== key));

type Member = { ok: true; members: Args[]; note?: string } | { ok: false; reason: string };

function member(e: ToolEnvelope, n: number): Member {
  const a = e.args as Args;
  switch (e.tool) {
    case 'action_sequence':
      if ((a.feedback ?? null) !== null)
        return { ok: false, reason: `step ${n}: a sequence with its own feedback cannot be merged` };
      return { ok: true, members: (a.steps as Args[]) ?? [] };
    case 'click': {
      const id = typeof a.expected_resource_id === 'string' ? a.expected_resource_id : null;
      return {
        ok: true,
        members: [
          {
            action: 'click',
            ...omit(a, 'expected_resource_id'),
            coordinate_space: 'normalized',
            target_description: id ?? 'click',
          },
        ],
      };
    }
    case 'drag': {
      if ((a.feedback ?? null) !== null)
        return { ok: false, reason: `step ${n}: a drag member cannot carry feedback (put it on the sequence)` };
      return { ok: true, members: [{ action: 'drag', ...omit(a, 'feedback') }] };
    }
    case 'wait_for_delay':
      return { ok: true, members: [{ action: 'wait', time_in_ms: a.time_in_ms }] };
    case 'wait_until': {
      const timeout = typeof a.timeout_ms === 'number' ? a.timeout_ms : MEMBER_WAIT_MAX_MS;
      const shortened = timeout > MEMBER_WAIT_MAX_MS;
      return {
        ok: true,
        members: [{ action: 'wait_until', ...a, timeout_ms: Math.min(timeout, MEMBER_WAIT_MAX_MS) }],
        ...(shortened && {
          note: `step ${n}: wait_until timeout ${timeout} ms shortened to ${MEMBER_WAIT_MAX_MS} ms, a sequence member's longest`,
        }),
      };
    }
    case 'control_action':
      return { ok: true, members: [{ action: 'control_action', request: a }] };
    case 'pinch':
    case 'touch_gesture':
      return { ok: true, members: [{ action: e.tool, ...a }] };
    default:
      return { ok: false, reason: `step ${n}: ${e.tool} has no action_sequence member kind` };
  }
}

/** `first` is the 1-based number of the first step (for messages). */
export function groupSteps(
  envelopes: readonly ToolEnvelope[],
  first: number,
  maxBurstActions = DEFAULT_MAX_BURST_ACTIONS,
): Grouped {
  if (envelopes.length < 2) return { ok: false, reason: 'select two or more consecutive steps to group' };
  const members: Args[] = [];
  const notes: string[] = [];
  for (const [i, e] of envelopes.entries()) {
    const m = member(e, first + i);
    if (!m.ok) return m;
    members.push(...m.members);
    if (m.note) notes.push(m.note);
  }
  if (members.length > maxBurstActions) {
    return {
      ok: false,
      reason: `TOO_MANY_MEMBERS: ${members.length} members, max_burst_actions is ${maxBurstActions}`,
    };
  }
  return { ok: true, envelope: { tool: 'action_sequence', args: { steps: members } }, notes };
}
