// The foreign records the receipt debugger imports, validated at the file boundary. Unknown fields are kept
// (loose objects): another machine's Tactile, a seed-004 runtime or a seed-000 adapter may add fields this
// version does not know, and the debugger shows them in the raw JSON rather than dropping them.
import { z } from 'zod';

const isoTime = z.iso.datetime({ offset: true });

/**
 * A seed-004 action envelope (tap_element, launch_app, …): the action's id and time, its type, the
 * post-dispatch lifecycle state, the target, whether it was dispatched, and the failure code when it was not.
 */
export const Seed004EnvelopeSchema = z
  .looseObject({
    action_id: z.string().min(1),
    timestamp: isoTime,
    action_type: z.string().min(1),
    lifecycle_state: z.enum(['pending_verification', 'failed']),
    source_module: z.string().optional(),
    target: z.looseObject({ selector: z.unknown().optional(), resolved: z.unknown().optional() }).nullable().optional(),
    /** true when the action was dispatched (never a verified outcome). */
    success: z.boolean(),
    failure_code: z.string().min(1).optional(),
    retryable: z.boolean().optional(),
    ui_fingerprint_before: z.unknown().optional(),
    ui_fingerprint_after: z.unknown().optional(),
  })
  .superRefine((e, ctx) => {
    if (!e.success && e.failure_code === undefined)
      ctx.addIssue({ code: 'custom', path: ['failure_code'], message: 'success=false needs a failure_code' });
    if (e.failure_code !== undefined && e.retryable === undefined)
      ctx.addIssue({ code: 'custom', path: ['retryable'], message: 'a failure_code needs retryable' });
  });
export type Seed004Envelope = z.infer<typeof Seed004EnvelopeSchema>;

export const SEED000_ACTION_CODES = [
  'OK',
  'INVALID_ARGS',
  'TARGET_NOT_FOUND',
  'DEVICE_ERROR',
  'PACKAGE_NOT_FOUND',
  'TIMEOUT',
  'UNSUPPORTED',
] as const;

/** Seed 000's ActionResult: the outcome of one device action, independent of any transport or agent. */
export const Seed000ActionResultSchema = z.looseObject({
  ok: z.boolean(),
  code: z.enum(SEED000_ACTION_CODES),
  action: z.string().min(1),
  message: z.string(),
  detail: z.string().nullable().optional(),
  normalized_coordinates: z.array(z.int()).nullable().optional(),
  duration_ms: z.int().nullable().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
export type Seed000ActionResult = z.infer<typeof Seed000ActionResultSchema>;
