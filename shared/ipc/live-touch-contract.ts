// Live touch (the Control tool's finger follows the pointer as it moves): one `device.touch` request per
// pointer event, sent by the renderer as the event happens and never awaited before the next one (the
// transports keep them in order; main also checks `seq`). The first `down` of a contact takes the device lock
// (refused: DEVICE_BUSY naming the holder, nothing sent) and writes the intent ahead of the first event; the
// last `up` answers with the contact's one receipt. `cancel` ends a contact the page can no longer follow
// (window blur, tab hidden, Esc, device switched): main ends it on the device with ACTION_CANCEL, and a
// contact that hears nothing, not even `hold`, for LIVE_SILENCE_MS is ended the same way (a renderer that
// died never leaves a finger down). Spread into REQUESTS by contract.ts.
import { z } from 'zod';
import { ReceiptSchema } from '../receipts/receipt';
import { OperationIdSchema, SerialSchema } from './schemas';

/** A `hold` at least this often while a contact is down and still … */
export const LIVE_HOLD_EVERY_MS = 1000;
/** … else main ends the contact with ACTION_CANCEL after this much silence. */
export const LIVE_SILENCE_MS = 5000;

/** What started the contact (its receipt's target_description says so). */
export const LIVE_CONTACT_KINDS = ['pointer', 'pinch', 'wheel'] as const;
/** Why the page ended a contact it could no longer follow. */
export const LIVE_CANCEL_REASONS = [
  'focus-lost',
  'hidden',
  'escape',
  'device-switched',
  'tool-switched',
  'frozen',
  'pinch',
  'client-stopped',
] as const;
export const LIVE_BACKENDS = ['scrcpy', 'helper'] as const;

/** A finger in device pixels, exactly as under the pointer: never clamped (off-screen is refused by main). */
export const LivePointerSchema = z.strictObject({ id: z.int().min(0).max(9), x: z.int(), y: z.int() });

const pointers = z
  .array(LivePointerSchema)
  .min(1)
  .max(5)
  .refine((ps) => new Set(ps.map((p) => p.id)).size === ps.length, 'expected distinct pointer ids');

const base = {
  serial: SerialSchema,
  /** The contact's id, which is its operation id (its receipt's, and what device.cancel / Stop name). */
  contact: OperationIdSchema,
  /** 0 for the down, +1 per event of the contact. */
  seq: z
    .int()
    .min(0)
    .max(2 ** 31 - 1),
  /** When the page saw the event: epoch ms (performance.timeOrigin + event.timeStamp), for latency figures. */
  page_time_ms: z.number().min(0).max(1e15),
};

export const LiveTouchEventSchema = z.discriminatedUnion('phase', [
  /** Every finger of the contact goes down (a pinch's two at once). */
  z.strictObject({ ...base, phase: z.literal('down'), kind: z.enum(LIVE_CONTACT_KINDS), pointers }),
  /** Where every finger is now. */
  z.strictObject({ ...base, phase: z.literal('move'), pointers }),
  /** Every finger lifts, at these positions (moved there first when they differ from the last move). */
  z.strictObject({ ...base, phase: z.literal('up'), pointers }),
  z.strictObject({ ...base, phase: z.literal('cancel'), reason: z.enum(LIVE_CANCEL_REASONS) }),
  /** Still held, nothing moved (a press held still sends no pointer events). */
  z.strictObject({ ...base, phase: z.literal('hold') }),
]);
export type LiveTouchEvent = z.output<typeof LiveTouchEventSchema>;
export type LiveTouchEventInput = z.input<typeof LiveTouchEventSchema>;
export type LiveContactKind = (typeof LIVE_CONTACT_KINDS)[number];
export type LiveCancelReason = (typeof LIVE_CANCEL_REASONS)[number];

export const LiveTouchReplySchema = z.strictObject({
  contact: z.string(),
  /**
   * live: the fingers are on the device; ended: the contact is over (its receipt came with the event that ended
   * it); replay: no live backend here (no mirror stream, no helper): nothing was sent, the page sends the
   * gesture through the executor when it is released (today's path).
   */
  state: z.enum(['live', 'ended', 'replay']),
  backend: z.enum(LIVE_BACKENDS).nullable(),
  /** Input events injected so far. */
  events: z.int().min(0),
  /** The contact's receipt, with the event that ended it (up, cancel, a refused down, a broken link). */
  receipt: ReceiptSchema.nullable(),
});
export type LiveTouchReply = z.output<typeof LiveTouchReplySchema>;

export const LIVE_TOUCH_REQUESTS = {
  'device.touch': { request: LiveTouchEventSchema, response: LiveTouchReplySchema },
} as const;
