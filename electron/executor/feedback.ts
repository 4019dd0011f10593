// Value feedback: a readable value is confirmed before input (else nothing is dispatched), and after the
// input the reading must stay unchanged for stable_ms within timeout_ms. Figures: before/after/residual/
// within_tolerance/invalid_readings. A miss keeps the completed input; nothing is ever resent.
import type { ValueFeedback } from '../../shared/actions';
import type { FeedbackFigures } from '../../shared/receipts';
import type { ErrorCode } from '../../shared/errors';
import { feedbackValue } from './conditions';
import type { ExecContext } from './context';
import { readControl } from './controls';

const POLL_MS = 100;

export type Before = { ok: true; value: number } | { ok: false; code: ErrorCode; message: string };

export async function readBefore(ctx: ExecContext, f: ValueFeedback): Promise<Before> {
  const r = await readControl(ctx, f.selector);
  if (!r.ok) return r;
  const v = feedbackValue(r.value, f.value_format);
  if (v === null)
    return {
      ok: false,
      code: 'READ_FAILED',
      message: `the feedback control has no ${f.value_format} reading (text ${JSON.stringify(r.value.text)})`,
    };
  return { ok: true, value: v };
}

export async function observeAfter(
  ctx: ExecContext,
  f: ValueFeedback,
  before: number,
): Promise<{ figures: FeedbackFigures; code: ErrorCode | null; message: string | null }> {
  const start = ctx.now();
  let invalid = 0;
  let value: number | null = null;
  let since = start;
  let stable: number | null = null;
  let lastError: string | null = null;
  while (ctx.now() - start <= f.timeout_ms) {
    const r = await readControl(ctx, f.selector);
    const v = r.ok ? feedbackValue(r.value, f.value_format) : null;
    if (!r.ok) lastError = `${r.code}: ${r.message}`;
    if (v === null) {
      invalid++;
      value = null;
    } else {
      invalid = 0;
      if (v !== value) {
        value = v;
        since = ctx.now();
      } else if (ctx.now() - since >= f.stable_ms) {
        stable = v;
        break;
      }
    }
    await ctx.sleep(POLL_MS);
  }
  const residual = stable === null ? null : stable - f.target_value;
  const figures: FeedbackFigures = {
    value_format: f.value_format,
    target_value: f.target_value,
    tolerance: f.tolerance,
    before_value: before,
    after_value: stable,
    residual,
    within_tolerance: residual === null ? null : Math.abs(residual) <= f.tolerance,
    invalid_readings: invalid,
  };
  if (stable !== null) return { figures, code: null, message: null };
  if (invalid > 0)
    return {
      figures,
      code: 'READ_FAILED',
      message: `no valid reading at the end of ${f.timeout_ms} ms${lastError ? ` (${lastError})` : ''}`,
    };
  return {
    figures,
    code: 'TIMEOUT',
    message: `the reading did not stay unchanged for ${f.stable_ms} ms within ${f.timeout_ms} ms`,
  };
}
