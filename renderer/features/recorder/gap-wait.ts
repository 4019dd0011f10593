// The wait a recording puts between two actions, so a replay waits for what the operator waited for instead of
// the recording's timing: the next action's own target becoming visible when it has one; else the change the
// previous action made on the screen (the changed node nearest to where it acted: a text, a description, a
// checked state, a node that appeared or went away); a fixed wait_for_delay only when nothing observable changed.
import type { ToolEnvelope } from '../../../shared/actions';
import type { ObservedNode } from '../../../shared/observation';
import type { Observation } from '../../../shared/ipc';
import type { RecordedCall } from './recorded-call';
import { resourceIdCounts } from './targets';

/** A replay waits this long for a recorded condition before it fails (the recording waited less). */
export const RECORDED_WAIT_TIMEOUT_MS = 10_000;
/** Gaps shorter than this need no fixed wait (the next call starts after the previous one's input ended). */
export const MIN_DELAY_MS = 100;
export const MAX_DELAY_MS = 5_000;
/**
 * A changed reading (text, description, checked) farther than this share of the screen's longer side from
 * where the previous action acted is not taken as its effect: a clock or a player elsewhere changes by itself.
 * Nodes that appeared or went away count wherever they are (a new screen).
 */
export const NEAR_SHARE = 0.15;

export interface GapInput {
  previous: RecordedCall;
  /** The screen the previous action was sent on, and the screen the next one is sent on. */
  before: Observation | null;
  now: Observation | null;
  next: RecordedCall;
  gapMs: number;
  /** Resource ids seen changing with no action (clocks, playback): never a condition. */
  unstable: ReadonlySet<string>;
}

type Condition = { state: string; expected_text?: string };

const uniqueNodes = (o: Observation): Map<string, ObservedNode> => {
  const counts = resourceIdCounts(o);
  return new Map(o.nodes.filter((n) => n.resource_id && counts.get(n.resource_id) === 1).map((n) => [n.resource_id!, n]));
};

function change(a: ObservedNode | undefined, b: ObservedNode | undefined): Condition | null {
  if (!a && b) return { state: 'visible' };
  if (a && !b) return { state: 'absent' };
  if (!a || !b) return null;
  if (b.flags.checkable && a.flags.checked !== b.flags.checked) return { state: b.flags.checked ? 'checked' : 'unchecked' };
  if (a.text !== b.text) return { state: 'text', expected_text: b.text };
  if (a.content_desc !== b.content_desc && b.content_desc !== null) return { state: 'content_desc', expected_text: b.content_desc };
  return null;
}

type Box = readonly [number, number, number, number];

/** Gap between two rectangles (0 when they touch or overlap). */
function boxDistance(a: Box, b: Box): number {
  const dx = Math.max(0, a[0] - b[2], b[0] - a[2]);
  const dy = Math.max(0, a[1] - b[3], b[1] - a[3]);
  return Math.hypot(dx, dy);
}

/** Nodes that differ between two observations with no action between them. */
export function changedIds(a: Observation, b: Observation): string[] {
  const before = uniqueNodes(a);
  const after = uniqueNodes(b);
  return [...new Set([...before.keys(), ...after.keys()])].filter((id) => change(before.get(id), after.get(id)) !== null);
}

function waitOn(resourceId: string, c: Condition): ToolEnvelope {
  return {
    tool: 'wait_until',
    args: { selector: { resource_id: resourceId }, state: c.state, ...(c.expected_text !== undefined && { expected_text: c.expected_text }), timeout_ms: RECORDED_WAIT_TIMEOUT_MS },
  };
}

export function gapWait({ previous, before, now, next, gapMs, unstable }: GapInput): ToolEnvelope | null {
  if (next.envelope.tool === 'wait_until') return null;
  if (next.semantic && next.resourceId) return waitOn(next.resourceId, { state: 'visible' });
  if (before && now) {
    const a = uniqueNodes(before);
    const b = uniqueNodes(now);
    const from: Box | null = previous.near ?? (previous.at ? [previous.at.x, previous.at.y, previous.at.x, previous.at.y] : null);
    const changes = [...new Set([...a.keys(), ...b.keys()])]
      .filter((id) => !unstable.has(id))
      .map((id) => ({ id, c: change(a.get(id), b.get(id)), node: b.get(id) ?? a.get(id)! }))
      .filter((x): x is { id: string; c: Condition; node: ObservedNode } => x.c !== null)
      .map((x) => {
        const distance = x.id === previous.resourceId ? -1 : from ? boxDistance(x.node.bounds_px, from) : Number.MAX_VALUE;
        return { ...x, distance };
      })
      .filter((x) => x.c.state === 'visible' || x.c.state === 'absent' || x.distance <= NEAR_SHARE * Math.max(now.screen.width, now.screen.height))
      .sort((x, y) => x.distance - y.distance);
    const best = changes[0];
    if (best) return waitOn(best.id, best.c);
  }
  if (gapMs < MIN_DELAY_MS) return null;
  return { tool: 'wait_for_delay', args: { time_in_ms: Math.min(MAX_DELAY_MS, Math.round(gapMs)) } };
}
