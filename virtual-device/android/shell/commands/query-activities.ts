// `cmd package query-activities` / `resolve-activity` (and their pm spellings): the activities an intent resolves
// to, printed as PackageManagerShellCommand does: ResolveInfo dumps, or with --brief the match line and the short
// component, with --components the component only. An app whose manifest gives a literal android:label shows it
// as `nonLocalizedLabel=`, which is how a shell client learns an app's launcher label without an APK parser.
import { parseIntent, resolveActivities, shortName, type ResolvedActivity } from '../../intents';
import type { Command } from '../context';

function resolveInfo(
  a: ResolvedActivity,
  prefix: string,
  brief: boolean,
  components: boolean,
  isDefault: boolean,
): string[] {
  const short = shortName(`${a.packageName}/${a.activity}`);
  if (components) return [`${prefix}${short}`];
  const head = `${prefix}priority=0 preferredOrder=0 match=0x${a.match.toString(16)} specificIndex=-1 isDefault=${isDefault}`;
  if (brief) return [head, `${prefix}${short}`];
  return [
    head,
    `${prefix}ActivityInfo:`,
    `${prefix}  name=${a.activity}`,
    `${prefix}  packageName=${a.packageName}`,
    `${prefix}  labelRes=0x0 nonLocalizedLabel=${a.label ?? 'null'} icon=0x7f0d0000 banner=0x0`,
    `${prefix}  enabled=true exported=true directBootAware=false`,
    `${prefix}  taskAffinity=${a.packageName} targetActivity=null persistableMode=PERSIST_ROOT_ONLY`,
    `${prefix}  launchMode=0 flags=0x3 privateFlags=0x0 theme=0x7f130000`,
    `${prefix}  screenOrientation=-1 configChanges=0x0 softInputMode=0x0`,
  ];
}

export const queryActivities: Command = async ({ argv, android, out, err }) => {
  const parsed = parseIntent(argv.slice(1));
  if (!parsed.ok) {
    await err(`Error: ${parsed.message}\n`);
    return 255;
  }
  const found = resolveActivities(android.packages, parsed.intent);
  if (found.length === 0) {
    await out('No activities found\n');
    return 0;
  }
  const brief = argv.includes('--brief');
  const components = argv.includes('--components');
  const lines = [`${found.length} activities found:`];
  found.forEach((a, i) => {
    lines.push(`  Activity #${i}:`, ...resolveInfo(a, '    ', brief, components, false));
  });
  await out(`${lines.join('\n')}\n`);
  return 0;
};

/** One best match; several equal ones resolve to the system's chooser (ResolverActivity), as on a phone. */
export const resolveActivity: Command = async ({ argv, android, out, err }) => {
  const parsed = parseIntent(argv.slice(1));
  if (!parsed.ok) {
    await err(`Error: ${parsed.message}\n`);
    return 255;
  }
  const found = resolveActivities(android.packages, parsed.intent);
  if (found.length === 0) {
    await out('No activity found\n');
    return 0;
  }
  const best =
    found.length === 1
      ? found[0]!
      : { packageName: 'android', activity: 'com.android.internal.app.ResolverActivity', label: null, match: 0 };
  await out(
    `${resolveInfo(best, '', argv.includes('--brief'), argv.includes('--components'), found.length === 1).join('\n')}\n`,
  );
  return 0;
};
