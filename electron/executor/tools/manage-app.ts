// manage_app: launch (monkey, the launcher intent) or stop (am force-stop) an app. A human-readable name is
// matched against the launcher labels (query-activities), then against the installed packages' last
// segments; more than one match is AMBIGUOUS, never a guess.
import type { ToolArgs } from '../../../shared/actions';
import type { ExecContext } from '../context';
import { outcome, refused, type Outcome } from '../outcome';
import { shQuote } from '../../../shared/android/shell-quote';
import { sendShell } from '../shell-dispatch';
import { normalName, parseLauncherLabels, QUERY_LAUNCHERS } from './app-labels';

async function resolvePackage(
  ctx: ExecContext,
  name: string,
): Promise<{ ok: true; pkg: string } | { ok: false; outcome: Outcome }> {
  const listed = await ctx.link.shell('pm list packages').catch((e: Error) => e);
  if (listed instanceof Error)
    return { ok: false, outcome: refused('READ_FAILED', `pm list packages: ${listed.message}`) };
  const packages = listed
    .split('\n')
    .map((l) => l.trim().replace(/^package:/, ''))
    .filter(Boolean);
  if (packages.includes(name)) return { ok: true, pkg: name };
  // A device whose package service cannot answer query-activities still resolves by package segment.
  const dump = await ctx.link.shell(QUERY_LAUNCHERS).catch(() => '');
  const byLabel = [...parseLauncherLabels(dump)]
    .filter(([pkg, labels]) => packages.includes(pkg) && labels.some((l) => normalName(l) === normalName(name)))
    .map(([pkg]) => pkg);
  if (byLabel.length === 1) return { ok: true, pkg: byLabel[0]! };
  if (byLabel.length > 1)
    return {
      ok: false,
      outcome: refused('AMBIGUOUS', `the label ${name} belongs to ${byLabel.join(', ')}`, '/args/app_name'),
    };
  const wanted = name.toLowerCase().replace(/\s+/g, '');
  const matches = packages.filter((p) => p.split('.').pop()!.toLowerCase() === wanted);
  if (matches.length === 1) return { ok: true, pkg: matches[0]! };
  if (matches.length > 1)
    return { ok: false, outcome: refused('AMBIGUOUS', `${name} matches ${matches.join(', ')}`, '/args/app_name') };
  return { ok: false, outcome: refused('NOT_FOUND', `no installed package is ${name}`, '/args/app_name') };
}

export async function manageApp(ctx: ExecContext, args: ToolArgs<'manage_app'>): Promise<Outcome> {
  const found = await resolvePackage(ctx, args.app_name);
  if (!found.ok) return found.outcome;
  const command =
    args.action === 'launch'
      ? `monkey -p ${shQuote(found.pkg)} -c android.intent.category.LAUNCHER 1`
      : `am force-stop ${shQuote(found.pkg)}`;
  const r = await sendShell(ctx, command);
  if (!r.ok) return r.outcome;
  if (/aborted|Error|Exception/.test(r.output))
    return outcome('not_started', 'UNAVAILABLE', r.output.trim().slice(0, 300), '/args/app_name');
  return { ...outcome('completed'), message: `${args.action} ${found.pkg}` };
}
