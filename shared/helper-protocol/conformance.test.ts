// Runs every conformance vector against the reference implementation. The Java helper (helper-apk) and the
// virtual device run the same files; a failure here means the reference and the vectors disagree.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hexToBytes, bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { DeviceStateSchema } from './device-state';
import { applyRequest, checkRequest } from './evaluate';
import { encodePayload, FrameDecoder, FrameError } from './frame-codec';
import { checkHello } from './hello';
import { canonicalJson, sha256Hex } from './identity';
import { RESULT_SCHEMAS, ResponseSchema } from './responses';
import { comparable, VectorSchema, type ConformanceVector } from './vector-schema';

const dir = join(import.meta.dirname, 'vectors');
const vectors: ConformanceVector[] = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => {
    const vector = VectorSchema.parse(JSON.parse(readFileSync(join(dir, f), 'utf8')));
    if (`${vector.name}.json` !== f) throw new Error(`${f} holds vector ${vector.name}: file and name must agree`);
    return vector;
  });

function runDecode(v: Extract<ConformanceVector, { kind: 'frame_decode' }>) {
  const decoder = new FrameDecoder();
  const messages: unknown[] = [];
  let error: string | undefined;
  for (const chunk of v.chunks_hex) {
    try {
      messages.push(...decoder.push(hexToBytes(chunk)));
    } catch (e) {
      if (!(e instanceof FrameError)) throw e;
      error = e.reason;
      break;
    }
  }
  return { messages, error, pending: error ? undefined : decoder.pendingBytes };
}

describe('protocol 4 conformance vectors', () => {
  it('covers every kind and the required cases', () => {
    const names = new Set(vectors.map((v) => v.name));
    expect(vectors.length).toBeGreaterThan(60);
    for (const required of [
      'hello-protocol-2-refused',
      'read_control-ambiguous-two-windows',
      'read_control-background-app-not-matched',
      'read_control-unavailable-incomplete-windows',
      'control_action-stale-after-text-change',
      'control_action-occluded-fully-covered',
      'control_action-partly-covered-allowed',
      'control_action-set_progress-out-of-range',
      'control_action-set_selection-surrogate-pair',
      'control_action-ime_enter-api29',
      'frame-decode-split',
      'read_control-showing-hint-text',
      'control_action-replace_selection-showing-hint',
      'hello-protocol-3-refused-no-sessions',
      'sessions-hello-and-ping-count-hosts',
      'sessions-input-one-owner-at-a-time',
      'sessions-cancel-is-per-session',
      'sessions-uiautomation-lost-tells-every-session',
      'sessions-live-touch-holds-the-gate',
    ]) {
      expect(names.has(required), required).toBe(true);
    }
  });

  it.each(vectors.map((v) => [v.name, v] as const))('%s', (_name, v) => {
    switch (v.kind) {
      case 'evaluate': {
        const state = DeviceStateSchema.parse(v.device_state);
        const { response } = applyRequest(state, v.request);
        expect(ResponseSchema.safeParse(response).success).toBe(true);
        if (response.ok) {
          const op = (v.request as { op: keyof typeof RESULT_SCHEMAS }).op;
          expect(RESULT_SCHEMAS[op].safeParse(response.result).success).toBe(true);
        }
        expect(comparable(response)).toEqual(v.expected_response);
        break;
      }
      case 'sessions': {
        // Several sessions are the helpers' (virtual-device/helper, the Java SessionHub): here, each request the
        // vector sends is one the schemas accept, or the vector expects the reference's refusal of it.
        DeviceStateSchema.parse(v.device_state);
        for (const step of v.steps) {
          if (!('send' in step)) continue;
          const checked = checkRequest(v.device_state, step.request);
          if (!checked.ok && step.expect) expect(comparable(checked.response)).toEqual(step.expect);
          else expect(checked.ok, JSON.stringify(step.request)).toBe(true);
        }
        break;
      }
      case 'hello': {
        const { message: _message, ...rest } = checkHello(v.frame) as Record<string, unknown>;
        expect(rest).toEqual(v.expected);
        break;
      }
      case 'canonical_hash': {
        const text = canonicalJson(v.value as Parameters<typeof canonicalJson>[0]);
        expect(text).toBe(v.canonical_json);
        expect(sha256Hex(text)).toBe(v.sha256);
        break;
      }
      case 'frame_encode':
        expect(bytesToHex(encodePayload(v.payload))).toBe(v.bytes_hex);
        break;
      case 'frame_decode': {
        const { messages, error, pending } = runDecode(v);
        expect(messages).toEqual(v.expected_messages);
        expect(error).toBe(v.expected_error);
        if (v.expected_pending_bytes !== undefined) expect(pending).toBe(v.expected_pending_bytes);
        break;
      }
    }
  });
});
