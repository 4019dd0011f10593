// tactile.install_app: `pm install` of an APK already on the device, then the APK removed as `adb install`
// removes what it staged (whatever pm answered: a failed APK would otherwise stay in /data/local/tmp). pm names
// no package, so the one added or updated is found by what changed in the user package list. An APK that is
// not there (a replayed install: its APK went with the first one) is NOT_FOUND with nothing sent.
import type { ToolArgs } from '../../../shared/actions';
import { installVerdict } from '../../../shared/apps/install-errors';
import { shQuote } from '../../../shared/android/shell-quote';
import type { ExecContext } from '../context';
import { errorCodeOf, outcome, refused, type Outcome } from '../outcome';
import { sendShell } from '../shell-dispatch';
import { LIST_USER_PACKAGES, packagesOf } from './package-list';

/** What the receipt's result holds: the package installed (null when none is known) and pm's own answer. */
export interface InstallResult {
  package: string | null;
  output: string;
}

const PRESENT = 'present';

export async function installApp(ctx: ExecContext, args: ToolArgs<'tactile.install_app'>): Promise<Outcome> {
  const apk = shQuote(args.apk_path);
  const read = (what: string, command: string) =>
    ctx.link.shell(command).catch((e: Error) => refused(errorCodeOf(e, 'READ_FAILED'), `${what}: ${e.message}`));
  const found = await read('checking the APK', `[ -f ${apk} ] && echo ${PRESENT} || echo absent`);
  if (typeof found !== 'string') return found;
  if (found.trim() !== PRESENT)
    return refused(
      'NOT_FOUND',
      `${args.apk_path} is not on the device: an install removes its APK (as adb install does), so push the APK again to install it again`,
      '/args/apk_path',
    );
  const listed = await read(LIST_USER_PACKAGES, LIST_USER_PACKAGES);
  if (typeof listed !== 'string') return listed;
  const before = packagesOf(listed);

  const r = await sendShell(ctx, `pm install ${apk}`);
  if (!r.ok && r.outcome.status !== 'unknown') return r.outcome; // pm never ran: nothing changed, the APK stays
  await ctx.link.shell(`rm -f ${apk}`).catch(() => undefined);
  if (!r.ok) return r.outcome;
  const verdict = installVerdict(r.output);
  const result = (pkg: string | null): InstallResult => ({ package: pkg, output: r.output });
  if (!verdict.ok && verdict.code === null)
    // pm ran and said neither Success nor Failure [CODE] (no answer, an exception): whether the app is in is unknown.
    return {
      ...outcome(
        'unknown',
        'INTERNAL',
        `pm install ${args.apk_path} gave no answer to read: ${r.output.trim().slice(0, 300)}`,
      ),
      result: result(null),
    };
  if (!verdict.ok)
    // Failure [INSTALL_…]: Android refused the package and installed nothing.
    return {
      ...outcome(
        'not_started',
        'UNAVAILABLE',
        `${verdict.code}: ${verdict.words}${verdict.detail ? ` (${verdict.detail})` : ''}`,
        '/args/apk_path',
      ),
      result: result(null),
    };
  const after = await ctx.link.shell(LIST_USER_PACKAGES).catch(() => null);
  const changed =
    after === null
      ? undefined
      : [...packagesOf(after)].find(([pkg, code]) => !before.has(pkg) || before.get(pkg) !== code)?.[0];
  return {
    ...outcome('completed'),
    message: changed
      ? `installed ${changed}`
      : `installed ${args.apk_path} (${after === null ? 'the package list could not be read after it' : 'the same version was installed again'})`,
    result: result(changed ?? null),
  };
}
