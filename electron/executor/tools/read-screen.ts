// Shared by the read-only screen tools: a screenshot as base64 + hash, a timeout bound, a read failure.
import { createHash } from 'node:crypto';
import type { ExecContext } from '../context';
import { errorCodeOf, outcome, type Outcome } from '../outcome';

/** Bounds a read by the tool's timeout_ms (TIMEOUT when it runs out); null = no bound. */
export function within<T>(ms: number | null, work: Promise<T>): Promise<T> {
  if (ms === null) return work;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`no answer within ${ms} ms`), { code: 'TIMEOUT' })), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export function readFailed(e: unknown): Outcome {
  return outcome('observed', errorCodeOf(e, 'READ_FAILED'), (e as Error).message);
}

/** The image travels in the returned receipt only; the journal keeps png_sha256 (executor.ts). */
export async function screenshotImage(ctx: ExecContext): Promise<Record<string, unknown>> {
  const s = await ctx.link.screenshot();
  ctx.seen?.sawScreenshot(s.png);
  return {
    width: s.width,
    height: s.height,
    png_sha256: createHash('sha256').update(s.png).digest('hex'),
    png_base64: s.png.toString('base64'),
  };
}
