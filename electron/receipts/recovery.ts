// Crash recovery: an operation whose intent was written but whose receipt never was (its process was killed,
// crashed, or the machine went down) gets a receipt at the next start of any client: `unknown` when the intent
// line is in the journal (input may have been sent; it is never replayed), `not_started` when it is not (input
// is only sent after the intent line is durable). Never `completed`. Safe with concurrent processes: an
// operation whose owner process is still running (same pid AND same start time, as the device lock judges)
// is left alone, and each marker is claimed by an atomic rename, so exactly one process writes its receipt.
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { hostname } from 'node:os';
import type { Receipt } from '../../shared/receipts/receipt';
import { receiptFromIntent } from './intent-receipt';
import { isProcessAlive, processStart } from '../device/lock/process-identity';
import type { ReceiptJournal } from './journal';
import { journalFiles } from './journal-reader';
import { parseJournalLine } from './journal-line';
import { PendingIndex, type PendingMarker } from './pending';
import { toJournalRecord } from './records';

export interface RecoveryReport {
  /** Receipts written for operations whose process ended without one. */
  recovered: Receipt[];
  /** Operations still owned by a live process (left alone). */
  live: number;
}

/** What the journal holds about one operation from `marker`'s position on. */
function journalFacts(
  dir: string,
  marker: PendingMarker,
): { intent: boolean; receipt: boolean; events: number; lastAt: string } {
  const id = marker.intent.operation_id;
  const facts = { intent: false, receipt: false, events: 0, lastAt: marker.intent.started_at };
  const first = basename(marker.journal_file);
  for (const file of journalFiles(dir).filter((f) => basename(f) >= first)) {
    const from = basename(file) === first ? marker.journal_offset : 0;
    for (const line of readFrom(file, from).split('\n')) {
      if (!line.includes(id)) continue; // cheap filter before parsing
      const parsed = parseJournalLine(line);
      if (parsed.kind === 'invalid') continue;
      const record = toJournalRecord(parsed.value);
      if (!record.ok || record.record.value.operation_id !== id) continue;
      if (record.record.kind === 'receipt') facts.receipt = true;
      else {
        if (record.record.kind === 'intent') facts.intent = true;
        else facts.events = Math.max(facts.events, record.record.value.events);
        if (record.record.value.at > facts.lastAt) facts.lastAt = record.record.value.at;
      }
    }
  }
  return facts;
}

function readFrom(file: string, offset: number): string {
  const size = statSync(file).size;
  if (size <= offset) return '';
  const buffer = Buffer.alloc(size - offset);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, buffer, 0, buffer.length, offset);
  } finally {
    closeSync(fd);
  }
  return buffer.toString('utf8');
}

function recoveredReceipt(marker: PendingMarker, facts: ReturnType<typeof journalFacts>, now: Date): Receipt {
  const { intent } = marker;
  const who = `the ${intent.owner.client} process (pid ${intent.owner.pid})`;
  const by = `recovered by pid ${process.pid} at ${now.toISOString()}`;
  const message = facts.intent
    ? `${who} ended before this operation finished; its input may have reached the device` +
      (facts.events > 0 ? ` (at least ${facts.events} input events were dispatched)` : '') +
      ` and is never replayed; ${by}`
    : `${who} ended before its first input (no intent line in the journal); ${by}`;
  return receiptFromIntent(intent, {
    finishedAt: facts.lastAt,
    args: marker.args,
    status: facts.intent ? 'unknown' : 'not_started',
    code: 'INTERNAL',
    message,
  });
}

/** Writes the receipts of operations whose process ended without one. Cheap when nothing is pending (one readdir). */
export function recoverInterrupted(journal: ReceiptJournal, now: () => Date = () => new Date()): RecoveryReport {
  const pending = new PendingIndex(journal.pendingDir);
  const self = { pid: process.pid, start: processStart(process.pid) };
  const report: RecoveryReport = { recovered: [], live: 0 };
  for (const entry of pending.list()) {
    if (entry.kind === 'temp') {
      if (!isProcessAlive(entry.pid, entry.start)) pending.drop(entry.name);
      continue;
    }
    let owner: { pid: number; start: string | null; host: string };
    if (entry.kind === 'claimed') {
      owner = { pid: entry.pid, start: entry.start, host: hostname() };
    } else {
      const marker = pending.read(entry.name);
      if (marker === null) continue; // unreadable: never guess whose it is
      owner = { pid: marker.intent.owner.pid, start: marker.intent.owner_start, host: marker.intent.owner.hostname };
    }
    // A process on another host (a shared data dir) cannot be checked: never take its operation.
    if (owner.host !== hostname() || isProcessAlive(owner.pid, owner.start)) {
      report.live++;
      continue;
    }
    const claimed = pending.claim(entry, self);
    if (claimed === null) continue; // another process is recovering it
    const marker = pending.read(claimed);
    if (marker === null) continue;
    const facts = journalFacts(journal.dir, marker);
    if (!facts.receipt) {
      const receipt = recoveredReceipt(marker, facts, now());
      journal.append(receipt);
      report.recovered.push(receipt);
    }
    pending.drop(claimed);
  }
  return report;
}
