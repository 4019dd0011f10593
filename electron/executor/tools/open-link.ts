// open_link: a VIEW intent for the URL.
import type { ToolArgs } from '../../../shared/actions';
import type { ExecContext } from '../context';
import { outcome, type Outcome } from '../outcome';
import { shQuote } from '../../../shared/android/shell-quote';
import { sendShell } from '../shell-dispatch';

export async function openLink(ctx: ExecContext, args: ToolArgs<'open_link'>): Promise<Outcome> {
  const r = await sendShell(ctx, `am start -a android.intent.action.VIEW -d ${shQuote(args.url)}`);
  if (!r.ok) return r.outcome;
  // am prints the failure on stderr (folded into the output): no activity resolved the intent.
  if (/Error|unable to resolve/i.test(r.output))
    return outcome('not_started', 'UNAVAILABLE', r.output.trim().slice(0, 300));
  return outcome('completed');
}
