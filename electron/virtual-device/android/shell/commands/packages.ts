// am, monkey, pm and cmd: launching, stopping and clearing the lab, listing packages.
import type { Command } from '../context';
import { installedApp, pmInstall, pmUninstall } from './pm-install';
import { input } from './input';
import { queryActivities } from './query-activities';
import { statusbar } from './statusbar';
import { settings, wm } from './system';

const LAB = 'com.tactile.lab';
/** Its OverlayService shows the floating window over the lab (force-stop removes it). */
const OVERLAY = 'com.tactile.overlay';

export const am: Command = async (ctx) => {
  const { argv, android, out, err } = ctx;
  const verb = argv[1];
  if (verb === 'force-stop' || verb === 'kill') {
    if (argv[2] === LAB) android.lab.forceStop();
    if (argv[2]) android.lab.stopApp(argv[2]);
    if (argv[2] === OVERLAY) android.lab.setOverlayVisible(false);
    return 0;
  }
  if (verb === 'startservice' || verb === 'start-service' || verb === 'start-foreground-service') {
    const c = argv[argv.indexOf('-n') + 1];
    if (argv.includes('-n') && (c === `${OVERLAY}/.OverlayService` || c === `${OVERLAY}/${OVERLAY}.OverlayService`)) {
      await out(`Starting service: Intent { cmp=${OVERLAY}/.OverlayService }\n`);
      android.lab.setOverlayVisible(true);
      return 0;
    }
    await err(`Error: Not found; no service started.\n`);
    return 1;
  }
  if (verb !== 'start' && verb !== 'start-activity') {
    await err(`Unknown command: ${verb ?? ''}\n`);
    return 255;
  }
  const n = argv.indexOf('-n');
  const component = n >= 0 ? argv[n + 1] : undefined;
  if (!component || !component.includes('/')) {
    await err('Error: Activity not started, unable to resolve Intent\n');
    return 1;
  }
  const [pkg, rawCls] = component.split('/') as [string, string];
  const cls = rawCls.startsWith('.') ? pkg + rawCls : rawCls;
  const short = cls.startsWith(`${pkg}.`) ? `${pkg}/${cls.slice(pkg.length)}` : `${pkg}/${cls}`;
  await out(`Starting: Intent { cmp=${short} }\n`);
  const wasTop = android.lab.focusedActivity === `${pkg}/${cls}`;
  const app = installedApp(android, pkg);
  if (app && app.activity === cls) android.lab.launchApp(app);
  else if (pkg !== LAB || !android.lab.launch(cls)) {
    await err(`Error type 3\nError: Activity class {${pkg}/${cls}} does not exist.\n`);
    return 1;
  }
  android.logcat.add('ActivityTaskManager', `START u0 {cmp=${short}} from uid 2000`, 'I', 1000);
  if (wasTop) await out('Warning: Activity not started, intent has been delivered to currently running top-most instance.\n');
  if (argv.includes('-W')) await out(`Status: ok\nLaunchState: ${wasTop ? 'UNKNOWN (0)' : 'WARM'}\nActivity: ${short}\nTotalTime: 0\nWaitTime: 1\nComplete\n`);
  return 0;
};

export const monkey: Command = async ({ argv, android, out, err }) => {
  const p = argv.indexOf('-p');
  const pkg = p >= 0 ? argv[p + 1] : undefined;
  const args = argv.slice(1);
  await out(args.map((a) => `  bash arg: ${a}\n`).join('') + `args: [${args.join(', ')}]\n` + args.map((a) => ` arg: "${a}"\n`).join(''));
  const app = pkg === undefined ? undefined : installedApp(android, pkg);
  if (pkg !== LAB && !app) {
    await err('** No activities found to run, monkey aborted.\n');
    return 252;
  }
  if (app) android.lab.launchApp(app);
  else android.lab.launch();
  await out(`data="${pkg}"\nEvents injected: 1\n## Network stats: elapsed time=12ms (0ms mobile, 0ms wifi, 12ms not connected)\n`);
  return 0;
};

export const pm: Command = async (ctx) => {
  const { argv, android, out, err } = ctx;
  const [verb, ...rest] = argv.slice(1);
  if (verb === 'list' && rest[0] === 'packages') {
    const opts = rest.slice(1).filter((a) => a.startsWith('-'));
    const filter = rest.slice(1).find((a) => !a.startsWith('-')) ?? '';
    const pool = android.packages.list().filter((p) => (opts.includes('-3') ? !p.system : opts.includes('-s') ? p.system : true));
    const line = (p: (typeof pool)[number]) =>
      `package:${opts.includes('-f') ? `${p.codePath}/base.apk=` : ''}${p.packageName}${opts.includes('--show-versioncode') ? ` versionCode:${p.versionCode}` : ''}\n`;
    await out(pool.filter((p) => p.packageName.includes(filter)).map(line).join(''));
    return 0;
  }
  if (verb === 'install') return pmInstall({ ...ctx, argv: argv.slice(1) });
  if (verb === 'uninstall') return pmUninstall({ ...ctx, argv: argv.slice(1) });
  if (verb === 'query-activities') return queryActivities({ ...ctx, argv: argv.slice(1) });
  if (verb === 'clear') {
    const pkg = rest.find((a) => !a.startsWith('-'));
    if (!pkg || !android.packages.get(pkg)) {
      await out('Failed\n');
      return 1;
    }
    if (pkg === LAB) android.lab.clearData();
    android.lab.stopApp(pkg);
    if (pkg === OVERLAY) android.lab.setOverlayVisible(false);
    await out('Success\n');
    return 0;
  }
  if (verb === 'path') {
    const pkg = rest[0];
    const p = pkg === undefined ? undefined : android.packages.get(pkg);
    if (!p) return 1;
    await out(`package:${p.codePath}/base.apk\n`);
    return 0;
  }
  await err(`Unknown command: ${verb ?? ''}\n`);
  return 255;
};

/** `cmd SERVICE …`: the binder shell commands behind am, pm, input, settings and wm. */
export const cmd: Command = async (ctx) => {
  const map: Record<string, Command> = { activity: am, package: pm, input, settings, statusbar, window: wm };
  const run = map[ctx.argv[1] ?? ''];
  if (!run) {
    await ctx.err(`cmd: Can't find service: ${ctx.argv[1] ?? ''}\n`);
    return 20;
  }
  return run({ ...ctx, argv: ctx.argv.slice(1) });
};
