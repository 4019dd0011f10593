// Seed-004 app lifecycle on the same shell commands manage_app sends: launcher intent (monkey), am force-stop,
// pm clear. The package must be installed (NOT_FOUND otherwise, nothing sent).
import type { ToolArgs } from '../../../shared/actions';
import type { ExecContext } from '../context';
import type { Outcome } from '../outcome';
import { shQuote } from '../../../shared/android/shell-quote';
import { sendShell } from '../shell-dispatch';
import { withResult } from './result';

type AppArgs = ToolArgs<'start_app'>;

const launch = (pkg: string) => `monkey -p ${shQuote(pkg)} -c android.intent.category.LAUNCHER 1`;
const stop = (pkg: string) => `am force-stop ${shQuote(pkg)}`;

async function installed(ctx: ExecContext, pkg: string): Promise<boolean | Error> {
  return ctx.link.shell(`pm path ${shQuote(pkg)}`).then(
    (out) => out.includes('package:'),
    (e: Error) => e,
  );
}

async function commands(ctx: ExecContext, args: AppArgs, lines: string[], failed: RegExp): Promise<Outcome> {
  const target = { target: { selector: { appId: args.appId } } };
  const have = await installed(ctx, args.appId);
  if (have instanceof Error) return withResult('not_started', target, 'READ_FAILED', `pm path: ${have.message}`);
  if (!have) return withResult('not_started', target, 'NOT_FOUND', `${args.appId} is not installed`, '/args/appId');
  for (const [i, line] of lines.entries()) {
    const r = await sendShell(ctx, line);
    if (!r.ok)
      return {
        ...r.outcome,
        ...(i > 0 && r.outcome.status === 'not_started' && { status: 'partial' }),
        result: target,
      };
    if (failed.test(r.output))
      return withResult(
        i > 0 ? 'partial' : 'not_started',
        target,
        'UNAVAILABLE',
        r.output.trim().slice(0, 300),
        '/args/appId',
      );
  }
  return withResult('completed', target);
}

export const startApp = (ctx: ExecContext, args: AppArgs) =>
  commands(ctx, args, [launch(args.appId)], /aborted|Error|Exception/);
export const terminateApp = (ctx: ExecContext, args: AppArgs) =>
  commands(ctx, args, [stop(args.appId)], /Error|Exception/);
export const restartApp = (ctx: ExecContext, args: AppArgs) =>
  commands(ctx, args, [stop(args.appId), launch(args.appId)], /aborted|Error|Exception/);
export const resetAppData = (ctx: ExecContext, args: AppArgs) =>
  commands(ctx, args, [`pm clear ${shQuote(args.appId)}`], /Failed|Error|Exception/);
