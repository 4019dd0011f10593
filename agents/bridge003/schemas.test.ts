// The bridge's zod request schema agrees with seed 003's own JSON Schema (ajv) on valid bodies and on thousands
// of near-miss ones; the Idempotency-Key pattern is the seed's.
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEED_003_OPENAPI } from '../contracts';
import { CommandBodySchema, IDEMPOTENCY_KEY } from './schemas';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const post = (SEED_003_OPENAPI['paths'] as Json)['/api/agent/commands'].post as Json;
const seedBody = post.requestBody.content['application/json'].schema as Json;
const seedValid = new Ajv2020({ strict: false }).compile(seedBody);

const unitish = fc.oneof(
  fc.double({ min: -0.5, max: 1.5, noNaN: true }),
  fc.constantFrom(0, 1, -0, 1.0000001),
  fc.string(),
  fc.constant(null),
);
const payloads: Record<string, fc.Arbitrary<unknown>> = {
  observe: fc.constant({}),
  back: fc.constant({}),
  home: fc.constant({}),
  tap: fc.record({ x: unitish, y: unitish }, { requiredKeys: [] }),
  swipe: fc.record(
    {
      x1: unitish,
      y1: unitish,
      x2: unitish,
      y2: unitish,
      durationMs: fc.oneof(fc.integer({ min: 0, max: 2000 }), fc.double(), fc.constant('300')),
    },
    { requiredKeys: [] },
  ),
  input_text: fc.record(
    { text: fc.oneof(fc.string({ maxLength: 3 }), fc.string({ minLength: 499, maxLength: 502 }), fc.integer()) },
    { requiredKeys: [] },
  ),
};
const body = fc
  .record(
    {
      action: fc.oneof(fc.constantFrom(...Object.keys(payloads)), fc.constantFrom('shell', 'screenshot', '', 'TAP')),
      reason: fc.oneof(fc.string({ maxLength: 4 }), fc.string({ minLength: 239, maxLength: 242 }), fc.constant(null)),
      extra: fc.option(fc.anything(), { nil: undefined }),
    },
    { requiredKeys: ['action'] },
  )
  .chain((b) =>
    (payloads[b.action] ?? fc.constant({})).chain((p) =>
      fc.record({ extraPayload: fc.option(fc.integer(), { nil: undefined }) }).map(({ extraPayload }) => {
        const out: Json = { ...b, payload: extraPayload === undefined ? p : { ...(p as Json), extra: extraPayload } };
        if (b.extra === undefined) delete out['extra'];
        return out;
      }),
    ),
  );

describe('seed 003 request bodies', () => {
  it('zod and the seed agree on 5,000 generated bodies', () => {
    fc.assert(
      fc.property(body, (b) => CommandBodySchema.safeParse(b).success === seedValid(b)),
      { numRuns: 5000 },
    );
  });

  it('accepts the seed examples of every action', () => {
    for (const b of [
      { action: 'observe', reason: 'r', payload: {} },
      { action: 'tap', reason: 'r', payload: { x: 0, y: 1 } },
      { action: 'swipe', reason: 'r', payload: { x1: 0.1, y1: 0.2, x2: 0.3, y2: 0.4, durationMs: 100 } },
      { action: 'input_text', reason: 'r', payload: { text: 'a' } },
      { action: 'back', reason: 'r', payload: {} },
      { action: 'home', reason: 'r', payload: {} },
    ]) {
      expect(seedValid(b)).toBe(true);
      expect(CommandBodySchema.safeParse(b).success).toBe(true);
    }
  });

  it('uses the seed Idempotency-Key pattern', () => {
    const pattern = (post.parameters as Json[]).find((p) => p.name === 'Idempotency-Key')!.schema.pattern as string;
    expect(IDEMPOTENCY_KEY.source).toBe(pattern);
  });
});
