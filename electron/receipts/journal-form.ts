// The receipt as the journal keeps it and as events announce it to every client: one line of at most
// MAX_JOURNAL_LINE_BYTES (64 KiB), whatever the operation carried. The caller of the executor gets the receipt
// in full; the journal keeps, of everything long, its size and hash:
//  - node trees (observe_screen, get_ui_hierarchy: 1.15 MB a line for the lab's 2,000-node Grid) go to the
//    evidence store when one is given (`keepTree`), and the observation keeps an OmittedValue of its nodes that
//    names the stored tree; without a store the marker alone stays;
//  - the screenshot image is dropped (take_screenshot / observe_screen keep its hash; the image went to the
//    caller only);
//  - every other copy of a long value is capped like the arguments (stored-args.ts): args, the seed-004 result,
//    the plan, the observations, the action envelope's target, the text and content description of control
//    readings (input_text kept 527 KB of text again in action_envelope and control.text), long messages;
//  - if the line is still over the limit (a sequence of long drags reports every event time of every member),
//    the largest opaque fields are omitted whole, then the members' per-event times, then their details.
import { createHash } from 'node:crypto';
import { helperTree } from '../../shared/evidence/helper-tree';
import type { ObservedTree } from '../../shared/observation';
import type { OmittedValue } from '../../shared/receipts/omitted';
import type { MemberReceipt, Receipt } from '../../shared/receipts/receipt';
import { omitted, storedArgs, VALUE_CAP_BYTES, withStoredArgs } from './stored-args';

export const MAX_JOURNAL_LINE_BYTES = 64 * 1024;
/** A message longer than this keeps its beginning and says how much was cut. */
const MESSAGE_CAP_CHARS = 4096;

/** Stores a node tree; returns its evidence blob's SHA-256 (null when it could not be stored). */
export type TreeKeeper = (tree: ObservedTree, receipt: Receipt) => string | null;

const lineBytes = (r: Receipt) => Buffer.byteLength(JSON.stringify(r), 'utf8') + 1;
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

type Observation = Record<string, unknown> & { nodes?: unknown };

/** The ObservedTree an observation carries: a uiautomator tree (screen + nodes) or the helper's DeviceState. */
function treeOf(o: Observation): ObservedTree | null {
  if (!Array.isArray(o.nodes)) return null;
  try {
    if (o['source'] === 'helper' && typeof o['display'] === 'object' && Array.isArray(o['windows'])) {
      return helperTree(o as unknown as Parameters<typeof helperTree>[0]);
    }
    const screen = o['screen'] as ObservedTree['screen'] | undefined;
    if (screen === undefined) return null;
    return {
      screen,
      rotation: (o['rotation'] as ObservedTree['rotation'] | undefined) ?? 0,
      nodes: o.nodes as ObservedTree['nodes'],
    };
  } catch {
    return null;
  }
}

/** An observation with its node list replaced by a marker (naming the stored tree), and the rest capped. */
function storedObservation(value: unknown, receipt: Receipt, keep: TreeKeeper | undefined): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return storedArgs(value);
  const o = value as Observation;
  let nodes: unknown = o.nodes;
  if (Array.isArray(o.nodes)) {
    const text = JSON.stringify(o.nodes);
    if (Buffer.byteLength(text, 'utf8') > VALUE_CAP_BYTES) {
      const tree = keep ? treeOf(o) : null;
      const stored = tree && keep ? keep(tree, receipt) : null;
      const marker: OmittedValue = {
        ...omitted(o.nodes, text),
        count: o.nodes.length,
        ...(stored && { evidence: { kind: 'tree' as const, sha256: stored } }),
      };
      nodes = marker;
    }
  }
  const image = o['image'] as { png_base64?: string } | undefined;
  const rest: Observation = { ...o, ...(o.nodes !== undefined && { nodes }) };
  if (image?.png_base64 !== undefined) {
    const { png_base64: _dropped, ...kept } = image;
    rest['image'] = kept;
  }
  return storedArgs(rest);
}

/** A long text of a typed field: kept when short, else its omission marker (control readings). */
function storedText<T extends string | OmittedValue | null>(text: T): T | OmittedValue {
  if (
    typeof text !== 'string' ||
    text.length * 3 <= VALUE_CAP_BYTES ||
    Buffer.byteLength(text, 'utf8') <= VALUE_CAP_BYTES
  )
    return text;
  return omitted(text, JSON.stringify(text));
}

function storedMessage(message: string | null, cap = MESSAGE_CAP_CHARS): string | null {
  if (message === null || message.length <= cap) return message;
  return `${message.slice(0, cap)}… (${message.length - cap} more characters, sha256 ${sha256(message)})`;
}

type Reading = NonNullable<Receipt['control']>;
const storedReading = (r: Reading | undefined): Reading | undefined =>
  r === undefined ? undefined : { ...r, text: storedText(r.text), content_desc: storedText(r.content_desc) };

type Outcome = Pick<Receipt, 'control' | 'control_before' | 'message' | 'plan'>;
function storedOutcome<T extends Outcome>(r: T): T {
  const out = { ...r, message: storedMessage(r.message) };
  if (r.control !== undefined) out.control = storedReading(r.control);
  if (r.control_before !== undefined) out.control_before = storedReading(r.control_before);
  if (r.plan !== undefined) out.plan = storedArgs(r.plan);
  return out;
}

/** The receipt as the journal keeps it; `keepTree` stores node trees in the evidence store. */
export function journalForm(receipt: Receipt, keepTree?: TreeKeeper): Receipt {
  let r: Receipt = storedOutcome(withStoredArgs(receipt));
  if (r.result !== undefined) r = { ...r, result: storedArgs(r.result) };
  if (r.observation_before !== undefined)
    r = { ...r, observation_before: storedObservation(r.observation_before, receipt, keepTree) };
  if (r.observation_after !== undefined)
    r = { ...r, observation_after: storedObservation(r.observation_after, receipt, keepTree) };
  if (r.action_envelope !== undefined) {
    const { selector, resolved } = r.action_envelope.target;
    r = {
      ...r,
      action_envelope: {
        ...r.action_envelope,
        target: { selector: storedArgs(selector), ...(resolved !== undefined && { resolved: storedArgs(resolved) }) },
      },
    };
  }
  if (r.members !== undefined) r = { ...r, members: r.members.map((m) => storedOutcome(m)) };
  return lineBytes(r) <= MAX_JOURNAL_LINE_BYTES ? r : shrink(r);
}

const OPAQUE = ['observation_before', 'observation_after', 'result', 'plan', 'args'] as const;
const MEMBER_DETAILS = [
  'plan',
  'scrolls',
  'control',
  'control_before',
  'calibration',
  'drag_profile',
  'ensure_state',
] as const;

/** Over the line limit after the caps: the largest things go whole, in an order that keeps the outcome. */
function shrink(receipt: Receipt): Receipt {
  let r = { ...receipt } as Receipt & Record<string, unknown>;
  // 1. Opaque fields, largest first, become markers.
  const opaque = OPAQUE.filter((k) => r[k] !== undefined).sort(
    (a, b) => JSON.stringify(r[b]).length - JSON.stringify(r[a]).length,
  );
  for (const key of opaque) {
    if (lineBytes(r) <= MAX_JOURNAL_LINE_BYTES) return r;
    r = { ...r, [key]: omitted(r[key]) };
  }
  if (r.action_envelope !== undefined && lineBytes(r) > MAX_JOURNAL_LINE_BYTES) {
    const { selector, resolved } = r.action_envelope.target;
    r = {
      ...r,
      action_envelope: {
        ...r.action_envelope,
        target: { selector: omitted(selector), ...(resolved !== undefined && { resolved: omitted(resolved) }) },
      },
    };
  }
  if (!r.members || lineBytes(r) <= MAX_JOURNAL_LINE_BYTES) return r;
  // 2. The members' per-event device times (a ten-second drag reports a thousand), biggest first; the event
  //    count and the first down time stay.
  const bySize = (ms: MemberReceipt[]) =>
    ms.map((m, i) => ({ i, size: JSON.stringify(m).length })).sort((a, b) => b.size - a.size);
  const members = [...r.members];
  for (const { i } of bySize(members)) {
    if (lineBytes({ ...r, members }) <= MAX_JOURNAL_LINE_BYTES) return { ...r, members };
    const d = members[i]!.dispatch;
    if (d?.event_times_ms) members[i] = { ...members[i]!, dispatch: { ...d, event_times_ms: null } };
  }
  // 3. The members' details, then their messages shortened: status, code, path and duration always stay.
  for (const { i } of bySize(members)) {
    if (lineBytes({ ...r, members }) <= MAX_JOURNAL_LINE_BYTES) break;
    const m: Record<string, unknown> = { ...members[i]! };
    for (const key of MEMBER_DETAILS) delete m[key];
    members[i] = { ...(m as MemberReceipt), message: storedMessage(members[i]!.message, 256) };
  }
  return { ...r, members };
}
