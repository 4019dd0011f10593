// am, monkey, pm and cmd: launching, stopping and clearing the lab, listing packages.
import type { Command } from '../context';
import { SYSTEM_SERVER_PID } from '../../process-list';
import { packageArg } from './package-arg';
import { appTask, pmInstall, pmUninstall } from './pm-install';
import { broadcast } from './am-broadcast';
import { appops } from './appops';
import { describeIntent, FLAG_ACTIVITY_NEW_TASK, parseIntent, resolveActivities, shortName } from '../../intents';
import { LAUNCHER_PACKAGE } from '../../../lab/view-spec';
import { input } from './input';
import { queryActivities, resolveActivity } from './query-activities';
import { pmGrant, pmListFeatures, pmSession } from './pm-extras';
import { statusbar } from './statusbar';
import { settings, wm } from './system';

const LAB = 'com.tactile.lab';
const KEYCODE_HOME = 3;
/** Its OverlayService shows the floating window over the lab (force-stop removes it). */
const OVERLAY = 'com.tactile.overlay';
/** `am start -W` TotalTime per launch state: fork + bind + first frame, a new activity, a resumed one. */
const LAUNCH_MS = { COLD: 412, WARM: 187, HOT: 64 } as const;
/** WaitTime − TotalTime: the shell command's own binder round trips. */
const WAIT_OVERHEAD_MS = 7;

export const am: Command = async (ctx) => {
  const { argv, android, out, err } = ctx;
  const verb = argv[1];
  if (verb === 'force-stop' || verb === 'kill') {
    const pkg = packageArg(argv.slice(2));
    if (pkg === LAB) android.lab.forceStop();
    if (pkg) android.lab.stopApp(pkg);
    if (pkg === OVERLAY) android.lab.setOverlayVisible(false);
    // force-stop puts the package in the stopped state (`dumpsys package`'s stopped=true); kill does not.
    if (pkg && verb === 'force-stop') android.packages.setStopped(pkg, true);
    return 0;
  }
  if (verb === 'crash') return crash(ctx);
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
  if (verb === 'broadcast') return broadcast(ctx);
  if (verb !== 'start' && verb !== 'start-activity') {
    await err(`Unknown command: ${verb ?? ''}\n`);
    return 255;
  }
  const parsed = parseIntent(argv.slice(2));
  if (!parsed.ok) {
    await err(`Error: ${parsed.message}\n`);
    return 255;
  }
  const intent = parsed.intent;
  await out(`Starting: ${describeIntent(intent)}\n`);
  // ActivityStarter resolves the intent with FLAG_ACTIVITY_NEW_TASK added, which its failure message shows.
  const found = resolveActivities(android.packages, intent);
  if (found.length !== 1) {
    const shown = describeIntent({ ...intent, flags: intent.flags | FLAG_ACTIVITY_NEW_TASK });
    await err(
      found.length === 0 && intent.component
        ? `Error type 3\nError: Activity class {${intent.component}} does not exist.\n`
        : `Error: Activity not started, unable to resolve ${shown}\n`,
    );
    return 1;
  }
  const target = found[0]!;
  const pkg = target.packageName;
  const cls = target.activity;
  const short = shortName(`${pkg}/${cls}`);
  if (pkg === LAUNCHER_PACKAGE) {
    // The home intent: Quickstep comes to front, as HOME does.
    for (const action of ['down', 'up'] as const)
      android.input.injectKey({ action, key_code: KEYCODE_HOME, char: null, t_ms: android.clock() });
    return 0;
  }
  const wasTop = android.lab.focusedActivity === `${pkg}/${cls}` && intent.data === null;
  const app = appTask(android, pkg, intent.data);
  const wasRunning = app ? android.lab.appTask?.packageName === pkg : pkg === LAB && android.lab.pid !== null;
  // HOT: the task already shows this activity (an app that runs no code has only its launcher activity).
  const wasCreated = wasRunning && (app !== undefined || android.lab.taskActivity === `${pkg}/${cls}`);
  if (app) android.lab.launchApp(app);
  else android.lab.launch(cls);
  android.packages.setStopped(pkg, false);
  android.logcat.add('ActivityTaskManager', `START u0 {cmp=${short}} from uid 2000`, 'I', SYSTEM_SERVER_PID);
  if (wasTop)
    await out('Warning: Activity not started, intent has been delivered to currently running top-most instance.\n');
  if (!argv.includes('-W')) return 0;
  // -W waits until the activity has drawn its first frame: a new process takes longest, a live activity least.
  const state = wasTop ? null : !wasRunning ? 'COLD' : wasCreated ? 'HOT' : 'WARM';
  const total = state === null ? 0 : LAUNCH_MS[state];
  await android.sleep(total + WAIT_OVERHEAD_MS);
  if (state !== null)
    android.logcat.add('ActivityTaskManager', `Displayed ${short} for user 0: +${total}ms`, 'I', SYSTEM_SERVER_PID);
  await out(
    `Status: ok\nLaunchState: ${state ?? 'UNKNOWN (0)'}\nActivity: ${short}\nTotalTime: ${total}\nWaitTime: ${total + WAIT_OVERHEAD_MS}\nComplete\n`,
  );
  return 0;
};

/** What the runtime logs to the crash buffer for `am crash` (RemoteServiceException$CrashedByAdbException). */
const CRASH_STACK = [
  'android.app.RemoteServiceException$CrashedByAdbException: shell-induced crash',
  '\tat android.app.ActivityThread.throwRemoteServiceException(ActivityThread.java:2082)',
  '\tat android.app.ActivityThread.-$$Nest$mthrowRemoteServiceException(Unknown Source:0)',
  '\tat android.app.ActivityThread$H.handleMessage(ActivityThread.java:2339)',
  '\tat android.os.Handler.dispatchMessage(Handler.java:106)',
  '\tat android.os.Looper.loopOnce(Looper.java:205)',
  '\tat android.os.Looper.loop(Looper.java:294)',
  '\tat android.app.ActivityThread.main(ActivityThread.java:8177)',
  '\tat java.lang.reflect.Method.invoke(Native Method)',
  '\tat com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:552)',
  '\tat com.android.internal.os.ZygoteInit.main(ZygoteInit.java:971)',
];

/**
 * `am crash [--user N] PACKAGE|PID`: the app's main thread throws; the runtime logs the FATAL EXCEPTION to the
 * crash buffer, the process dies and its activity is finished. Nothing happens for an app that does not run.
 */
async function crash(ctx: Parameters<Command>[0]): Promise<number> {
  const { argv, android } = ctx;
  const target = packageArg(argv.slice(2));
  const proc = android.processList
    .list()
    .find((p) => p.packageName !== null && (p.packageName === target || String(p.pid) === target));
  if (!proc?.packageName) return 0;
  const pkg = proc.packageName;
  const log = (tag: string, message: string, level: 'E' | 'I' | 'W', pid: number, buffer?: 'crash') =>
    android.logcat.add(tag, message, level, pid, pid, buffer);
  for (const line of ['FATAL EXCEPTION: main', `Process: ${pkg}, PID: ${proc.pid}`, ...CRASH_STACK])
    log('AndroidRuntime', line, 'E', proc.pid, 'crash');
  log('Process', `Sending signal. PID: ${proc.pid} SIG: 9`, 'I', proc.pid);
  const activity = android.lab.focusedActivity;
  if (activity?.startsWith(`${pkg}/`))
    log(
      'ActivityTaskManager',
      `  Force finishing activity ${activity.replace(`${pkg}/${pkg}.`, `${pkg}/.`)}`,
      'W',
      SYSTEM_SERVER_PID,
    );
  if (pkg === LAB) android.lab.forceStop();
  else android.lab.stopApp(pkg);
  if (pkg === OVERLAY) android.lab.setOverlayVisible(false);
  log('ActivityManager', `Process ${pkg} (pid ${proc.pid}) has died: fg  TOP `, 'I', SYSTEM_SERVER_PID);
  return 0;
}

export const monkey: Command = async ({ argv, android, out, err }) => {
  const args = argv.slice(1);
  const p = args.indexOf('-p');
  const pkg = p >= 0 ? args[p + 1] : undefined;
  // The /system/bin/monkey script echoes its arguments, then Monkey echoes them and each option's value.
  const data = args.flatMap((a, i) => (args[i - 1] === '-p' || args[i - 1] === '-c' ? [`data="${a}"\n`] : []));
  await out(
    args.map((a) => `  bash arg: ${a}\n`).join('') +
      `args: [${args.join(', ')}]\n` +
      args.map((a) => ` arg: "${a}"\n`).join('') +
      data.join(''),
  );
  const app = pkg === undefined ? undefined : appTask(android, pkg, null);
  if (pkg !== LAB && !app) {
    await err('** No activities found to run, monkey aborted.\n');
    return 252;
  }
  if (app) android.lab.launchApp(app);
  else android.lab.launch();
  if (pkg) android.packages.setStopped(pkg, false);
  await out('Events injected: 1\n## Network stats: elapsed time=24ms (0ms mobile, 0ms wifi, 24ms not connected)\n');
  return 0;
};

export const pm: Command = async (ctx) => {
  const { argv, android, out, err } = ctx;
  const [verb, ...rest] = argv.slice(1);
  if (verb === 'list' && rest[0] === 'packages') {
    const opts = rest.slice(1).filter((a) => a.startsWith('-'));
    const filter = packageArg(rest.slice(1)) ?? '';
    const pool = android.packages
      .list()
      .filter((p) => (opts.includes('-3') ? !p.system : opts.includes('-s') ? p.system : true));
    // PackageManagerShellCommand.runListPackages: [sourceDir=]name[ versionCode:N][ uid:N].
    const line = (p: (typeof pool)[number]) =>
      `package:${opts.includes('-f') ? `${p.apkPath}=` : ''}${p.packageName}${opts.includes('--show-versioncode') ? ` versionCode:${p.versionCode}` : ''}${opts.includes('-U') ? ` uid:${p.uid}` : ''}\n`;
    await out(
      pool
        .filter((p) => p.packageName.includes(filter))
        .map(line)
        .join(''),
    );
    return 0;
  }
  if (verb === 'install') return pmInstall({ ...ctx, argv: argv.slice(1) });
  if (verb === 'uninstall') return pmUninstall({ ...ctx, argv: argv.slice(1) });
  if (verb === 'query-activities') return queryActivities({ ...ctx, argv: argv.slice(1) });
  if (verb === 'resolve-activity') return resolveActivity({ ...ctx, argv: argv.slice(1) });
  if (verb === 'grant' || verb === 'revoke') return pmGrant({ ...ctx, argv: argv.slice(1) });
  if (verb === 'list' && (rest[0] === 'features' || rest[0] === 'permissions'))
    return pmListFeatures({ ...ctx, argv: argv.slice(1) });
  if (verb === 'install-create' || verb === 'install-write' || verb === 'install-commit' || verb === 'install-abandon')
    return pmSession({ ...ctx, argv: argv.slice(1) });
  if (verb === 'clear') {
    const pkg = packageArg(rest);
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
    const pkg = packageArg(rest);
    const p = pkg === undefined ? undefined : android.packages.get(pkg);
    if (!p) return 1;
    await out(`package:${p.apkPath}\n`);
    return 0;
  }
  await err(`Unknown command: ${verb ?? ''}\n`);
  return 255;
};

/** `cmd SERVICE …`: the binder shell commands behind am, pm, input, settings and wm. */
export const cmd: Command = async (ctx) => {
  const map: Record<string, Command> = { activity: am, appops, package: pm, input, settings, statusbar, window: wm };
  const run = map[ctx.argv[1] ?? ''];
  if (!run) {
    await ctx.err(`cmd: Can't find service: ${ctx.argv[1] ?? ''}\n`);
    return 20;
  }
  return run({ ...ctx, argv: ctx.argv.slice(1) });
};
