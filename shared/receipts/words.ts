// A receipt in words, one vocabulary for every place a person reads one: the receipts panel, the replay matrix,
// the debugger and the HTML report (which embeds these facts, computed in main, so it says exactly what the
// debugger says). What each status means for the device's input, the fields read first, what a read saw and
// what a check expected against what it read — all from the receipt's own fields. Member and step numbers are
// 1-based; paths stay JSON Pointers (0-based, as the arguments are indexed).
import type { ControlReading } from '../helper-protocol/responses';
import type { Check, PollSpan } from './check';
import type { OmittedValue } from './omitted';
import type { Receipt, MemberReceipt } from './receipt';
import type { ReceiptStatus } from './status';

export const STATUS_WORDS: Record<ReceiptStatus, string> = {
  not_started: 'no input was sent to the device',
  observed: 'the device was read; no input was sent',
  completed: 'all input was sent and Android finished it',
  partial: 'some input took effect, then a failure stopped the rest',
  cancelled: 'cancelled before or during input',
  unknown: 'the outcome of some input is unknown (it is never replayed)',
};

export interface Fact {
  label: string;
  value: string;
}

/**
 * What went out, in a few words: the backend and its event count — the receipt's own, else its members' (an
 * action_sequence), summed per backend. "no dispatch" only for a receipt that sent no input; input whose backend
 * gave no figures (a shell command such as an app launch) says so instead.
 */
export function dispatchText(r: Receipt): string {
  if (r.dispatch) return `${r.dispatch.backend} · ${r.dispatch.events} ev`;
  const sent = (r.members ?? []).filter((m) => m.dispatch);
  if (sent.length > 0) {
    const events = new Map<string, number>();
    for (const m of sent) events.set(m.dispatch!.backend, (events.get(m.dispatch!.backend) ?? 0) + m.dispatch!.events);
    const of = `${sent.length} member${sent.length === 1 ? '' : 's'}`;
    return `${[...events].map(([backend, n]) => `${backend} · ${n} ev`).join(' + ')} (${of})`;
  }
  return r.status === 'not_started' || r.status === 'observed' ? 'no dispatch' : 'no event figures';
}

export function compactJson(value: unknown, max = 240): string {
  const s = JSON.stringify(value) ?? 'null';
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/** A control as read_control (or a wait's last poll) read it: its value, range, text and the states that matter. */
/** A reading's text as a receipt stores it: the text, or the journal's marker for a text over its cap. */
type StoredText = string | OmittedValue | null;
type StoredReading = Omit<ControlReading, 'text' | 'content_desc'> & { text: StoredText; content_desc: StoredText };

function textWords(t: string | OmittedValue): string {
  if (typeof t !== 'string') return `(${t.length ?? '?'} bytes, left out of the journal)`;
  return JSON.stringify(t.length > 120 ? `${t.slice(0, 119)}…` : t);
}

export function readingWords(r: StoredReading): string {
  const parts: string[] = [];
  if (r.range) parts.push(`value ${r.range.current} (range ${r.range.min}–${r.range.max}, ${r.range.type})`);
  const text = r.flags.showing_hint_text === true ? null : r.text;
  if (text !== null) parts.push(`text ${textWords(text)}`);
  else if (r.flags.showing_hint_text === true && r.text !== null) parts.push(`empty (hint ${textWords(r.text)})`);
  if (r.content_desc !== null) parts.push(`content_desc ${textWords(r.content_desc)}`);
  if (r.flags.checkable) parts.push(r.flags.checked ? 'checked' : 'unchecked');
  if (r.flags.selected) parts.push('selected');
  if (!r.flags.enabled) parts.push('disabled');
  if (!r.flags.visible) parts.push('not visible');
  const what = [r.class_name?.split('.').pop(), r.resource_id ? `#${r.resource_id.split('/').pop()}` : null]
    .filter(Boolean)
    .join(' ');
  return `${what || 'a control'} at [${r.bounds_px.join(',')}]: ${parts.length > 0 ? parts.join(', ') : 'no value'}`;
}

/** One span of a check's timeline: when, how many polls, what they read, whether it matched. */
export function pollSpanWords(s: PollSpan): string {
  const when = s.from_ms === s.to_ms ? `${s.from_ms} ms` : `${s.from_ms}–${s.to_ms} ms`;
  const polls = `${s.polls} poll${s.polls === 1 ? '' : 's'}`;
  const read = s.error !== null ? `read failed (${s.error})` : (s.actual ?? 'nothing read');
  return `${when} · ${polls} · ${read} · ${s.matched ? 'matched' : 'no match'}`;
}

/** A check in facts: what, expected, actual, verdict and each poll (merged polls counted). */
export function checkFacts(c: Check): Fact[] {
  const timeline = c.timeline.map(pollSpanWords);
  if (c.omitted_polls > 0) timeline.splice(Math.ceil(c.timeline.length / 2), 0, `… ${c.omitted_polls} more polls …`);
  return [
    { label: 'Checked', value: c.subject },
    { label: 'Expected', value: c.expected },
    { label: 'Actual', value: c.actual ?? 'nothing read' },
    {
      label: 'Verdict',
      value: `${c.matched ? 'matched' : 'not matched'} after ${c.polls} poll${c.polls === 1 ? '' : 's'} over ${c.elapsed_ms} ms`,
    },
    ...(c.polls > 1 ? [{ label: 'Polls', value: timeline.join('\n') }] : []),
  ];
}

/** What a read saw, in words, from its receipt: the control read, or the tree observed. Null for other steps. */
export function readFacts(r: Pick<Receipt, 'control' | 'control_before' | 'observation_after' | 'tool'>): Fact[] {
  const facts: Fact[] = [];
  if (r.control_before) facts.push({ label: 'Read before', value: readingWords(r.control_before) });
  if (r.control) facts.push({ label: r.control_before ? 'Read after' : 'Read', value: readingWords(r.control) });
  const seen = r.observation_after as
    | { screen?: { width?: unknown; height?: unknown }; nodes?: unknown; image?: { width?: unknown; height?: unknown } }
    | undefined;
  // A journaled receipt keeps a large tree in the evidence store and leaves an omission marker that counts it.
  const nodeCount = seen ? (Array.isArray(seen.nodes) ? seen.nodes.length : omittedCount(seen.nodes)) : undefined;
  if (seen && nodeCount !== undefined) {
    const size = seen.screen ? ` on a ${String(seen.screen.width)}×${String(seen.screen.height)} screen` : '';
    facts.push({
      label: 'Saw',
      value: `${nodeCount} nodes${size}${seen.image ? `, and a ${String(seen.image.width)}×${String(seen.image.height)} screenshot` : ''}`,
    });
  } else if (seen?.image) {
    facts.push({ label: 'Saw', value: `a ${String(seen.image.width)}×${String(seen.image.height)} screenshot` });
  }
  return facts;
}

function omittedCount(v: unknown): number | undefined {
  const m = v as Partial<OmittedValue> | null | undefined;
  return m && typeof m === 'object' && m.$omitted === true && m.type === 'array' && typeof m.count === 'number'
    ? m.count
    : undefined;
}

export interface ActualExpected {
  subject: string;
  expected: string;
  actual: string;
}

/**
 * What a failed step expected and what it got, from the receipt's own fields: its check (a wait or expect_*),
 * a member's check, or its value feedback. Null when the receipt holds no expectation (a refusal, an input
 * failure: its code and message say it all).
 */
export function actualVsExpected(
  r: Pick<Receipt, 'check' | 'feedback'> & { members?: MemberReceipt[] | undefined },
): ActualExpected | null {
  const check = r.check ?? r.members?.find((m) => m.check && !m.check.matched)?.check;
  if (check) return { subject: check.subject, expected: check.expected, actual: check.actual ?? 'nothing read' };
  const f = r.feedback;
  if (f && f.within_tolerance === false) {
    return {
      subject: `the value (${f.value_format})`,
      expected: `${f.target_value} ± ${f.tolerance}`,
      actual: f.after_value === null ? 'no stable reading' : `${f.after_value} (off by ${f.residual})`,
    };
  }
  return null;
}

/** `expected X, actual Y` in one line, or null. */
export function actualVsExpectedLine(r: Parameters<typeof actualVsExpected>[0]): string | null {
  const ae = actualVsExpected(r);
  return ae ? `${ae.subject}: expected ${ae.expected}, actual ${ae.actual}` : null;
}

export function receiptFacts(r: Receipt): Fact[] {
  const facts: Fact[] = [{ label: 'Outcome', value: `${r.status}: ${STATUS_WORDS[r.status]}` }];
  if (r.code)
    facts.push({
      label: 'Why',
      value: `${r.code}${r.path ? ` at ${r.path}` : ''}${r.message ? ` — ${r.message}` : ''}`,
    });
  else if (r.message) facts.push({ label: 'Note', value: r.message });
  const ae = r.code || (r.check && !r.check.matched) ? actualVsExpected(r) : null;
  if (ae)
    facts.push({ label: 'Expected', value: `${ae.subject}: ${ae.expected}` }, { label: 'Actual', value: ae.actual });
  facts.push({ label: 'Tool', value: r.tool });
  facts.push({ label: 'Arguments', value: compactJson(r.args) });
  if (r.dispatch)
    facts.push({ label: 'Dispatched', value: `${r.dispatch.events} events through ${r.dispatch.backend}` });
  else if (r.members?.some((m) => m.dispatch)) facts.push({ label: 'Dispatched', value: dispatchText(r) });
  if (r.completed_taps !== undefined) facts.push({ label: 'Taps done', value: String(r.completed_taps) });
  if (r.members)
    facts.push({
      label: 'Members',
      value: r.members.map((m) => `${m.index + 1}. ${m.tool} ${m.status}${m.code ? ` (${m.code})` : ''}`).join(' · '),
    });
  if (r.feedback) facts.push({ label: 'Feedback', value: compactJson(r.feedback) });
  facts.push({
    label: 'Took',
    value: `${r.duration_ms} ms (${r.started_at.slice(11, 23)} → ${r.finished_at.slice(11, 23)})`,
  });
  facts.push({ label: 'Device', value: r.device_serial });
  facts.push({ label: 'By', value: `${r.owner.client} (pid ${r.owner.pid} on ${r.owner.hostname})` });
  facts.push({ label: 'Operation', value: r.operation_id });
  return facts;
}
