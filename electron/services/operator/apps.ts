// The apps list and its actions over adb shell, the way a shell client can read them on any phone: packages
// by `pm list packages -s|-3 --show-versioncode`, versions by `dumpsys package packages`, labels from the
// launcher activities (`cmd package query-activities`, literal manifest labels). Launch, stop, clear and
// uninstall are input, and so is an install (tactile.install_app): they run through the executor
// (operator-calls.ts), not here.
import type { AppRow } from '../../../shared/ipc';
import type { DeviceSession } from '../../device/session';
import { parseLauncherLabels, QUERY_LAUNCHERS } from '../../executor/tools/app-labels';
import { LIST_USER_PACKAGES, packagesOf } from '../../executor/tools/package-list';

/**
 * versionName per package from `dumpsys package packages`. Only the `Packages:` section counts: a phone lists
 * each updated system app again under `Hidden system packages:` with its factory version, which is not the one
 * that runs.
 */
export function parseVersionNames(dump: string): Map<string, string> {
  const names = new Map<string, string>();
  let pkg: string | null = null;
  let inPackages = false;
  for (const line of dump.split(/\r?\n/)) {
    if (/^\S/.test(line)) inPackages = line.startsWith('Packages:');
    if (!inPackages) continue;
    const p = /^\s*Package \[([^\]]+)\]/.exec(line);
    if (p) pkg = p[1]!;
    const v = /^\s*versionName=(.*)$/.exec(line);
    if (v && pkg && v[1] !== 'null') names.set(pkg, v[1]!.trim());
  }
  return names;
}

export async function listApps(session: DeviceSession): Promise<AppRow[]> {
  const [system, user, dump, launchers] = await Promise.all([
    session.shell('pm list packages -s --show-versioncode'),
    session.shell(LIST_USER_PACKAGES),
    session.shell('dumpsys package packages'),
    session.shell(QUERY_LAUNCHERS),
  ]);
  const names = parseVersionNames(dump);
  const labels = parseLauncherLabels(launchers);
  const rows = (list: Map<string, number | null>, isSystem: boolean): AppRow[] =>
    [...list].map(([pkg, code]) => ({
      package: pkg,
      label: labels.get(pkg)?.[0] ?? pkg,
      version_name: names.get(pkg) ?? null,
      version_code: code,
      system: isSystem,
    }));
  // User apps first: they are what an operator installs, launches and removes.
  return [...rows(packagesOf(user), false), ...rows(packagesOf(system), true)].sort(
    (a, b) => Number(a.system) - Number(b.system) || a.label.localeCompare(b.label),
  );
}
