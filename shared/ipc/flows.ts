// IPC payloads of the flow library (<data dir>/flows), flow replay (one flow on one or several devices, a
// step × device matrix) and group control (one manual call fanned out to several devices). Channel names are
// listed in channels.ts; contract.ts maps each to these schemas. Step indices are 0-based everywhere: step N is
// the flow's /steps/N.
import { z } from 'zod';
import { ErrorCodeSchema } from '../helper-protocol/responses';
import { FLOW_FORMAT, MAX_FLOW_STEPS, MAX_FLOW_TEXT, RecordedOnSchema } from '../flows/format';
import { ALL_TOOL_NAMES } from '../actions/registry';
import { MAX_NAME } from '../actions/bounds';
import { RotationSchema, ScreenSizeSchema } from '../observation/observed-node';
import { ReceiptSchema, RECEIPT_STATUSES } from '../receipts';
import { RunIdSchema } from '../receipts/run';
import { OperationIdSchema, SerialSchema } from './schemas';

export const TactileErrorSchema = z.strictObject({ code: ErrorCodeSchema, path: z.string(), message: z.string() });

/** A library file's name: `<slug>.json` when Tactile made it; any visible `*.json` file someone put there. */
export const FlowIdSchema = z
  .string()
  .min(6)
  .max(255)
  .regex(/^[^./\\\0][^/\\\0]*\.json$/, 'expected a flow id: the library file name, e.g. "play-and-check.json"');

/** One row of the library; a file that does not parse is listed with `error` (and left as it is on disk). */
export const FlowEntrySchema = z.strictObject({
  id: FlowIdSchema,
  /** Absolute path of the file. */
  file: z.string(),
  /** null when the file does not parse. */
  name: z.string().nullable(),
  description: z.string().nullable(),
  steps: z.int().min(0).nullable(),
  /** The distinct tools of its steps, in first-use order. */
  tools: z.array(z.string()),
  size: z.int().min(0),
  /** Last modification (epoch ms). */
  modified_at: z.number(),
  /** Why the file does not parse as a flow (first error; path into the document), or null. */
  error: TactileErrorSchema.nullable(),
});
export type FlowEntry = z.infer<typeof FlowEntrySchema>;

/** A parsed flow as main sends it (each step's args as validated, defaults filled). */
export const FlowDocumentSchema = z.strictObject({
  format: z.literal(FLOW_FORMAT),
  name: z.string(),
  description: z.string(),
  recorded_on: RecordedOnSchema,
  steps: z
    .array(
      z.strictObject({
        tool: z.enum(ALL_TOOL_NAMES),
        args: z.record(z.string(), z.unknown()),
        label: z.string().max(MAX_FLOW_TEXT).nullable(),
        expect: z.strictObject({ wait_until: z.record(z.string(), z.unknown()) }).optional(),
      }),
    )
    .max(MAX_FLOW_STEPS),
});

const FlowNameSchema = z.string().trim().min(1).max(MAX_NAME);

/** Where an imported flow comes from: a file on this machine (main reads it) or its text (a renderer file picker). */
export const FlowImportSourceSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('path'), path: z.string().min(1).max(4096) }),
  z.strictObject({ kind: z.literal('text'), text: z.string().max(8 * 1024 * 1024) }),
]);

export const FlowRequests = {
  /** Every `*.json` in the library, newest first; `query` keeps those whose name, description, labels or tools contain it (case-insensitive). */
  list: {
    request: z.strictObject({ query: z.string().max(MAX_NAME).optional() }),
    response: z.strictObject({ dir: z.string(), flows: z.array(FlowEntrySchema) }),
  },
  /** The flow, or the errors that keep it from parsing (flow null), each with a JSON Pointer into the file. */
  open: {
    request: z.strictObject({ id: FlowIdSchema }),
    response: z.strictObject({
      entry: FlowEntrySchema,
      flow: FlowDocumentSchema.nullable(),
      errors: z.array(TactileErrorSchema),
    }),
  },
  /**
   * Validates `flow` (refused as a whole with the first error, path "/flow/…") and writes it atomically: to `id`
   * when given (replacing that file), else to a new id made from its name.
   */
  save: {
    request: z.strictObject({ id: FlowIdSchema.optional(), flow: z.unknown() }),
    response: z.strictObject({ entry: FlowEntrySchema }),
  },
  /** Sets the flow's name (the file keeps its id). */
  rename: {
    request: z.strictObject({ id: FlowIdSchema, name: FlowNameSchema }),
    response: z.strictObject({ entry: FlowEntrySchema }),
  },
  /** A copy under a new id, named `name` or "<name> (copy)". */
  duplicate: {
    request: z.strictObject({ id: FlowIdSchema, name: FlowNameSchema.optional() }),
    response: z.strictObject({ entry: FlowEntrySchema }),
  },
  delete: {
    request: z.strictObject({ id: FlowIdSchema }),
    response: z.strictObject({ deleted: z.boolean() }),
  },
  /** Validates the source (refused with its first error) and saves it under a new id. */
  import: {
    request: z.strictObject({ source: FlowImportSourceSchema }),
    response: z.strictObject({ entry: FlowEntrySchema }),
  },
  /** Writes the flow (as validated) atomically to `path` on this machine. */
  export: {
    request: z.strictObject({ id: FlowIdSchema, path: z.string().min(1).max(4096) }),
    response: z.strictObject({ path: z.string() }),
  },
  /**
   * A run of this machine's journal as a flow (electron/flows/run-as-flow.ts): its input steps with their targets
   * as selectors where the receipt names a node, its checks, recorded on the run's device as it is now; failed,
   * refused and read-only steps left out and listed. Saved to the library (under a new id) when `save`.
   */
  'from-run': {
    request: z.strictObject({ run_id: RunIdSchema, name: FlowNameSchema.optional(), save: z.boolean().default(true) }),
    response: z.strictObject({
      flow: FlowDocumentSchema,
      /** 1-based positions: `run_step` in the run, `flow_step` in the flow. */
      kept: z.array(
        z.strictObject({
          run_step: z.int().min(1),
          tool: z.string(),
          flow_step: z.int().min(1),
          as: z.enum(['call', 'selector', 'check']),
        }),
      ),
      left_out: z.array(
        z.strictObject({
          run_step: z.int().min(1),
          tool: z.string(),
          status: z.enum(RECEIPT_STATUSES),
          code: z.string().nullable(),
          why: z.string(),
        }),
      ),
      entry: FlowEntrySchema.nullable(),
    }),
  },
} as const;

// ---- replay ----

export const REPLAY_MODES = ['all', 'from', 'single'] as const;
export const REPLAY_STATES = ['running', 'paused', 'stopping', 'finished'] as const;
/** A device's progress through the flow. */
export const REPLAY_DEVICE_STATES = ['pending', 'running', 'paused', 'succeeded', 'failed', 'stopped'] as const;
/**
 * One cell of the step × device matrix. refused: the replay sent nothing for it (GEOMETRY_CHANGED); failed: its
 * receipt (or its expectation's) did not succeed; skipped: not run because the device stopped earlier.
 */
export const REPLAY_CELL_STATES = ['pending', 'running', 'succeeded', 'failed', 'refused', 'skipped'] as const;

export const ReplayRequestSchema = z.strictObject({
  /** A library flow, or the console's unsaved document. */
  source: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('library'), id: FlowIdSchema }),
    z.strictObject({ kind: z.literal('inline'), flow: z.unknown() }),
  ]),
  /** One device, or several replayed at once, each under its own lock. */
  serials: z.array(SerialSchema).min(1).max(16),
  /** all steps; from `step` to the end; or `step` alone. */
  mode: z.enum(REPLAY_MODES).default('all'),
  step: z
    .int()
    .min(0)
    .max(MAX_FLOW_STEPS - 1)
    .default(0),
  /** Step by step: pause after every step; each flows.replay.resume runs the next one. */
  pause_after_each: z.boolean().default(false),
  /** Explicit opt-in: on a changed screen, send coordinate steps scaled through normalized coordinates instead of refusing them. */
  scale_coordinates: z.boolean().default(false),
});

/** What the screen showed when a step failed (null when it could not be read, e.g. the device is gone). */
export const ScreenShownSchema = z.strictObject({
  screen: ScreenSizeSchema,
  rotation: RotationSchema,
  /** Visible texts, top to bottom, at most 40. */
  texts: z.array(z.string()).max(40),
  /** Resource ids on screen, at most 40. */
  resource_ids: z.array(z.string()).max(40),
});
export type ScreenShown = z.infer<typeof ScreenShownSchema>;

export const ReplayCellSchema = z.strictObject({
  step: z.int().min(0),
  serial: z.string(),
  state: z.enum(REPLAY_CELL_STATES),
  /** The step's executor operation (its receipt in the journal); null when nothing was run. */
  operation_id: OperationIdSchema.nullable(),
  receipt_status: z.enum(RECEIPT_STATUSES).nullable(),
  /** The expectation's wait_until operation, when the step has one and it ran. */
  expect_operation_id: OperationIdSchema.nullable(),
  /** Whether pixel coordinates were scaled to the live screen for this cell. */
  scaled: z.boolean(),
  code: ErrorCodeSchema.nullable(),
  path: z.string().nullable(),
  message: z.string().nullable(),
  /** A failed check (the step's expectation, a wait, an expect_*): what it expected and what it read, from its receipt. */
  expected: z.string().nullable().default(null),
  actual: z.string().nullable().default(null),
});
export type ReplayCell = z.infer<typeof ReplayCellSchema>;

export const ReplayDeviceSchema = z.strictObject({
  serial: z.string(),
  state: z.enum(REPLAY_DEVICE_STATES),
  /** The device's screen when the replay began on it (null when it could not be read). */
  geometry: z.strictObject({ screen: ScreenSizeSchema, density: z.number(), rotation: RotationSchema }).nullable(),
  /** How it differs from recorded_on, in words (empty: same geometry). */
  geometry_changes: z.array(z.string()),
  /** The first failure: which step, why, what the screen showed. */
  failure: z
    .strictObject({
      step: z.int().min(0),
      code: ErrorCodeSchema.nullable(),
      path: z.string().nullable(),
      message: z.string(),
      /** What the failed check expected and read (null when the failure was no check's). */
      expected: z.string().nullable().default(null),
      actual: z.string().nullable().default(null),
      screen: ScreenShownSchema.nullable(),
    })
    .nullable(),
});
export type ReplayDevice = z.infer<typeof ReplayDeviceSchema>;

export const ReplayViewSchema = z.strictObject({
  replay_id: z.string(),
  /** The run every receipt of this replay belongs to (`flow-…`). */
  run_id: z.string(),
  flow_id: FlowIdSchema.nullable(),
  flow_name: z.string(),
  state: z.enum(REPLAY_STATES),
  mode: z.enum(REPLAY_MODES),
  pause_after_each: z.boolean(),
  scale_coordinates: z.boolean(),
  /** The steps this replay runs, in order. */
  steps: z.array(z.strictObject({ index: z.int().min(0), tool: z.string(), label: z.string().nullable() })),
  devices: z.array(ReplayDeviceSchema),
  /** Row-major: every selected step × every device. */
  cells: z.array(ReplayCellSchema),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ReplayView = z.infer<typeof ReplayViewSchema>;

const ReplayIdRequestSchema = z.strictObject({ replay_id: z.string().min(1).max(64) });

export const ReplayRequests = {
  start: { request: ReplayRequestSchema, response: z.strictObject({ replay: ReplayViewSchema }) },
  /** Pauses before the next step (a step in flight finishes). */
  pause: { request: ReplayIdRequestSchema, response: z.strictObject({ replay: ReplayViewSchema }) },
  resume: { request: ReplayIdRequestSchema, response: z.strictObject({ replay: ReplayViewSchema }) },
  /** Cancels the steps in flight (their receipts say what happened) and runs no further step. */
  stop: { request: ReplayIdRequestSchema, response: z.strictObject({ replay: ReplayViewSchema }) },
  /** Replays of this console, newest first (finished ones kept until the console restarts, at most 20). */
  list: { request: z.strictObject({}), response: z.strictObject({ replays: z.array(ReplayViewSchema) }) },
} as const;

// ---- group control ----

/** One manual call sent to every selected device at once; each runs under its own lock. */
export const GroupDispatchRequestSchema = z.strictObject({
  serials: z.array(SerialSchema).min(1).max(16),
  envelope: z.unknown(),
});

export const GroupDispatchResponseSchema = z.strictObject({
  results: z.array(
    z.strictObject({
      serial: z.string(),
      /** The device's receipt; null when the call was refused for it before the executor (pixel coordinates). */
      receipt: ReceiptSchema.nullable(),
      error: TactileErrorSchema.nullable(),
    }),
  ),
});
