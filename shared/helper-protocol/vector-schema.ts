// The shape of a conformance vector file (vectors/*.json). Every implementation of the helper side (this
// reference evaluator, the virtual device, the Java helper) must pass every vector; see PROTOCOL.md.
import { z } from 'zod';
import { DeviceStateSchema } from './device-state';

const named = { name: z.string().min(1), description: z.string().min(1) };
const hex = z.string().regex(/^([0-9a-f]{2})*$/);
const session = z.string().regex(/^[a-z]$/);
const frame = z.record(z.string(), z.unknown());

/**
 * One step of a `sessions` vector, run in order against ONE helper serving several host connections (PROTOCOL.md §9).
 * Answers are matched by request id per session; an inject's successful result is compared by `dispatched`, its
 * times being device-clock times (event_times_ms[i] must be down_time_ms + t_ms).
 */
const SessionStepSchema = z.union([
  /** Connect host session `open`; its hello must carry these fields (besides type hello). */
  z.strictObject({ open: session, expect_hello: frame }),
  /** Send on session `send`; `expect`: wait for its answer now; absent: a later `await` step waits for it. */
  z.strictObject({
    send: session,
    request: frame,
    expect: frame.optional(),
    /** Before the next step, wait until the device received the request's first motion event. */
    until: z.literal('injecting').optional(),
  }),
  /** Wait for the answer to request `id` sent earlier on session `await`. */
  z.strictObject({ await: session, id: z.string(), expect: frame }),
  /** From now on every UiAutomation call throws IllegalStateException "UiAutomation not connected". */
  z.strictObject({ fault: z.literal('uiautomation_lost') }),
  /** Each listed session gets the frame {type:exit, code} (message not compared), then the process ends with `code`. */
  z.strictObject({ expect_exit: z.strictObject({ code: z.int(), sessions: z.array(session).min(1) }) }),
]);

export const VectorSchema = z.discriminatedUnion('kind', [
  /** applyRequest(device_state, request).response must equal expected_response, error.message excepted. */
  z.strictObject({
    ...named,
    kind: z.literal('evaluate'),
    device_state: DeviceStateSchema,
    request: z.unknown(),
    expected_response: z.record(z.string(), z.unknown()),
  }),
  /** One helper, several host sessions: the steps in order (SessionStepSchema). Run by the helpers, not the pure reference. */
  z.strictObject({
    ...named,
    kind: z.literal('sessions'),
    device_state: DeviceStateSchema,
    steps: z.array(SessionStepSchema).min(1),
  }),
  /** checkHello(frame) must equal expected, message excepted. */
  z.strictObject({
    ...named,
    kind: z.literal('hello'),
    frame: z.unknown(),
    expected: z.record(z.string(), z.unknown()),
  }),
  /** canonicalJson(value) must equal canonical_json, and SHA-256 of its UTF-8 bytes must equal sha256. */
  z.strictObject({
    ...named,
    kind: z.literal('canonical_hash'),
    value: z.array(z.unknown()),
    canonical_json: z.string(),
    sha256: z.string().regex(/^[a-f0-9]{64}$/),
  }),
  /** encodePayload(payload) must equal bytes_hex. */
  z.strictObject({ ...named, kind: z.literal('frame_encode'), payload: z.string(), bytes_hex: hex }),
  /** Pushing the chunks in order yields expected_messages, then either expected_error or expected_pending_bytes. */
  z.strictObject({
    ...named,
    kind: z.literal('frame_decode'),
    chunks_hex: z.array(hex),
    expected_messages: z.array(z.record(z.string(), z.unknown())),
    expected_error: z.enum(['too_large', 'empty', 'invalid_utf8', 'invalid_json', 'not_object']).optional(),
    expected_pending_bytes: z.int().min(0).optional(),
  }),
]);
export type ConformanceVector = z.infer<typeof VectorSchema>;

/** A response as vectors compare it: error.message is free text, so only its presence is kept. */
export function comparable(response: Record<string, unknown>): Record<string, unknown> {
  const error = response['error'];
  if (typeof error !== 'object' || error === null || !('message' in error)) return response;
  const { message, ...rest } = error as Record<string, unknown>;
  return {
    ...response,
    error: { ...rest, message: typeof message === 'string' && message.length > 0 ? '(not compared)' : message },
  };
}
