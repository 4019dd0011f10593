// Pages of receipts and run summaries answered from the journal index (journal-index.ts): filters run over the
// index entries in memory, and only the receipts of the returned page are read from the journal.
import type { ReceiptFilter, RunOutcome, RunSummary } from '../../shared/evidence';
import { RECEIPT_STATUSES, runSourceOf, type Receipt, type ReceiptStatus } from '../../shared/receipts';
import type { IndexEntry, JournalIndex } from './journal-index';

export function matches(entry: IndexEntry, filter: ReceiptFilter): boolean {
  if (filter.run_id !== undefined && entry.run_id !== filter.run_id) return false;
  if (filter.status && !filter.status.includes(entry.status)) return false;
  if (filter.code && !filter.code.includes(entry.code)) return false;
  if (filter.tool && !filter.tool.includes(entry.tool)) return false;
  if (filter.owner && !filter.owner.includes(entry.owner)) return false;
  if (filter.device !== undefined && entry.device !== filter.device && entry.device_id !== filter.device) return false;
  if (filter.operation_id !== undefined && entry.operation_id !== filter.operation_id) return false;
  if (filter.since !== undefined && Date.parse(entry.started_at) < Date.parse(filter.since)) return false;
  if (filter.until !== undefined && Date.parse(entry.started_at) >= Date.parse(filter.until)) return false;
  return true;
}

/** A position in the journal: `<day file>:<offset>`; opaque to clients. */
const cursorOf = (e: IndexEntry) => `${e.file}:${e.off}`;

function position(cursor: string): { file: string; off: number } | null {
  const m = /^(receipts-\d{4}-\d{2}-\d{2}\.jsonl):(\d{1,15})$/.exec(cursor);
  return m ? { file: m[1]!, off: Number(m[2]) } : null;
}

const before = (e: IndexEntry, p: { file: string; off: number }) =>
  e.file < p.file || (e.file === p.file && e.off < p.off);
const after = (e: IndexEntry, p: { file: string; off: number }) =>
  e.file > p.file || (e.file === p.file && e.off > p.off);

export interface Page {
  entries: IndexEntry[];
  receipts: Receipt[];
  next_cursor: string | null;
  total: number;
}

export function pageReceipts(
  index: JournalIndex,
  request: { filter: ReceiptFilter; cursor: string | null; limit: number; order: 'asc' | 'desc' },
): Page {
  const matching = index.entries().filter((e) => matches(e, request.filter));
  const ordered = request.order === 'asc' ? matching : matching.reverse();
  const at = request.cursor === null ? null : position(request.cursor);
  if (request.cursor !== null && at === null)
    throw Object.assign(new Error('the cursor is not one this journal gave'), { code: 'INVALID_ARGUMENT' });
  const rest = at === null ? ordered : ordered.filter((e) => (request.order === 'asc' ? after(e, at) : before(e, at)));
  const entries = rest.slice(0, request.limit);
  const last = entries[entries.length - 1];
  return {
    entries,
    receipts: entries.map((e) => index.read(e)),
    next_cursor: rest.length > request.limit && last ? cursorOf(last) : null,
    total: matching.length,
  };
}

/** The last `limit` receipts in journal order (what `receipts.list` answers). */
export function lastReceipts(index: JournalIndex, limit: number): Receipt[] {
  return index
    .entries()
    .slice(-limit)
    .map((e) => index.read(e));
}

function outcomeOf(counts: Record<ReceiptStatus, number>, withCode: number): RunOutcome {
  if (counts.unknown > 0) return 'unknown';
  if (counts.partial > 0) return 'partial';
  if (counts.cancelled > 0) return 'cancelled';
  return withCode > 0 ? 'failed' : 'completed';
}

/** A run's name: the name its receipts carry, else an agent session's client (`agent:NAME` → NAME), else none. */
export function runName(first: IndexEntry, named: string | null): string | null {
  if (named !== null) return named;
  return first.owner.startsWith('agent:') ? first.owner.slice('agent:'.length) : null;
}

/** Runs newest first (by their last receipt's finish), from index entries alone. */
export function summarizeRuns(
  entries: readonly IndexEntry[],
  options: { limit: number; since?: string },
): RunSummary[] {
  const runs = new Map<
    string,
    {
      first: IndexEntry;
      last: IndexEntry;
      devices: string[];
      counts: Record<ReceiptStatus, number>;
      withCode: number;
      n: number;
      name: string | null;
    }
  >();
  const since = options.since === undefined ? null : Date.parse(options.since);
  for (const e of entries) {
    if (e.run_id === null || runSourceOf(e.run_id) === null) continue;
    let run = runs.get(e.run_id);
    if (!run) {
      const counts = Object.fromEntries(RECEIPT_STATUSES.map((s) => [s, 0])) as Record<ReceiptStatus, number>;
      runs.set(e.run_id, (run = { first: e, last: e, devices: [], counts, withCode: 0, n: 0, name: null }));
    }
    if (e.run_name) run.name = e.run_name;
    if (e.started_at < run.first.started_at) run.first = e;
    if (e.finished_at >= run.last.finished_at) run.last = e;
    if (!run.devices.includes(e.device)) run.devices.push(e.device);
    run.counts[e.status]++;
    if (e.code !== null) run.withCode++;
    run.n++;
  }
  return [...runs.entries()]
    .filter(([, r]) => since === null || Date.parse(r.last.finished_at) >= since)
    .sort((a, b) =>
      a[1].last.finished_at < b[1].last.finished_at ? 1 : a[1].last.finished_at > b[1].last.finished_at ? -1 : 0,
    )
    .slice(0, options.limit)
    .map(([runId, r]) => ({
      run_id: runId,
      source: runSourceOf(runId)!,
      name: runName(r.first, r.name),
      owner: { pid: r.first.pid, hostname: r.first.hostname, client: r.first.owner },
      devices: r.devices,
      started_at: r.first.started_at,
      finished_at: r.last.finished_at,
      receipts: r.n,
      counts: r.counts,
      with_code: r.withCode,
      outcome: outcomeOf(r.counts, r.withCode),
    }));
}
