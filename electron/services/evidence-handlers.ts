// The receipt debugger's channels (shared/ipc/evidence-contract.ts): runs, pages of receipts and evidence blobs
// read through the journal index and the evidence store, and the HTML report. One index per console, so each
// call reads only what the journal gained since the last one.
import type { Handlers } from '../../shared/ipc';
import type { EvidenceRaw } from '../../shared/evidence';
import { EvidenceStore } from '../receipts/evidence-store';
import { JournalIndex } from '../receipts/journal-index';
import { evidenceDirOf } from '../receipts/evidence-location';
import { pageReceipts, summarizeRuns } from '../receipts/receipt-query';
import { NoReceiptsError, writeReport } from '../receipts/report/write-report';

type EvidenceHandlers = Pick<
  Handlers,
  'runs.list' | 'receipts.page' | 'evidence.get' | 'evidence.batch' | 'report.generate'
>;

/** A batch reply stops adding blobs past this many bytes; the rest is `deferred` (asked for again). */
const BATCH_BYTES = 24 * 1024 * 1024;

export function evidenceHandlers(index: JournalIndex): EvidenceHandlers {
  const store = new EvidenceStore(evidenceDirOf(index.journalDir));
  return {
    'runs.list': async ({ limit, since }) => ({
      runs: summarizeRuns(index.entries(), { limit, ...(since !== undefined && { since }) }),
    }),
    'receipts.page': async (request) => {
      const page = pageReceipts(index, request);
      const byRun = new Map<string | null, ReturnType<EvidenceStore['refs']>>();
      const items = page.receipts.map((receipt) => {
        const run = receipt.run_id ?? null;
        let refs = byRun.get(run);
        if (!refs) byRun.set(run, (refs = store.refs(run)));
        return { receipt, evidence: refs.get(receipt.operation_id) ?? null };
      });
      return { items, next_cursor: page.next_cursor, total: page.total };
    },
    'evidence.get': async ({ sha256 }) => {
      const blob = store.get(sha256);
      if (!blob)
        throw Object.assign(new Error(`no evidence ${sha256} (never stored, or removed by retention)`), {
          code: 'NOT_FOUND',
        });
      return blob;
    },
    'evidence.batch': async ({ sha256s }) => {
      const blobs: EvidenceRaw[] = [];
      const missing: string[] = [];
      const deferred: string[] = [];
      let bytes = 0;
      for (const sha of new Set(sha256s)) {
        if (bytes >= BATCH_BYTES) {
          deferred.push(sha);
          continue;
        }
        const blob = store.raw(sha);
        if (!blob) missing.push(sha);
        else {
          blobs.push(blob);
          bytes += blob.data.byteLength;
        }
      }
      return { blobs, missing, deferred };
    },
    'report.generate': async ({ selection, out }) => {
      try {
        return await writeReport({ index, store, selection, out });
      } catch (e) {
        if (e instanceof NoReceiptsError) throw e;
        // A path the caller chose that cannot be written is the caller's input, not an internal failure.
        const errno = (e as NodeJS.ErrnoException).code;
        if (
          out !== null &&
          errno &&
          ['ENAMETOOLONG', 'ENOENT', 'ENOTDIR', 'EISDIR', 'EACCES', 'EPERM', 'EROFS', 'EINVAL'].includes(errno)
        ) {
          throw Object.assign(new Error(`cannot write the report to the given path (${errno})`), {
            code: 'INVALID_ARGUMENT',
            path: '/out',
          });
        }
        throw e;
      }
    },
  };
}
