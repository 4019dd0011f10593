// classify_action_outcome's inputs (seed 004): the UI signals and the optional network evidence.
import { z } from 'zod';
import { IdString } from '../primitives';

export const NetworkRequestSchema = z.strictObject({
  endpoint: z.string().max(4096).optional(),
  method: z.string().max(16).optional(),
  statusCode: z.int().nullable().optional(),
  networkError: z.string().max(256).nullable().optional(),
  /** success | failure | retryable (seed 004); any other status (e.g. `pending`) decides nothing, so it reaches rule 8. */
  status: z.string().min(1).max(32),
  durationMs: z.number().min(0).nullable().optional(),
});
export type NetworkRequest = z.output<typeof NetworkRequestSchema>;

export const ClassifyActionOutcomeArgsSchema = z.strictObject({
  uiChanged: z.boolean().optional(),
  expectedElementVisible: z.boolean().optional(),
  actionType: IdString.optional(),
  networkRequests: z.array(NetworkRequestSchema).max(500).optional(),
});
