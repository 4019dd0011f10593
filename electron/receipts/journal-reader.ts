// Reads the journal back, tolerating what a crash can leave: a torn last line (no newline, not JSON), or a
// torn fragment with the next whole record appended after it on the same line (the record is kept, the
// fragment reported). Empty lines (older journals) are skipped. Nothing here writes.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Receipt } from '../../shared/receipts/receipt';
import { parseJournalLine } from './journal-line';
import { toJournalRecord, type JournalRecord } from './records';

export interface JournalLine {
  file: string;
  /** 1-based line number in the file. */
  line: number;
  value: unknown;
}
export interface SkippedLine {
  file: string;
  line: number;
  reason: 'torn' | 'invalid_json' | 'invalid_receipt';
  text: string;
}
export interface JournalRead<T> {
  entries: Array<JournalLine & { value: T }>;
  skipped: SkippedLine[];
}

/** Day files in date order, optionally limited to [from, to] (YYYY-MM-DD, inclusive). */
export function journalFiles(dir: string, range: { from?: string; to?: string } = {}): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => /^receipts-\d{4}-\d{2}-\d{2}\.jsonl$/.test(n))
    .filter((n) => {
      const day = n.slice(9, 19);
      return (range.from === undefined || day >= range.from) && (range.to === undefined || day <= range.to);
    })
    .sort()
    .map((n) => join(dir, n));
}

/** Every JSON line of the journal; an unterminated last line that does not parse is reported as torn. */
export function readJournal(dir: string, range: { from?: string; to?: string } = {}): JournalRead<unknown> {
  const entries: JournalLine[] = [];
  const skipped: SkippedLine[] = [];
  for (const file of journalFiles(dir, range)) {
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((text, i) => {
      if (text === '') return;
      const parsed = parseJournalLine(text);
      if (parsed.kind === 'invalid') {
        skipped.push({ file, line: i + 1, reason: i === lines.length - 1 ? 'torn' : 'invalid_json', text });
        return;
      }
      if (parsed.kind === 'glued') skipped.push({ file, line: i + 1, reason: 'torn', text: parsed.fragment });
      entries.push({ file, line: i + 1, value: parsed.value });
    });
  }
  return { entries, skipped };
}

/** Every record (receipts, intents, progress); lines that are none of them are skipped and reported. */
export function readRecords(dir: string, range: { from?: string; to?: string } = {}): JournalRead<JournalRecord> {
  const raw = readJournal(dir, range);
  const entries: Array<JournalLine & { value: JournalRecord }> = [];
  const skipped = [...raw.skipped];
  for (const entry of raw.entries) {
    const parsed = toJournalRecord(entry.value);
    if (parsed.ok) entries.push({ ...entry, value: parsed.record });
    else
      skipped.push({
        file: entry.file,
        line: entry.line,
        reason: 'invalid_receipt',
        text: JSON.stringify(entry.value),
      });
  }
  return { entries, skipped };
}

/** The journal's receipts (intent and progress records are left out); invalid lines are skipped and reported. */
export function readReceipts(dir: string, range: { from?: string; to?: string } = {}): JournalRead<Receipt> {
  const all = readRecords(dir, range);
  const entries: Array<JournalLine & { value: Receipt }> = [];
  for (const entry of all.entries)
    if (entry.value.kind === 'receipt') entries.push({ ...entry, value: entry.value.value });
  return { entries, skipped: all.skipped };
}
