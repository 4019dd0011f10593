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
  if (r.completed_taps !== undefined) facts.push({ label: 'Taps done', value: String(r.completed_taps) });
  if (r.members) facts.push({ label: 'Members', value: r.members.map((m) => `${m.index + 1}. ${m.tool} ${m.status}${m.code ? ` (${m.code})` : ''}`).join(' · ') });
  if (r.feedback) facts.push({ label: 'Feedback', value: compactJson(r.feedback) });
  facts.push({ label: 'Took', value: `${r.duration_ms} ms (${r.started_at.slice(11, 23)} → ${r.finished_at.slice(11, 23)})` });
  facts.push({ label: 'Device', value: r.device_serial });
  facts.push({ label: 'By', value: `${r.owner.client} (pid ${r.owner.pid} on ${r.owner.hostname})` });
  facts.push({ label: 'Operation', value: r.operation_id });
  return facts;
}
