// Launcher labels of installed apps, read the way a shell client can on a real device: `cmd package
// query-activities` for MAIN/LAUNCHER dumps each activity's ResolveInfo, where a literal manifest label shows
// as `nonLocalizedLabel=`. Labels from string resources (labelRes only) are not readable from the shell.

/** package → its launcher labels, parsed from a (non-brief) query-activities dump. */
export function parseLauncherLabels(dump: string): Map<string, string[]> {
  const labels = new Map<string, string[]>();
  let pkg: string | null = null;
  for (const raw of dump.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('Activity #')) pkg = null;
    const p = /^packageName=(\S+)$/.exec(line);
    if (p) pkg = p[1]!;
    const l = /nonLocalizedLabel=(.*?)(?: icon=| banner=|$)/.exec(line);
    if (l && pkg && l[1] !== undefined && l[1] !== 'null' && l[1].trim() !== '')
      labels.set(pkg, [...(labels.get(pkg) ?? []), l[1].trim()]);
  }
  return labels;
}

export const QUERY_LAUNCHERS =
  'cmd package query-activities -a android.intent.action.MAIN -c android.intent.category.LAUNCHER';

/** How names compare: case and runs of whitespace do not matter. */
export const normalName = (s: string): string => s.trim().replace(/\s+/g, ' ').toLowerCase();
