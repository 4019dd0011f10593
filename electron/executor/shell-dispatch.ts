// Key, text and app commands go out as `adb shell` lines, through the device lock like every input.
import type { ExecContext } from './context';
import { markUnknown } from './dispatch';
import { errorCodeOf, outcome, type Outcome } from './outcome';

/** The command's output on success, else an outcome saying what became of it. */
export async function sendShell(
  ctx: ExecContext,
  command: string,
): Promise<{ ok: true; output: string } | { ok: false; outcome: Outcome }> {
  const sent = await ctx.lock.dispatch(async () => {
    try {
      return { ok: true as const, output: await ctx.link.shell(command) };
    } catch (e) {
      return { ok: false as const, code: errorCodeOf(e, 'DEVICE_LOST'), message: (e as Error).message };
    }
  });
  if (!sent.ok)
    return {
      ok: false,
      outcome: outcome(
        sent.error.code === 'CANCELLED' ? 'cancelled' : 'not_started',
        sent.error.code,
        sent.error.message,
      ),
    };
  if (sent.value.ok) return sent.value;
  markUnknown(ctx);
  return { ok: false, outcome: outcome('unknown', sent.value.code, sent.value.message) };
}
