// The shape of a conformance vector file (vectors/*.json). Every implementation of the helper side (this
// reference evaluator, the virtual device, the Java helper) must pass every vector; see PROTOCOL.md.
import { z } from 'zod';
import { DeviceStateSchema } from './device-state';

const named = { name: z.string().min(1), description: z.string().min(1) };
const hex = z.string().regex(/^([0-9a-f]{2})*$/);

export const VectorSchema = z.discriminatedUnion('kind', [
  /** applyRequest(device_state, request).response must equal expected_response, error.message excepted. */
  z.strictObject({ ...named, kind: z.literal('evaluate'), device_state: DeviceStateSchema, request: z.unknown(), expected_response: z.record(z.string(), z.unknown()) }),
  /** checkHello(frame) must equal expected, message excepted. */
  z.strictObject({ ...named, kind: z.literal('hello'), frame: z.unknown(), expected: z.record(z.string(), z.unknown()) }),
  /** canonicalJson(value) must equal canonical_json, and SHA-256 of its UTF-8 bytes must equal sha256. */
  z.strictObject({ ...named, kind: z.literal('canonical_hash'), value: z.array(z.unknown()), canonical_json: z.string(), sha256: z.string().regex(/^[a-f0-9]{64}$/) }),
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
  return { ...response, error: { ...rest, message: typeof message === 'string' && message.length > 0 ? '(not compared)' : message } };
}
