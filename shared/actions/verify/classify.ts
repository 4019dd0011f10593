// classify_action_outcome's inputs (seed 004): the UI signals and the optional network evidence.
import { z } from 'zod';
import { text16, utf16Max } from '../../limits/utf16';
import { IdString } from '../primitives';

export const NetworkRequestSchema = z.strictObject({
  endpoint: text16(4096).optional(),
  method: text16(16).optional(),
  statusCode: z.int().nullable().optional(),
  networkError: text16(256).nullable().optional(),
  /** success | failure | retryable (seed 004); any other status (e.g. `pending`) decides nothing, so it reaches rule 8. */
  status: utf16Max(z.string().min(1), 32),
  durationMs: z.number().min(0).nullable().optional(),
});
export type NetworkRequest = z.output<typeof NetworkRequestSchema>;

export const ClassifyActionOutcomeArgsSchema = z.strictObject({
  uiChanged: z.boolean().optional(),
  expectedElementVisible: z.boolean().optional(),
  actionType: IdString.optional(),
  networkRequests: z.array(NetworkRequestSchema).max(500).optional(),
});
