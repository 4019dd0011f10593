// The flow document (tactile.flow/1): a named, versioned list of seed tool calls recorded on one device.
// This file is the document's outer shape; each step's `{tool, args}` is judged by the same gate the executor
// uses (validateToolCall, see parse.ts), so a flow step is valid exactly when the call would be accepted.
import { z } from 'zod';
import { MAX_NAME, MAX_TOOL_NAME } from '../actions/bounds';
import { WaitUntilArgsSchema } from '../actions/tools/wait-until';
import { RotationSchema, ScreenSizeSchema } from '../observation/observed-node';

export const FLOW_FORMAT = 'tactile.flow/1';

/** Steps in one flow: ten sequences of the seed's maximum burst, far past any recording a person makes. */
export const MAX_FLOW_STEPS = 1000;
/** A flow's description and a step's label. */
export const MAX_FLOW_TEXT = 4096;

/** The device a flow was recorded on: what the geometry guard compares a replay device with. */
export const RecordedOnSchema = z.strictObject({
  /** Display size apps saw (override size, rotation applied), device pixels. */
  screen: ScreenSizeSchema,
  /** Effective density (override when set), dpi. */
  density: z.int().positive().max(10_000),
  rotation: RotationSchema,
  sdk: z.int().min(1).max(1000),
  /** Versions of the packages the flow touches (package name → versionName), as read at recording time. */
  packages: z.record(z.string().min(1).max(MAX_NAME), z.string().max(MAX_NAME)).default({}),
});
export type RecordedOn = z.output<typeof RecordedOnSchema>;

/**
 * A condition the replay checks after the step succeeded: `wait_until` is polled through the executor (its own
 * receipt, linked to the step) and the step fails when it does not hold in time.
 */
export const FlowExpectationSchema = z.strictObject({
  wait_until: WaitUntilArgsSchema,
});
export type FlowExpectation = z.output<typeof FlowExpectationSchema>;

/** The outer shape of one step; `{tool, args}` are validated as a tool call afterwards (parse.ts). */
export const FlowStepShapeSchema = z.strictObject({
  tool: z.string().min(1).max(MAX_TOOL_NAME),
  args: z.record(z.string(), z.unknown()).default({}),
  label: z.string().max(MAX_FLOW_TEXT).nullable().default(null),
  expect: z.unknown().optional(),
});

export const FlowShapeSchema = z.strictObject({
  format: z.literal(FLOW_FORMAT),
  name: z.string().trim().min(1).max(MAX_NAME),
  description: z.string().max(MAX_FLOW_TEXT).default(''),
  recorded_on: RecordedOnSchema,
  steps: z.array(FlowStepShapeSchema).max(MAX_FLOW_STEPS),
});
