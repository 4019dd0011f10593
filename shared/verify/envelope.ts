// Seed 004's action envelope: what every action tool answers, whatever else it reports. `success` means the
// input was dispatched (for adjust_control and scroll_to_element: the stated goal was reached), never that
// the intended outcome happened: that is an expect_* tool's job.
import { z } from 'zod';
import { SEED_004_FAILURE_CODES } from './failure-codes';

export const LIFECYCLE_STATES = ['pending_verification', 'failed'] as const;

export const ActionEnvelopeSchema = z.strictObject({
  /** Unique and timestamp-based: `act_<epoch ms>_<operation id prefix>`. */
  action_id: z.string().min(1),
  timestamp: z.iso.datetime({ offset: true }),
  action_type: z.string().min(1),
  lifecycle_state: z.enum(LIFECYCLE_STATES),
  /** The runtime module that built the envelope. */
  source_module: z.string().min(1),
  target: z.strictObject({ selector: z.unknown(), resolved: z.unknown().optional() }),
  success: z.boolean(),
  failure_code: z.enum(SEED_004_FAILURE_CODES).optional(),
  retryable: z.boolean().optional(),
  ui_fingerprint_before: z.string().optional(),
  ui_fingerprint_after: z.string().optional(),
});
export type ActionEnvelope = z.infer<typeof ActionEnvelopeSchema>;
