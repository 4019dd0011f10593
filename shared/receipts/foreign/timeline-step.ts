// One step of the debugger's timeline, whatever it came from: this machine's journal, another machine's Tactile
// receipts, seed-004 action envelopes or seed-000 ActionResults. A status here is a Tactile receipt status, so
// one colour scheme and one filter serve every origin; foreign records map onto it without overstating (a
// seed-004 `success` is "dispatched", never verified; an outcome the record cannot tell is `unknown`). Each step
// carries ONE outcome label in words — its own origin's: a seed-004 dispatch reads "dispatched, not verified",
// never a Tactile status's words ("Android finished it") beside it.
import type { EvidenceRefs } from '../../evidence/schemas';
import type { Receipt, ReceiptStatus } from '../index';
import { STATUS_WORDS } from '../words';
import type { Seed000ActionResult, Seed004Envelope } from './schemas';

export type StepOrigin = 'journal' | 'tactile' | 'seed004' | 'seed000';

export interface TimelineStep {
  /** Unique within a timeline. */
  key: string;
  origin: StepOrigin;
  /** ISO time the step started, null when the record has none. */
  at: string | null;
  tool: string;
  status: ReceiptStatus;
  /** The outcome in words, the one label every view shows (`status` only colours and filters). */
  outcome: string;
  /** The same outcome in a word or two, for the timeline's badge: a receipt's status, a seed-004 `dispatched`. */
  badge: string;
  code: string | null;
  message: string | null;
  path: string | null;
  owner: string | null;
  run_id: string | null;
  operation_id: string | null;
  /** The full Tactile receipt (journal, another machine, or inside an ActionResult's metadata). */
  receipt: Receipt | null;
  /** The record's own facts in words, for origins without a receipt. */
  facts: Array<{ label: string; value: string }>;
  /** The screens and trees kept around it (journal steps whose evidence the store still holds); null otherwise. */
  evidence: EvidenceRefs | null;
  /** The record as read, unknown fields included. */
  raw: unknown;
  /** 1-based line (JSONL) or array position (JSON) in the imported file; null for the journal. */
  line: number | null;
}

export function stepFromReceipt(
  r: Receipt,
  origin: 'journal' | 'tactile',
  raw: unknown = r,
  line: number | null = null,
  evidence: EvidenceRefs | null = null,
): TimelineStep {
  return {
    key: `${origin}:${r.operation_id}:${line ?? ''}`,
    origin,
    at: r.started_at,
    tool: r.tool,
    status: r.status,
    outcome: `${r.status}: ${STATUS_WORDS[r.status]}`,
    badge: r.status,
    code: r.code,
    message: r.message,
    path: r.path,
    owner: r.owner.client,
    run_id: r.run_id ?? null,
    operation_id: r.operation_id,
    receipt: r,
    facts: [],
    evidence,
    raw,
    line,
  };
}

const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** Codes after which a seed-004 runtime cannot say whether its input happened. */
const UNCERTAIN_004 = new Set(['UNKNOWN', 'TIMEOUT']);

export function stepFromSeed004(e: Seed004Envelope, line: number): TimelineStep {
  const status: ReceiptStatus = e.success
    ? 'completed'
    : e.failure_code && UNCERTAIN_004.has(e.failure_code)
      ? 'unknown'
      : 'not_started';
  const outcome = e.success
    ? `dispatched, not verified: the runtime sent the input (lifecycle ${e.lifecycle_state}); nothing checked its effect`
    : status === 'unknown'
      ? `unknown: ${e.failure_code}, the runtime cannot say whether the input happened`
      : `not dispatched: ${e.failure_code}${e.retryable ? ' (retryable)' : ''}`;
  const badge = e.success ? 'dispatched' : status === 'unknown' ? 'unknown' : 'not dispatched';
  const facts = [
    ...(e.target ? [{ label: 'Target', value: text(e.target) }] : []),
    ...(e.source_module ? [{ label: 'Source', value: e.source_module }] : []),
    ...(e.ui_fingerprint_before !== undefined
      ? [{ label: 'Fingerprint before', value: text(e.ui_fingerprint_before) }]
      : []),
    ...(e.ui_fingerprint_after !== undefined
      ? [{ label: 'Fingerprint after', value: text(e.ui_fingerprint_after) }]
      : []),
    ...(e.ui_fingerprint_before !== undefined && e.ui_fingerprint_after !== undefined
      ? [
          {
            label: 'Screen changed',
            value:
              text(e.ui_fingerprint_before) === text(e.ui_fingerprint_after)
                ? 'no (same fingerprint)'
                : 'yes (fingerprints differ)',
          },
        ]
      : []),
  ];
  return {
    key: `seed004:${e.action_id}:${line}`,
    origin: 'seed004',
    at: e.timestamp,
    tool: e.action_type,
    status,
    outcome,
    badge,
    code: e.failure_code ?? null,
    message: null,
    path: null,
    owner: e.source_module ?? null,
    run_id: null,
    operation_id: e.action_id,
    receipt: null,
    facts,
    evidence: null,
    raw: e,
    line,
  };
}

/** Seed-000 tools that read and dispatch nothing. */
const READ_TOOLS_000 = new Set([
  'observe_screen',
  'take_screenshot',
  'get_ui_hierarchy',
  'read_control',
  'wait_until',
  'wait_for_text',
  'wait_for_delay',
]);
/** Codes that refuse before input. */
const REFUSED_000 = new Set(['INVALID_ARGS', 'TARGET_NOT_FOUND', 'PACKAGE_NOT_FOUND', 'UNSUPPORTED']);

export function stepFromActionResult(a: Seed000ActionResult, line: number, receipt: Receipt | null): TimelineStep {
  if (receipt)
    return {
      ...stepFromReceipt(receipt, 'tactile', a, line),
      key: `seed000:${receipt.operation_id}:${line}`,
      origin: 'seed000',
    };
  const status: ReceiptStatus = a.ok
    ? READ_TOOLS_000.has(a.action)
      ? 'observed'
      : 'completed'
    : REFUSED_000.has(a.code)
      ? 'not_started'
      : 'unknown';
  const outcome = a.ok
    ? `ok (${a.code}): ${status === 'observed' ? 'a read; no input was sent' : 'the adapter reported the action done'}`
    : `failed (${a.code})${a.detail ? `: ${a.detail}` : ''}: ${status === 'not_started' ? 'refused before any input' : 'the adapter cannot say whether input happened'}`;
  const badge = a.ok ? (status === 'observed' ? 'read' : 'ok') : status === 'not_started' ? 'refused' : 'failed';
  const facts = [
    ...(a.normalized_coordinates
      ? [{ label: 'Coordinates (0..1000)', value: a.normalized_coordinates.join(', ') }]
      : []),
    ...(a.duration_ms !== undefined && a.duration_ms !== null
      ? [{ label: 'Duration', value: `${a.duration_ms} ms` }]
      : []),
  ];
  return {
    key: `seed000:${line}`,
    origin: 'seed000',
    at: null,
    tool: a.action,
    status,
    outcome,
    badge,
    code: a.ok ? null : a.code,
    message: a.message,
    path: null,
    owner: null,
    run_id: null,
    operation_id: null,
    receipt: null,
    facts,
    evidence: null,
    raw: a,
    line,
  };
}
