// Seed 003's request contract in zod, exactly as its OpenAPI states it: the Idempotency-Key pattern and the
// six command bodies (strict: an extra field anywhere is a 400). Tests check these against the seed itself.
import { z } from 'zod';

export const IDEMPOTENCY_KEY = /^[a-zA-Z0-9_-]{8,100}$/;

const reason = z.string().min(1).max(240);
const unit = z.number().min(0).max(1);
const empty = z.strictObject({});

export const CommandBodySchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('observe'), reason, payload: empty }),
  z.strictObject({ action: z.literal('tap'), reason, payload: z.strictObject({ x: unit, y: unit }) }),
  z.strictObject({
    action: z.literal('swipe'),
    reason,
    payload: z.strictObject({ x1: unit, y1: unit, x2: unit, y2: unit, durationMs: z.int().min(100).max(1500) }),
  }),
  z.strictObject({
    action: z.literal('input_text'),
    reason,
    payload: z.strictObject({ text: z.string().min(1).max(500) }),
  }),
  z.strictObject({ action: z.literal('back'), reason, payload: empty }),
  z.strictObject({ action: z.literal('home'), reason, payload: empty }),
]);
export type CommandBody = z.infer<typeof CommandBodySchema>;
export type BridgeAction = CommandBody['action'];

export const COMMAND_STATES = ['queued', 'claimed', 'succeeded', 'rejected', 'failed', 'expired', 'cancelled'] as const;
export type CommandState = (typeof COMMAND_STATES)[number];

/** The seed's Command schema, as this bridge fills it. */
export interface CommandView {
  id: string;
  action: BridgeAction;
  status: CommandState;
  created_at: number;
  expires_at: number;
  result: Record<string, unknown> | null;
}
