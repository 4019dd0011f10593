// The receipt of one execution: what was asked, what was dispatched, what happened, and the evidence.
// Written to the append-only journal by the executor; printed by `tactile run`.
import { z } from 'zod';
import { ControlReadingSchema, ErrorCodeSchema } from '../helper-protocol/responses';
import { CheckSchema } from './check';
import {
  CalibrationFiguresSchema,
  DragProfileFiguresSchema,
  EnsureStateFiguresSchema,
  FeedbackFiguresSchema,
  ScrollRecordSchema,
} from './figures';
import { OwnerSchema } from './owner';
import { RunIdSchema } from './run';
import { ActionEnvelopeSchema } from '../verify/envelope';
import { ReceiptStatusSchema, sequenceStatus } from './status';
import { StoredTextSchema } from './omitted';

export const RECEIPT_VERSION = 1;

const isoTime = z.iso.datetime({ offset: true });
/** Opaque JSON from the planner or an observation; kept small by its producer. */
const opaque = z.unknown();

export const BACKENDS = ['helper', 'adb_input', 'scrcpy', 'none'] as const;

/** What the backend reported for dispatched input. */
export const DispatchFiguresSchema = z.strictObject({
  backend: z.enum(BACKENDS),
  events: z.int().min(0),
  /** Device clock (uptime) of the first down and of each event, when the backend reports them. */
  down_time_ms: z.int().min(0).nullable(),
  event_times_ms: z.array(z.int().min(0)).nullable(),
});

/**
 * A control reading as a receipt keeps it: a text or content description longer than the journal's cap is an
 * OmittedValue (its length and hash) in the journal and in events; the caller got the reading in full.
 */
const StoredControlReadingSchema = ControlReadingSchema.extend({
  text: StoredTextSchema.nullable(),
  content_desc: StoredTextSchema.nullable(),
});

/** The parts a member receipt and a whole receipt share. */
const outcome = {
  status: ReceiptStatusSchema,
  code: ErrorCodeSchema.nullable(),
  message: z.string().nullable(),
  /** JSON Pointer into the {tool, args} envelope for refusals. */
  path: z.string().nullable(),
  plan: opaque.optional(),
  dispatch: DispatchFiguresSchema.optional(),
  /** click.times: taps that completed (each revalidated before it was sent). */
  completed_taps: z.int().min(0).max(10).optional(),
  calibration: CalibrationFiguresSchema.optional(),
  /** drag: how the finger moved and rested before lifting (no release velocity, no coasting). */
  drag_profile: DragProfileFiguresSchema.optional(),
  ensure_state: EnsureStateFiguresSchema.optional(),
  /** read_control's reading, or control_action's reading before (control_before) and after (control). */
  control_before: StoredControlReadingSchema.optional(),
  control: StoredControlReadingSchema.optional(),
  scrolls: z.array(ScrollRecordSchema).max(20).optional(),
  /** A read or check: the condition, what it expected, what it read, each poll (check.ts). */
  check: CheckSchema.optional(),
};

export const MemberReceiptSchema = z.strictObject({
  index: z.int().min(0),
  /** The member's action kind (drag, click, pinch, touch_gesture, wait_until, control_action, …). */
  tool: z.string().min(1),
  ...outcome,
  duration_ms: z.int().min(0).nullable(),
});
export type MemberReceipt = z.infer<typeof MemberReceiptSchema>;

export const ReceiptSchema = z
  .strictObject({
    receipt_version: z.literal(RECEIPT_VERSION),
    operation_id: z.string().min(1).max(128),
    tool: z.string().min(1),
    /** adb's canonical serial of the device (the serial as given when it was refused before adb resolved it). */
    device_serial: z.string().min(1),
    /** The device identity (one per physical device) the lock was keyed by; absent when refused before adb resolved it. */
    device_id: z.string().min(1).optional(),
    owner: OwnerSchema,
    /** The run this receipt belongs to (shared/receipts/run.ts); absent on receipts written before runs existed. */
    run_id: RunIdSchema.optional(),
    /** The run's name in words, when its source gives one: the flow's name, `tactile run --run NAME`, the agent's name. */
    run_name: z.string().min(1).max(128).optional(),
    started_at: isoTime,
    finished_at: isoTime,
    duration_ms: z.int().min(0),
    /** The validated arguments with defaults filled. */
    args: opaque,
    ...outcome,
    observation_before: opaque.optional(),
    observation_after: opaque.optional(),
    members: z.array(MemberReceiptSchema).optional(),
    /** Sequence-level value feedback (a standalone drag carries it here too). */
    feedback: FeedbackFiguresSchema.optional(),
    /** Seed 004: the action envelope of a tool that sends input (dispatched ≠ verified). */
    action_envelope: ActionEnvelopeSchema.optional(),
    /** Seed 004: the tool's own result fields (fingerprint, element handles, expectations, logs…). */
    result: opaque.optional(),
    /**
     * `pending`: this operation's evidence (screens, trees) is captured and written after this receipt, to the
     * evidence store's line for its operation_id (shared/evidence EvidenceRefs), whose `missing` says why when
     * nothing landed; no line at all means the writer has not finished (or died first). Absent: none is kept.
     */
    evidence: z.literal('pending').optional(),
  })
  .superRefine((r, ctx) => {
    if (Date.parse(r.finished_at) < Date.parse(r.started_at)) {
      ctx.addIssue({ code: 'custom', path: ['finished_at'], message: 'finished_at is before started_at' });
    }
    if (r.members) {
      r.members.forEach((m, i) => {
        if (m.index !== i)
          ctx.addIssue({ code: 'custom', path: ['members', i, 'index'], message: `member ${i} has index ${m.index}` });
      });
      const expected = sequenceStatus(r.members);
      if (r.status !== expected.status || r.code !== expected.code) {
        ctx.addIssue({
          code: 'custom',
          path: ['status'],
          message: `members give status ${expected.status} / code ${expected.code}, receipt says ${r.status} / ${r.code}`,
        });
      }
    }
  });
export type Receipt = z.infer<typeof ReceiptSchema>;
