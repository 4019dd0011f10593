// The journal index: for every receipt line, where it is (day file, byte offset, length) and what a list filters
// on (time, device, tool, status, code, owner, operation id, run), so `receipts.list`, `receipts.page` and
// `runs.list` read only index entries and the receipts they return, never the whole journal.
// The index is derived from the journal alone, never written by the executor: the journal stays the one truth,
// so write-ahead intents, recovered receipts (recovery.ts appends them like any other) and several writer
// processes need no coordination with it. Each day file has a sidecar index/<day>.idx of JSON lines; a line is
// one batch `{"from":A,"to":B,"entries":[…]}` covering journal bytes [A, B), appended with one O_APPEND write.
// A refresh reads only the sidecar's new lines and the journal's bytes past the covered prefix. Two processes
// indexing the same bytes append the same entries twice (merged by offset); a batch torn by a crash is
// ignored and its bytes are indexed again. A journal line still being written (no newline yet) is not covered.
import { closeSync, mkdirSync, openSync, readdirSync, readSync, statSync, writeSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Receipt } from '../../shared/receipts/receipt';
import { journalFiles } from './journal-reader';
import { parseJournalLine } from './journal-line';
import { toJournalRecord } from './records';

export interface IndexEntry {
  /** Journal day file name (receipts-YYYY-MM-DD.jsonl). */
  file: string;
  off: number;
  len: number;
  started_at: string;
  finished_at: string;
  device: string;
  device_id: string | null;
  tool: string;
  status: Receipt['status'];
  code: string | null;
  owner: string;
  pid: number;
  hostname: string;
  operation_id: string;
  run_id: string | null;
  /** The receipt's run_name (absent in sidecars written before runs had names). */
  run_name?: string | null;
}

type StoredEntry = Omit<IndexEntry, 'file'>;

interface DayState {
  sidecarRead: number;
  /** Journal bytes [from, to) some batch covered. */
  batches: Array<[number, number]>;
  entries: Map<number, IndexEntry>;
  sorted: IndexEntry[] | null;
}

const BATCH_START = '{"from":';

function entryOf(off: number, len: number, r: Receipt): StoredEntry {
  return {
    off,
    len,
    started_at: r.started_at,
    finished_at: r.finished_at,
    device: r.device_serial,
    device_id: r.device_id ?? null,
    tool: r.tool,
    status: r.status,
    code: r.code,
    owner: r.owner.client,
    pid: r.owner.pid,
    hostname: r.owner.hostname,
    operation_id: r.operation_id,
    run_id: r.run_id ?? null,
    run_name: r.run_name ?? null,
  };
}

function readRange(path: string, from: number, to: number): Buffer {
  const buffer = Buffer.alloc(Math.max(0, to - from));
  if (buffer.length === 0) return buffer;
  const fd = openSync(path, 'r');
  try {
    let got = 0;
    while (got < buffer.length) {
      const n = readSync(fd, buffer, got, buffer.length - got, from + got);
      if (n === 0) break;
      got += n;
    }
    return buffer.subarray(0, got);
  } finally {
    closeSync(fd);
  }
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

function parseBatch(line: string): { from: number; to: number; entries: StoredEntry[] } | null {
  const at = line.lastIndexOf(BATCH_START);
  if (at === -1) return null;
  try {
    const value = JSON.parse(line.slice(at)) as { from?: unknown; to?: unknown; entries?: unknown };
    if (typeof value.from !== 'number' || typeof value.to !== 'number' || !Array.isArray(value.entries)) return null;
    return { from: value.from, to: value.to, entries: value.entries as StoredEntry[] };
  } catch {
    return null;
  }
}

export class JournalIndex {
  private readonly days = new Map<string, DayState>();

  constructor(readonly journalDir: string) {}

  get dir(): string {
    return join(this.journalDir, 'index');
  }

  /** Brings the index up to date with the journal and returns every receipt entry in journal order. */
  entries(): IndexEntry[] {
    const all: IndexEntry[] = [];
    for (const path of journalFiles(this.journalDir)) all.push(...this.refreshDay(path));
    return all;
  }

  /** The receipt an entry points at (the journal is append-only, so the bytes never change). */
  read(entry: IndexEntry): Receipt {
    const text = readRange(join(this.journalDir, entry.file), entry.off, entry.off + entry.len).toString('utf8');
    return JSON.parse(text) as Receipt;
  }

  /** Index sidecars on disk (for tests and the README's layout). */
  sidecars(): string[] {
    try {
      return readdirSync(this.dir)
        .filter((n) => n.endsWith('.idx'))
        .sort();
    } catch {
      return [];
    }
  }

  private state(file: string): DayState {
    let s = this.days.get(file);
    if (!s) this.days.set(file, (s = { sidecarRead: 0, batches: [], entries: new Map(), sorted: null }));
    return s;
  }

  private refreshDay(path: string): IndexEntry[] {
    const file = basename(path);
    const state = this.state(file);
    const sidecar = join(this.dir, file.replace(/\.jsonl$/, '.idx'));
    this.readSidecar(sidecar, file, state);
    const covered = coveredPrefix(state.batches);
    const size = sizeOf(path);
    if (size > covered) this.indexJournal(path, file, sidecar, state, covered, size);
    if (!state.sorted) state.sorted = [...state.entries.values()].sort((a, b) => a.off - b.off);
    return state.sorted;
  }

  private readSidecar(sidecar: string, file: string, state: DayState): void {
    const size = sizeOf(sidecar);
    if (size <= state.sidecarRead) return;
    const bytes = readRange(sidecar, state.sidecarRead, size);
    const end = bytes.lastIndexOf(0x0a);
    if (end === -1) return;
    state.sidecarRead += end + 1;
    for (const line of bytes.subarray(0, end).toString('utf8').split('\n')) {
      const batch = parseBatch(line);
      if (batch) this.addBatch(state, file, batch);
    }
  }

  private addBatch(state: DayState, file: string, batch: { from: number; to: number; entries: StoredEntry[] }): void {
    state.batches.push([batch.from, batch.to]);
    for (const e of batch.entries) {
      if (!state.entries.has(e.off)) {
        state.entries.set(e.off, { ...e, file });
        state.sorted = null;
      }
    }
  }

  private indexJournal(path: string, file: string, sidecar: string, state: DayState, from: number, size: number): void {
    const bytes = readRange(path, from, size);
    const end = bytes.lastIndexOf(0x0a);
    if (end === -1) return; // only a line still being written
    const entries: StoredEntry[] = [];
    let lineStart = 0;
    while (lineStart <= end) {
      const nl = bytes.indexOf(0x0a, lineStart);
      const lineBytes = bytes.subarray(lineStart, nl);
      if (lineBytes.length > 0) {
        const text = lineBytes.toString('utf8');
        const parsed = parseJournalLine(text);
        if (parsed.kind !== 'invalid') {
          const record = toJournalRecord(parsed.value);
          if (record.ok && record.record.kind === 'receipt') {
            // A record glued after a torn fragment starts past the fragment's bytes.
            const skip = parsed.kind === 'glued' ? Buffer.byteLength(parsed.fragment, 'utf8') : 0;
            entries.push(entryOf(from + lineStart + skip, lineBytes.length - skip, record.record.value));
          }
        }
      }
      lineStart = nl + 1;
    }
    const batch = { from, to: from + end + 1, entries };
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const fd = openSync(sidecar, 'a', 0o600);
    try {
      const line = Buffer.from(JSON.stringify(batch) + '\n', 'utf8');
      let written = 0;
      while (written < line.length) written += writeSync(fd, line, written, line.length - written);
    } finally {
      closeSync(fd);
    }
    this.addBatch(state, file, batch);
  }
}

/** The journal bytes [0, n) the batches cover without a gap. */
function coveredPrefix(batches: Array<[number, number]>): number {
  let covered = 0;
  for (const [from, to] of [...batches].sort((a, b) => a[0] - b[0])) {
    if (from > covered) break;
    covered = Math.max(covered, to);
  }
  return covered;
}
