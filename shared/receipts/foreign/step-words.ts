// A timeline step in plain words, the same for the debugger and the HTML report: the receipt's facts (outcome,
// why, expected vs actual, arguments, …) with what a step view adds — what a read saw, what a check expected
// and read at each poll, when each event reached the device, a drag's calibration — or the facts a foreign
// record carries under its one outcome label. The raw JSON stays one click away.
import type { Receipt } from '../receipt';
import { checkFacts, readFacts, receiptFacts, type Fact } from '../words';
import type { TimelineStep } from './timeline-step';

const ORIGIN_WORDS: Record<TimelineStep['origin'], string> = {
  journal: 'this machine’s journal',
  tactile: 'Tactile receipts from another machine',
  seed004: 'a seed-004 action envelope',
  seed000: 'a seed-000 ActionResult',
};

function dispatchTiming(r: Receipt): Fact | null {
  const d = r.dispatch;
  if (!d) return null;
  const times = d.event_times_ms;
  if (!times || times.length === 0 || d.down_time_ms === null)
    return { label: 'Timing', value: `${d.events} events; the backend reported no event times` };
  const span = times[times.length - 1]! - times[0]!;
  return {
    label: 'Timing',
    value: `${times.length} events over ${span} ms, first ${times[0]! - d.down_time_ms} ms after the first down (device uptime ${d.down_time_ms} ms)`,
  };
}

export function stepFacts(step: TimelineStep): Fact[] {
  const r = step.receipt;
  const from: Fact = {
    label: 'From',
    value: `${ORIGIN_WORDS[step.origin]}${step.line !== null ? `, record ${step.line}` : ''}`,
  };
  if (!r) {
    return [
      { label: 'Outcome', value: step.outcome },
      ...(step.code ? [{ label: 'Code', value: step.code }] : []),
      ...(step.message ? [{ label: 'Message', value: step.message }] : []),
      { label: 'Action', value: step.tool },
      ...step.facts,
      ...(step.at ? [{ label: 'At', value: step.at }] : []),
      ...(step.operation_id ? [{ label: 'Id', value: step.operation_id }] : []),
      from,
    ];
  }
  const facts = receiptFacts(r);
  const timing = dispatchTiming(r);
  if (r.path && !r.code) facts.splice(1, 0, { label: 'Path', value: r.path });
  if (timing) facts.push(timing);
  if (r.calibration)
    facts.push({
      label: 'Calibration',
      value: `end (${r.calibration.end_px.join(', ')}) px, scale ${r.calibration.value_per_px} per px, residual ${r.calibration.rounding_error}`,
    });
  if (step.run_id) facts.push({ label: 'Run', value: step.run_id });
  facts.push(from);
  return facts;
}

/** What a read or check step read, for its own section: the control or tree read, the check and its polls. */
export function readSectionFacts(r: Receipt): Fact[] {
  const member = r.members?.find((m) => m.check && !m.check.matched) ?? r.members?.find((m) => m.check);
  const check = r.check ?? member?.check;
  return [...readFacts(r), ...(check ? checkFacts(check) : [])];
}
