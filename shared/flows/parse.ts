// Reading a flow: bounds → migration to the current format → outer shape → every step through validateToolCall
// (the executor's own gate), judged against the recorded screen. Every error carries a JSON Pointer into the flow
// document, e.g. "/steps/3/args/target". The parsed flow holds each call as validated (defaults filled).
import type { ActionCall } from '../actions';
import { issuesToErrors } from '../actions/issues';
import { jsonPointer, type TactileError } from '../errors';
import { checkValueBounds, parseBoundedJson, type JsonLimits } from '../limits/json-bounds';
import { refuseProtoKey } from '../limits/proto-key';
import { validateToolCall } from '../validation';
import { FLOW_FORMAT, FlowShapeSchema, type FlowExpectation, type RecordedOn } from './format';
import { migrateFlow } from './migrate';

/** A flow file: room for MAX_FLOW_STEPS steps of a few kilobytes each. */
export const FLOW_LIMITS: JsonLimits = { maxChars: 8 * 1024 * 1024, maxDepth: 64, maxNodes: 1_000_000 };

export type FlowStep = ActionCall & { label: string | null; expect?: FlowExpectation };

export interface Flow {
  format: typeof FLOW_FORMAT;
  name: string;
  description: string;
  recorded_on: RecordedOn;
  steps: FlowStep[];
}

export interface FlowParseOptions {
  /** The task's max_burst_actions for action_sequence steps (validateToolCall's default when absent). */
  maxBurstActions?: number;
}

export type FlowParseResult =
  { ok: true; flow: Flow; migrated_from: string | null } | { ok: false; errors: TactileError[] };

const prefixed = (segments: ReadonlyArray<string | number>, errors: TactileError[]): TactileError[] =>
  errors.map((e) => ({ ...e, path: jsonPointer(segments) + e.path }));

export function parseFlow(value: unknown, options: FlowParseOptions = {}): FlowParseResult {
  const unbounded = checkValueBounds(value, FLOW_LIMITS, 'the flow');
  if (unbounded !== null) return { ok: false, errors: [unbounded] };
  const proto = refuseProtoKey(value);
  if (proto !== null) return { ok: false, errors: [proto] };
  const migrated = migrateFlow(value);
  if (!migrated.ok) return migrated;
  const shape = FlowShapeSchema.safeParse(migrated.value);
  if (!shape.success) return { ok: false, errors: issuesToErrors(shape.error.issues, []) };
  const { recorded_on } = shape.data;
  const ctx = { screen: recorded_on.screen, maxBurstActions: options.maxBurstActions };
  const errors: TactileError[] = [];
  const steps: FlowStep[] = [];
  shape.data.steps.forEach((raw, i) => {
    const checked = validateToolCall({ tool: raw.tool, args: raw.args }, ctx);
    if (!checked.ok) errors.push(...prefixed(['steps', i], checked.errors));
    const expect = raw.expect === undefined ? undefined : parseExpectation(raw.expect, ['steps', i, 'expect'], errors);
    if (checked.ok && (raw.expect === undefined || expect !== undefined)) {
      steps.push({ ...checked.call, label: raw.label, ...(expect !== undefined && { expect }) } as FlowStep);
    }
  });
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, flow: { ...shape.data, format: FLOW_FORMAT, steps }, migrated_from: migrated.migrated_from };
}

/** `expect.wait_until` is a wait_until call: the same gate, its errors pointed at /steps/N/expect/wait_until/…. */
function parseExpectation(
  raw: unknown,
  at: Array<string | number>,
  errors: TactileError[],
): FlowExpectation | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    errors.push({
      code: 'INVALID_ARGUMENT',
      path: jsonPointer(at),
      message: 'An expectation is an object: {"wait_until": {…}}.',
    });
    return undefined;
  }
  const extra = Object.keys(raw).filter((k) => k !== 'wait_until');
  for (const key of extra)
    errors.push({
      code: 'INVALID_ARGUMENT',
      path: jsonPointer([...at, key]),
      message: `Unknown property "${key}" is not allowed here.`,
    });
  const wait = (raw as { wait_until?: unknown }).wait_until;
  if (wait === undefined) {
    errors.push({
      code: 'INVALID_ARGUMENT',
      path: jsonPointer([...at, 'wait_until']),
      message: 'Required property is missing (expected object).',
    });
    return undefined;
  }
  const checked = validateToolCall({ tool: 'wait_until', args: wait });
  if (!checked.ok) {
    // validateToolCall points into {tool, args}: "/args/…" is "/wait_until/…" here.
    errors.push(
      ...checked.errors.map((e) => ({
        ...e,
        path: jsonPointer([...at, 'wait_until']) + e.path.replace(/^\/args/, ''),
      })),
    );
    return undefined;
  }
  if (extra.length > 0 || checked.call.tool !== 'wait_until') return undefined;
  return { wait_until: checked.call.args };
}

/** A flow file's text: size and depth first (FLOW_LIMITS), then parseFlow. */
export function parseFlowText(text: string, options: FlowParseOptions = {}): FlowParseResult {
  const json = parseBoundedJson(text, FLOW_LIMITS, 'the flow file');
  return json.ok ? parseFlow(json.value, options) : { ok: false, errors: [json.error] };
}

/** The one way a flow is written: a parsed flow, two-space JSON, one trailing newline. */
export function serializeFlow(flow: Flow): string {
  return JSON.stringify(flow, null, 2) + '\n';
}

/** The `{tool, args}` call of a step (label and expectation are the flow's, not the tool's). */
export function stepCall(step: FlowStep): ActionCall {
  return { tool: step.tool, args: step.args } as ActionCall;
}
