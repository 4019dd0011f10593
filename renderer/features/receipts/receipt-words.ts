// A receipt in words: what each status means for the device's input, and the fields an operator reads
// first, in order. The raw JSON stays one click away in the panel.
import type { Receipt, ReceiptStatus } from '../../../shared/receipts';

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

function compactJson(value: unknown, max = 240): string {
  const s = JSON.stringify(value) ?? 'null';
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

export function receiptFacts(r: Receipt): Fact[] {
  const facts: Fact[] = [{ label: 'Outcome', value: `${r.status}: ${STATUS_WORDS[r.status]}` }];
  if (r.code) facts.push({ label: 'Why', value: `${r.code}${r.path ? ` at ${r.path}` : ''}${r.message ? ` — ${r.message}` : ''}` });
  else if (r.message) facts.push({ label: 'Note', value: r.message });
  facts.push({ label: 'Tool', value: r.tool });
  facts.push({ label: 'Arguments', value: compactJson(r.args) });
  if (r.dispatch) facts.push({ label: 'Dispatched', value: `${r.dispatch.events} events through ${r.dispatch.backend}` });
  else if (r.members?.some((m) => m.dispatch)) facts.push({ label: 'Dispatched', value: dispatchText(r) });
  if (r.completed_taps !== undefined) facts.push({ label: 'Taps done', value: String(r.completed_taps) });
  if (r.members) facts.push({ label: 'Members', value: r.members.map((m) => `${m.index + 1}. ${m.tool} ${m.status}${m.code ? ` (${m.code})` : ''}`).join(' · ') });
  if (r.feedback) facts.push({ label: 'Feedback', value: compactJson(r.feedback) });
  facts.push({ label: 'Took', value: `${r.duration_ms} ms (${r.started_at.slice(11, 23)} → ${r.finished_at.slice(11, 23)})` });
  facts.push({ label: 'Device', value: r.device_serial });
  facts.push({ label: 'By', value: `${r.owner.client} (pid ${r.owner.pid} on ${r.owner.hostname})` });
  facts.push({ label: 'Operation', value: r.operation_id });
  return facts;
}
