// The wait a recording puts between two actions, so a replay waits for what the operator waited for instead of
// the recording's timing: the next action's own target becoming visible when it has one; else the change the
// previous action made on the screen (the changed node nearest to where it acted: a text, a description, a
// checked state, a node that appeared or went away — nodes known by a unique resource id, or by a unique text or
// description when they have no id, as a launcher's icons); only when nothing observable changed, a short fixed
// delay (the operator's pause was their own, not the app's).
import type { ToolEnvelope } from '../../../shared/actions';
import type { ObservedNode } from '../../../shared/observation';
import type { Observation } from '../../../shared/ipc';
import type { RecordedCall } from './recorded-call';
import { resourceIdCounts } from './targets';

/** A replay waits this long for a recorded condition before it fails (the recording waited less). */
export const RECORDED_WAIT_TIMEOUT_MS = 10_000;
/** Gaps shorter than this need no fixed wait (the next call starts after the previous one's input ended). */
export const MIN_DELAY_MS = 100;
/** A pause with no change on the screen replays as at most this: a moment for animations nobody can observe. */
export const MAX_DELAY_MS = 500;
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
type Selector = { resource_id: string } | { text: string } | { content_desc: string };
type Known = { node: ObservedNode; selector: Selector };

const counted = (values: Array<string | null>) => {
  const counts = new Map<string, number>();
  for (const v of values) if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
  return counts;
};

/** The status bar and the shade: another vendor's on every device, and not what an app's flow waits for. */
const SYSTEM_UI = 'com.android.systemui';

/**
 * Nodes a replay can find again, by key: `id:` a unique resource id; for a node without one, `text:` a unique
 * text or `desc:` a unique description (then only appearing and going away are changes: the words are the key).
 * System UI nodes are never conditions.
 */
const uniqueNodes = (o: Observation): Map<string, Known> => {
  const ids = resourceIdCounts(o);
  const texts = counted(o.nodes.map((n) => n.text));
  const descs = counted(o.nodes.map((n) => n.content_desc));
  const known = new Map<string, Known>();
  for (const n of o.nodes) {
    if (n.package_name === SYSTEM_UI) continue;
    if (n.resource_id && ids.get(n.resource_id) === 1)
      known.set(`id:${n.resource_id}`, { node: n, selector: { resource_id: n.resource_id } });
    else if (n.resource_id) continue;
    else if (n.text !== '' && texts.get(n.text) === 1)
      known.set(`text:${n.text}`, { node: n, selector: { text: n.text } });
    else if (n.content_desc && descs.get(n.content_desc) === 1)
      known.set(`desc:${n.content_desc}`, { node: n, selector: { content_desc: n.content_desc } });
  }
  return known;
};

function change(ka: Known | undefined, kb: Known | undefined): Condition | null {
  if (!ka && kb) return { state: 'visible' };
  if (ka && !kb) return { state: 'absent' };
  if (!ka || !kb) return null;
  const a = ka.node;
  const b = kb.node;
  if (b.flags.checkable && a.flags.checked !== b.flags.checked)
    return { state: b.flags.checked ? 'checked' : 'unchecked' };
  if (a.text !== b.text) return { state: 'text', expected_text: b.text };
  if (a.content_desc !== b.content_desc && b.content_desc !== null)
    return { state: 'content_desc', expected_text: b.content_desc };
  return null;
}

type Box = readonly [number, number, number, number];

/** Gap between two rectangles (0 when they touch or overlap). */
function boxDistance(a: Box, b: Box): number {
  const dx = Math.max(0, a[0] - b[2], b[0] - a[2]);
  const dy = Math.max(0, a[1] - b[3], b[1] - a[3]);
  return Math.hypot(dx, dy);
}

/** Keys (see uniqueNodes) of nodes that differ between two observations with no action between them. */
export function changedIds(a: Observation, b: Observation): string[] {
  const before = uniqueNodes(a);
  const after = uniqueNodes(b);
  return [...new Set([...before.keys(), ...after.keys()])].filter(
    (id) => change(before.get(id), after.get(id)) !== null,
  );
}

function waitOn(selector: Selector, c: Condition): ToolEnvelope {
  return {
    tool: 'wait_until',
    args: {
      selector,
      state: c.state,
      ...(c.expected_text !== undefined && { expected_text: c.expected_text }),
      timeout_ms: RECORDED_WAIT_TIMEOUT_MS,
    },
  };
}

/** What appeared is the surest sign of a new screen; a node that went away the weakest. Ids before words. */
const RANK: Record<string, number> = { visible: 0, absent: 2 };

export function gapWait({ previous, before, now, next, gapMs, unstable }: GapInput): ToolEnvelope | null {
  if (next.envelope.tool === 'wait_until') return null;
  if (next.semantic && next.resourceId) return waitOn({ resource_id: next.resourceId }, { state: 'visible' });
  if (before && now) {
    const a = uniqueNodes(before);
    const b = uniqueNodes(now);
    const from: Box | null =
      previous.near ?? (previous.at ? [previous.at.x, previous.at.y, previous.at.x, previous.at.y] : null);
    // Words that changed in place (a clock without an id) are not a node that came or went: only a node at a
    // place the other screen had nothing of its kind counts.
    const inPlace = (o: Observation, n: ObservedNode) =>
      o.nodes.some((m) => m.class_name === n.class_name && m.bounds_px.every((v, i) => v === n.bounds_px[i]));
    const changes = [...new Set([...a.keys(), ...b.keys()])]
      .filter((id) => !unstable.has(id))
      .filter(
        (id) =>
          id.startsWith('id:') || (b.has(id) ? !inPlace(before, b.get(id)!.node) : !inPlace(now, a.get(id)!.node)),
      )
      .map((id) => ({ id, c: change(a.get(id), b.get(id)), known: b.get(id) ?? a.get(id)! }))
      .filter((x): x is { id: string; c: Condition; known: Known } => x.c !== null)
      .map((x) => {
        const distance =
          x.id === `id:${previous.resourceId}`
            ? -1
            : from
              ? boxDistance(x.known.node.bounds_px, from)
              : Number.MAX_VALUE;
        return { ...x, distance };
      })
      .filter(
        (x) =>
          x.c.state === 'visible' ||
          x.c.state === 'absent' ||
          x.distance <= NEAR_SHARE * Math.max(now.screen.width, now.screen.height),
      )
      .sort(
        (x, y) =>
          x.distance - y.distance ||
          (RANK[x.c.state] ?? 1) - (RANK[y.c.state] ?? 1) ||
          Number(!x.id.startsWith('id:')) - Number(!y.id.startsWith('id:')),
      );
    const best = changes[0];
    if (best) return waitOn(best.known.selector, best.c);
  }
  if (gapMs < MIN_DELAY_MS) return null;
  return { tool: 'wait_for_delay', args: { time_in_ms: Math.min(MAX_DELAY_MS, Math.round(gapMs)) } };
}
