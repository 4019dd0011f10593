// $defs/EnsureVisibleStep: tap the opener once only if the panel control `target` is absent, then wait for it.
import { z } from 'zod';
import { utf16Max } from '../../limits/utf16';
import { MAX_NAME } from '../bounds';
import { IdString } from '../primitives';

export const EnsureVisibleStepSchema = z
  .strictObject({
    action: z.literal('ensure_visible'),
    /** Panel control resource_id, copied verbatim (including ':id/'). */
    target: IdString,
    /** Opener resource_id, copied verbatim; tapped at most once. */
    opener: IdString,
    target_description: utf16Max(z.string().min(1), MAX_NAME),
    timeout_ms: z.int().min(100).max(3000).default(1500),
  })
  .meta({ id: 'EnsureVisibleStep' });

export type EnsureVisibleStep = z.output<typeof EnsureVisibleStepSchema>;
