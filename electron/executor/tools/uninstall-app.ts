// tactile.uninstall_app: `pm uninstall` of an installed package (NOT_FOUND, nothing sent, when it is not).
import type { ToolArgs } from '../../../shared/actions';
import type { ExecContext } from '../context';
import { errorCodeOf, outcome, refused, type Outcome } from '../outcome';
import { shQuote } from '../../../shared/android/shell-quote';
import { sendShell } from '../shell-dispatch';

export async function uninstallApp(ctx: ExecContext, args: ToolArgs<'tactile.uninstall_app'>): Promise<Outcome> {
  const path = await ctx.link.shell(`pm path ${shQuote(args.package)}`).catch((e: Error) => e);
  if (path instanceof Error) return refused(errorCodeOf(path, 'READ_FAILED'), `pm path: ${path.message}`);
  if (!path.includes('package:')) return refused('NOT_FOUND', `${args.package} is not installed`, '/args/package');
  const r = await sendShell(ctx, `pm uninstall ${shQuote(args.package)}`);
  if (!r.ok) return r.outcome;
  // pm answers Success, or Failure [DELETE_FAILED_…] having removed nothing; no answer at all proves neither.
  if (r.output.trim() === '') return outcome('unknown', 'INTERNAL', `pm uninstall ${args.package} gave no answer`);
  if (!/^Success/m.test(r.output))
    return outcome(
      'not_started',
      'UNAVAILABLE',
      `pm uninstall ${args.package}: ${r.output.trim().slice(0, 300)}`,
      '/args/package',
    );
  return { ...outcome('completed'), message: `uninstalled ${args.package}` };
}
