// The figures receipts carry for calibrated drags, value feedback, ensure_state and scroll_to.
import { z } from 'zod';
import { ErrorCodeSchema } from '../helper-protocol/responses';
import { ReceiptStatusSchema } from './status';

const sha256Hex = z.string().regex(/^[a-f0-9]{64}$/);

/** shared/geometry's calibration result, as dispatched. */
export const CalibrationFiguresSchema = z.strictObject({
  end_px: z.tuple([z.int(), z.int()]),
  value_per_px: z.number().positive(),
  /** |rounded − exact| × value_per_px, in the scale's unit. */
  rounding_error: z.number().min(0),
  /** tolerance / value_per_px; null when the calibration gave no tolerance. */
  allowed_px_error: z.number().min(0).nullable(),
});

/** shared/gesture's drag profile, as dispatched: the move, then the rest on the end point before the lift. */
export const DragProfileFiguresSchema = z.strictObject({
  move_ms: z.int().min(1),
  settle_ms: z.int().min(0),
  /** A short calibrated pan led the finger here first, past the touch slop. */
  lead_px: z.tuple([z.number(), z.number()]).optional(),
});

export const FeedbackFiguresSchema = z
  .strictObject({
    value_format: z.enum(['range', 'number', 'clock']),
    target_value: z.number(),
    tolerance: z.number().min(0),
    /** Reading confirmed before input; null if none could be made (then nothing was dispatched). */
    before_value: z.number().nullable(),
    /** Last stable reading after input; null when no stable reading came within timeout_ms. */
    after_value: z.number().nullable(),
    /** after_value − target_value. */
    residual: z.number().nullable(),
    /** |residual| ≤ tolerance; null without an after_value. A numeric verdict, not business acceptance. */
    within_tolerance: z.boolean().nullable(),
    /** Consecutive invalid readings at the end of the observation. */
    invalid_readings: z.int().min(0),
  })
  .superRefine((f, ctx) => {
    const expected = f.after_value === null ? null : f.after_value - f.target_value;
    const agrees =
      expected === null || f.residual === null
        ? expected === f.residual
        : Math.abs(f.residual - expected) <= 1e-9 * Math.max(1, Math.abs(expected));
    if (!agrees) {
      ctx.addIssue({
        code: 'custom',
        path: ['residual'],
        message: 'residual must be after_value − target_value (null without after_value)',
      });
    }
    const expectedVerdict = f.residual === null ? null : Math.abs(f.residual) <= f.tolerance;
    if (f.within_tolerance !== expectedVerdict) {
      ctx.addIssue({
        code: 'custom',
        path: ['within_tolerance'],
        message: 'within_tolerance must be |residual| ≤ tolerance (null without a residual)',
      });
    }
  });
export type FeedbackFigures = z.infer<typeof FeedbackFiguresSchema>;

/** control_action.ensure_state: skipped when already satisfied, else one action then read-only polling. */
export const EnsureStateFiguresSchema = z.strictObject({
  state: z.enum(['checked', 'unchecked', 'selected', 'unselected', 'text', 'content_desc', 'value']),
  satisfied_before: z.boolean(),
  acted: z.boolean(),
  /** Whether the state held within verify_timeout_ms; null when no action was needed. */
  verified: z.boolean().nullable(),
});

/** One scroll of scroll_to; every one is kept, including the one that found nothing new. */
export const ScrollRecordSchema = z.strictObject({
  index: z.int().min(0),
  action: z.enum(['scroll_forward', 'scroll_backward', 'scroll_up', 'scroll_down', 'scroll_left', 'scroll_right']),
  status: ReceiptStatusSchema,
  code: ErrorCodeSchema.nullable(),
  content_signature_before: sha256Hex.nullable(),
  content_signature_after: sha256Hex.nullable(),
  content_changed: z.boolean().nullable(),
  /** The target was visible and unchanged for settle_ms after this scroll. */
  target_visible: z.boolean(),
  duration_ms: z.int().min(0),
});
export type ScrollRecord = z.infer<typeof ScrollRecordSchema>;
