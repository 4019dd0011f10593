// Reads a file of foreign receipts for the debugger: JSON (one record or an array) or JSONL (one per line) of
// Tactile receipts, seed-004 action envelopes or seed-000 ActionResults, told apart by their keys. Each record
// is validated on its own: a bad one gives an error naming its line and the JSON Pointer of the field, and the
// good ones still load. Tactile receipts are checked against this version's schema field by field; fields it
// does not know are kept in the raw record (a newer machine may add some).
import { ReceiptSchema, type Receipt } from '../index';
import { Seed000ActionResultSchema, Seed004EnvelopeSchema } from './schemas';
import { stepFromActionResult, stepFromReceipt, stepFromSeed004, type TimelineStep } from './timeline-step';

export interface ImportError {
  /** 1-based line (JSONL) or position in the array (JSON). */
  line: number;
  /** JSON Pointer inside the record. */
  path: string;
  message: string;
}

export interface ImportResult {
  format: 'json' | 'jsonl';
  steps: TimelineStep[];
  errors: ImportError[];
}

/** Largest file the debugger reads (the renderer holds every step in memory). */
export const MAX_IMPORT_BYTES = 64 * 1024 * 1024;
const MAX_ERRORS = 200;

const pointer = (path: readonly PropertyKey[]) =>
  path.map((p) => `/${String(p).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
const RECEIPT_KEYS = new Set(Object.keys(ReceiptSchema.shape));

type Parsed = { ok: true; step: TimelineStep } | { ok: false; errors: ImportError[] };

function issuesOf(
  line: number,
  error: { issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }> },
  prefix = '',
): ImportError[] {
  return error.issues.map((i) => ({ line, path: prefix + pointer(i.path), message: i.message }));
}

/** A Tactile receipt, its unknown top-level fields set aside (kept in raw) before the strict check. */
function tactileReceipt(
  record: Record<string, unknown>,
): { ok: true; receipt: Receipt } | { ok: false; error: Parameters<typeof issuesOf>[1] } {
  const known = Object.fromEntries(Object.entries(record).filter(([k]) => RECEIPT_KEYS.has(k)));
  const parsed = ReceiptSchema.safeParse(known);
  return parsed.success ? { ok: true, receipt: parsed.data } : { ok: false, error: parsed.error };
}

function parseRecord(value: unknown, line: number): Parsed {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, errors: [{ line, path: '', message: 'a record must be a JSON object' }] };
  const record = value as Record<string, unknown>;
  if ('receipt_version' in record) {
    const r = tactileReceipt(record);
    return r.ok
      ? { ok: true, step: stepFromReceipt(r.receipt, 'tactile', record, line) }
      : { ok: false, errors: issuesOf(line, r.error) };
  }
  if ('action_id' in record || 'action_type' in record || 'lifecycle_state' in record) {
    const e = Seed004EnvelopeSchema.safeParse(record);
    return e.success
      ? { ok: true, step: stepFromSeed004(e.data, line) }
      : { ok: false, errors: issuesOf(line, e.error) };
  }
  if ('ok' in record && 'action' in record) {
    const a = Seed000ActionResultSchema.safeParse(record);
    if (!a.success) return { ok: false, errors: issuesOf(line, a.error) };
    // An ActionResult from Tactile's own MCP server carries its full receipt; a malformed one is an error, not ignored.
    const inner = a.data.metadata?.receipt;
    if (inner === undefined) return { ok: true, step: stepFromActionResult(a.data, line, null) };
    const r = typeof inner === 'object' && inner !== null ? tactileReceipt(inner as Record<string, unknown>) : null;
    if (!r?.ok)
      return {
        ok: false,
        errors: r
          ? issuesOf(line, r.error, '/metadata/receipt')
          : [{ line, path: '/metadata/receipt', message: 'metadata.receipt must be a Tactile receipt object' }],
      };
    return { ok: true, step: stepFromActionResult(a.data, line, r.receipt) };
  }
  return {
    ok: false,
    errors: [
      {
        line,
        path: '',
        message:
          'not a Tactile receipt (receipt_version), a seed-004 action envelope (action_id, action_type, lifecycle_state) or a seed-000 ActionResult (ok, code, action, message)',
      },
    ],
  };
}

function collect(
  records: Array<{ value: unknown; line: number }>,
  format: ImportResult['format'],
  errors: ImportError[],
): ImportResult {
  const steps: TimelineStep[] = [];
  for (const { value, line } of records) {
    const p = parseRecord(value, line);
    if (p.ok) steps.push(p.step);
    else errors.push(...p.errors);
  }
  return { format, steps, errors: errors.sort((a, b) => a.line - b.line).slice(0, MAX_ERRORS) };
}

export function importForeignReceipts(text: string): ImportResult {
  if (text.length > MAX_IMPORT_BYTES)
    return {
      format: 'json',
      steps: [],
      errors: [{ line: 0, path: '', message: `the file is larger than ${MAX_IMPORT_BYTES} bytes` }],
    };
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    try {
      const all = JSON.parse(trimmed) as unknown[];
      return collect(
        all.map((value, i) => ({ value, line: i + 1 })),
        'json',
        [],
      );
    } catch (e) {
      return {
        format: 'json',
        steps: [],
        errors: [{ line: 0, path: '', message: `not valid JSON: ${(e as Error).message}` }],
      };
    }
  }
  // One object, possibly pretty-printed over many lines, is JSON; otherwise each non-empty line is a record.
  try {
    return collect([{ value: JSON.parse(trimmed), line: 1 }], 'json', []);
  } catch {
    // Not one JSON value: JSONL.
  }
  const errors: ImportError[] = [];
  const records: Array<{ value: unknown; line: number }> = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    if (raw.trim() === '') return;
    try {
      records.push({ value: JSON.parse(raw), line: i + 1 });
    } catch (e) {
      errors.push({ line: i + 1, path: '', message: `not valid JSON: ${(e as Error).message}` });
    }
  });
  return collect(records, 'jsonl', errors);
}
