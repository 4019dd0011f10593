// `cmd package query-activities` / `pm query-activities`: the launcher activities (MAIN + LAUNCHER) in
// Android's ResolveInfo dump format. An app whose manifest gives a literal android:label shows it as
// `nonLocalizedLabel=`, which is how a shell client learns an app's launcher label without an APK parser.
import type { Command } from '../context';

export const queryActivities: Command = async ({ argv, android, out }) => {
  const action = argv[argv.indexOf('-a') + 1];
  const category = argv[argv.indexOf('-c') + 1];
  const brief = argv.includes('--brief');
  const wantsLauncher = argv.includes('-a') && action === 'android.intent.action.MAIN' && (!argv.includes('-c') || category === 'android.intent.category.LAUNCHER');
  const launchers = android.packages.list().flatMap((p) => (p.launcherActivity ? [{ packageName: p.packageName, name: p.launcherActivity, label: p.label ?? 'null' }] : []));
  const found = wantsLauncher ? launchers : [];
  if (found.length === 0) {
    await out('No activities found\n');
    return 0;
  }
  const lines = [`${found.length} activities found:`];
  found.forEach((a, i) => {
    lines.push(`  Activity #${i}:`);
    if (brief) {
      lines.push(`    ${a.packageName}/${a.name.startsWith(`${a.packageName}.`) ? a.name.slice(a.packageName.length) : a.name}`);
      return;
    }
    lines.push(
      '    priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=false',
      '    ActivityInfo:',
      `      name=${a.name}`,
      `      packageName=${a.packageName}`,
      `      labelRes=0x0 nonLocalizedLabel=${a.label} icon=0x7f0d0000 banner=0x0`,
      '      enabled=true exported=true directBootAware=false',
      `      taskAffinity=${a.packageName} targetActivity=null persistableMode=PERSIST_ROOT_ONLY`,
      '      launchMode=0 flags=0x3 privateFlags=0x0 theme=0x7f130000',
      '      screenOrientation=-1 configChanges=0x0 softInputMode=0x0',
    );
  });
  await out(`${lines.join('\n')}\n`);
  return 0;
};
