// ensure_visible member: nothing to do when the panel control is visible; otherwise tap the opener once and
// wait (read-only) up to timeout_ms for the panel. The opener is never tapped twice.
import type { EnsureVisibleStep } from '../../../shared/actions';
import type { ExecContext } from '../context';
import { idVisible } from '../controls';
import { outcome, refused, withCode, type Outcome } from '../outcome';
import { liveTap, runTaps } from '../taps';

const POLL_MS = 100;

export async function ensureVisible(ctx: ExecContext, step: EnsureVisibleStep, base: string): Promise<Outcome> {
  const now = await idVisible(ctx, step.target);
  if (!now.ok) return refused(now.code, now.message, `${base}/target`);
  if (now.value) return { ...outcome('observed'), message: `${step.target} is already visible; opener not tapped` };
  const tapped = await runTaps(ctx, [liveTap(ctx, step.opener)], 0);
  if (tapped.status !== 'completed') return { ...tapped, path: tapped.code ? `${base}/opener` : null };
  const start = ctx.now();
  while (ctx.now() - start < step.timeout_ms) {
    await ctx.sleep(POLL_MS);
    const seen = await idVisible(ctx, step.target);
    if (seen.ok && seen.value) return tapped;
  }
  return withCode(
    tapped,
    'TIMEOUT',
    `${step.target} did not become visible within ${step.timeout_ms} ms of tapping ${step.opener}`,
  );
}
