// wait_for_text: poll the screen's nodes until a node's text (or description) equals the text, or until none
// does. A failed observation never counts as the text having disappeared.
import type { ToolArgs } from '../../../shared/actions';
import { PollLog } from '../../../shared/receipts/check';
import type { ExecContext } from '../context';
import { errorCodeOf, outcome, type Outcome } from '../outcome';

const POLL_MS = 250;

async function textShown(ctx: ExecContext, text: string): Promise<boolean | Error> {
  try {
    const o = await ctx.link.observe();
    ctx.seen?.sawObservation(o);
    return o.nodes.some((n) => n.text === text || n.content_desc === text);
  } catch (e) {
    return e as Error;
  }
}

export async function waitForText(ctx: ExecContext, args: ToolArgs<'wait_for_text'>): Promise<Outcome> {
  const start = ctx.now();
  const log = new PollLog(start);
  const appear = args.wait_state === 'appear';
  const check = (matched: boolean) =>
    log.check(
      `text ${JSON.stringify(args.text)} on screen`,
      appear ? 'appears' : 'disappears',
      matched,
      ctx.now() - start,
    );
  let lastError: Error | null = null;
  for (;;) {
    const shown = await textShown(ctx, args.text);
    if (shown instanceof Error) {
      lastError = shown;
      log.record(ctx.now(), null, false, errorCodeOf(shown, 'READ_FAILED'));
    } else {
      log.record(ctx.now(), shown ? 'shown' : 'not shown', shown === appear);
      if (shown === appear) return { ...outcome('observed'), check: check(true) };
    }
    if (ctx.signal?.aborted)
      return { ...outcome('cancelled', 'CANCELLED', 'cancelled while waiting'), check: check(false) };
    if (ctx.now() - start >= args.timeout_ms) {
      return {
        ...outcome(
          'observed',
          'TIMEOUT',
          `"${args.text}" did not ${args.wait_state} within ${args.timeout_ms} ms${lastError ? ` (last error: ${lastError.message})` : ''}`,
        ),
        check: check(false),
      };
    }
    await ctx.sleep(POLL_MS);
  }
}
