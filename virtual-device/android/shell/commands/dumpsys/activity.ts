// `dumpsys activity activities|top|processes` in Android 14's layout (RootWindowContainer.dumpActivities,
// Task.dump, ActivityRecord.dump, ActivityManagerService.dumpActivity and dumpProcessesLSP): the tasks from top
// to bottom, the leaf task's `topResumedActivity=`, each record's `app=ProcessRecord{hash pid:name/u0aN}`, the
// display's `ResumedActivity:`. Android 14 no longer prints `mResumedActivity:` (API ≤ 28 did).
import type { SimulatedAndroid } from '../../../device';
import { userName, type ProcessInfo } from '../../../process-list';
import { activityStack, TASK_IDS, type TaskRecord } from '../../../activity-stack';
import { identityHash } from './records';

/** UserHandle.formatUid: u0a102 for apps, the number for system uids. */
const formatUid = (uid: number) => (uid >= 10_000 ? userName(uid).replace('_', '') : String(uid));

function processRecord(p: ProcessInfo | null): string {
  if (!p) return 'null';
  const name = p.packageName ?? (p.uid === 1000 ? 'system' : p.name);
  return `ProcessRecord{${identityHash(`proc:${p.pid}`)} ${p.pid}:${name}/${formatUid(p.uid)}}`;
}

function taskBlock(android: SimulatedAndroid, t: TaskRecord, indent: string): string {
  const p = android.packages.get(t.packageName);
  const proc = t.process;
  const state = t.resumed ? 'RESUMED' : 'STOPPED';
  const cmp = t.component;
  const affinity = t.home ? 'null' : `${t.uid}:${t.packageName}`;
  const taskName = t.home
    ? `Task{${t.taskHash} #${t.id} type=home I=${cmp} U=0 rootTaskId=${TASK_IDS.homeRoot}`
    : `Task{${t.taskHash} #${t.id} type=standard A=${affinity} U=0`;
  const i = indent;
  return [
    `${i}* ${taskName} visible=${t.resumed} visibleRequested=${t.resumed} mode=fullscreen translucent=false sz=1}`,
    `${i}  mLastNonFullscreenBounds=null`,
    `${i}  isSleeping=false`,
    ...(t.resumed ? [`${i}  topResumedActivity=${t.record}`] : []),
    `${i}  * Hist  #0: ${t.record}`,
    `${i}    packageName=${t.packageName} processName=${t.packageName}`,
    `${i}    launchedFromUid=${t.home ? 0 : 2000} launchedFromPackage=${t.home ? 'null' : 'com.android.shell'} launchedFromFeature=null userId=0`,
    `${i}    app=${processRecord(proc)}`,
    `${i}    Intent { act=android.intent.action.MAIN cat=[android.intent.category.${t.home ? 'HOME' : 'LAUNCHER'}] flg=0x10000000 cmp=${cmp} }`,
    `${i}    rootOfTask=true task=${taskName.replace(/ U=0.*$/, '')}}`,
    `${i}    taskAffinity=${affinity}`,
    `${i}    mActivityComponent=${cmp}`,
    `${i}    baseDir=${p?.apkPath ?? 'null'}`,
    `${i}    dataDir=/data/user/0/${t.packageName}`,
    `${i}    stateNotNeeded=${t.home} componentSpecified=true mActivityType=${t.home ? 'home' : 'standard'}`,
    `${i}    state=${state} delayedResume=false finishing=false`,
    `${i}    keysPaused=false inHistory=true setVisible=${t.resumed} visibleRequested=${t.resumed} visible=${t.resumed} sleeping=false idle=true mStartingWindowState=STARTING_WINDOW_REMOVED`,
    `${i}    nowVisible=${t.resumed} lastVisibleTime=-1s0ms`,
  ].join('\n');
}

function activities(android: SimulatedAndroid): string {
  const rows = activityStack(android);
  const blocks = rows.map((t) =>
    t.home
      ? `  * Task{${identityHash(`task:${TASK_IDS.homeRoot}`)} #${TASK_IDS.homeRoot} type=home U=0 visible=${t.resumed} visibleRequested=${t.resumed} mode=fullscreen translucent=false sz=1}\n${taskBlock(android, t, '    ')}`
      : taskBlock(android, t, '  '),
  );
  const resumed = rows[0]!.record;
  return (
    `ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)\nDisplay #0 (activities from top to bottom):\n${blocks.join('\n')}\n\n` +
    `  Resumed activities in task display areas (from top to bottom):\n    Resumed: ${resumed}\n\n  ResumedActivity: ${resumed}\n`
  );
}

function top(android: SimulatedAndroid): string {
  const t = activityStack(android)[0]!;
  const affinity = t.home ? 'null' : `${t.uid}:${t.packageName}`;
  return (
    `TASK ${affinity} id=${t.id} userId=0\n  ACTIVITY ${t.component} ${t.recordHash} pid=${t.process?.pid ?? '(not running)'}\n` +
    `    Local Activity ${identityHash(`local:${t.packageName}`)} State:\n      mResumed=true mStopped=false mFinished=false\n      mIsRestarting=false\n`
  );
}

function processes(android: SimulatedAndroid): string {
  const procs = android.processList.list().filter((p) => p.packageName !== null || p.name === 'system_server');
  const known = procs
    .filter((p) => p.packageName !== null)
    .map(
      (p) =>
        `  *APP* UID ${p.uid} ${processRecord(p)}\n    user #0 uid=${p.uid} gids={${50_000 + (p.uid % 10_000)}, ${20_000 + (p.uid % 10_000)}, 9997, 3003}\n` +
        `    packageList={${p.packageName}}\n    pid=${p.pid} starting=false`,
    );
  // The LRU list starts with the process of the resumed activity (the TOP one), as oom_adj sorts it.
  const topPid = activityStack(android)[0]!.process?.pid;
  const ordered = [...procs].reverse().sort((a, b) => Number(b.pid === topPid) - Number(a.pid === topPid));
  const lru = ordered.map((p, i) => {
    const top = p.pid === topPid;
    return `    Proc #${String(i).padStart(2)}: ${top ? 'fg     T/A/TOP ' : 'prcp   F/S/FGS '} LCM  t: 0 ${p.pid}:${p.packageName ?? 'system'}/${formatUid(p.uid)} (${top ? 'top-activity' : 'fg-service'})`;
  });
  return (
    `ACTIVITY MANAGER RUNNING PROCESSES (dumpsys activity processes)\n  All known processes:\n${known.join('\n')}\n\n` +
    `  Process LRU list (sorted by oom_adj, ${procs.length} total, non-act at 0, non-svc at 0):\n${lru.join('\n')}\n\n` +
    `  PID mappings:\n${procs.map((p) => `    PID #${p.pid}: ${processRecord(p)}`).join('\n')}\n`
  );
}

/** `dumpsys activity ARGS…` (the words after `activity`), as the dumpsys dispatcher asks each service. */
export function dumpActivity(android: SimulatedAndroid, args: readonly string[]): string {
  switch (args[0]) {
    case 'activities':
    case 'a':
      return activities(android);
    case 'top':
      return top(android);
    case 'processes':
    case 'p':
      return processes(android);
    case undefined:
      return `${activities(android)}\n${processes(android)}`;
    default:
      return `Bad activity command, or no activities match: ${args[0]}\nUse -h for help.\n`;
  }
}
