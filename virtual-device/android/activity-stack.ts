// ActivityTaskManager's tasks as every system service reports them: which activity is resumed, which tasks run
// behind it, their task ids and the hash codes of their ActivityRecord, Task and window objects. dumpsys
// activity (activities, top, processes), dumpsys window (focus, windows) and dumpsys input all read this one
// view, so after HOME every one of them names the launcher, and a record keeps its hash across services.
import { LAB_PACKAGE, LAUNCHER_ACTIVITY, LAUNCHER_PACKAGE } from '../lab/view-spec';
import type { SimulatedAndroid } from './device';
import type { ProcessInfo } from './process-list';
import { identityHash, shortComponent } from './shell/commands/dumpsys/records';

/** Task ids as ActivityTaskManager numbers them: home's root task and its leaf, the lab's task, an app's task. */
export const TASK_IDS = { homeRoot: 1, home: 2, lab: 42, app: 43 } as const;

export interface TaskRecord {
  id: number;
  home: boolean;
  packageName: string;
  /** The top activity's fully qualified class. */
  activity: string;
  /** ComponentName.flattenToShortString: `pkg/.Cls`. */
  component: string;
  /** The top activity is RESUMED (else STOPPED); the resumed task is first in the stack. */
  resumed: boolean;
  /** Identity hashes of the objects the dumps name. */
  taskHash: string;
  recordHash: string;
  windowHash: string;
  /** `ActivityRecord{hash u0 pkg/.Cls tN}` */
  record: string;
  /** The app's uid (`pm list packages -U`) and its process (`ps`), null when the process is not running. */
  uid: number;
  process: ProcessInfo | null;
}

function task(android: SimulatedAndroid, id: number, packageName: string, activity: string, home: boolean): TaskRecord {
  const component = shortComponent(packageName, activity);
  // The hash names the object: a new activity in the same task (the lab's screens) is a new ActivityRecord.
  const recordHash = identityHash(`ar:${component}:${id}`);
  return {
    id,
    home,
    packageName,
    activity,
    component,
    resumed: false,
    taskHash: identityHash(`task:${id}`),
    recordHash,
    windowHash: identityHash(`win:${component}:${id}`),
    record: `ActivityRecord{${recordHash} u0 ${component} t${id}}`,
    uid: android.packages.get(packageName)?.uid ?? 0,
    process: android.processList.processOf(packageName),
  };
}

/**
 * The tasks from top to bottom: the resumed one first, then the others that run, home last. With Recents
 * showing, home is resumed: Quickstep's overview is its launcher activity's state, not an activity of its own.
 */
export function activityStack(android: SimulatedAndroid): TaskRecord[] {
  const lab = android.lab;
  const focused = lab.focusedActivity;
  const rows: TaskRecord[] = [];
  const app = lab.appTask;
  if (app) rows.push(task(android, TASK_IDS.app, app.packageName, app.activity, false));
  const labActivity = lab.taskActivity;
  if (labActivity !== null)
    rows.push(task(android, TASK_IDS.lab, LAB_PACKAGE, labActivity.slice(LAB_PACKAGE.length + 1), false));
  const home = task(android, TASK_IDS.home, LAUNCHER_PACKAGE, LAUNCHER_ACTIVITY, true);
  const top = rows.find((r) => focused === `${r.packageName}/${r.activity}`) ?? home;
  top.resumed = true;
  return [top, ...rows.filter((r) => r !== top), ...(top === home ? [] : [home])];
}

/** The resumed activity's task: what `ResumedActivity:`, `dumpsys activity top` and `mFocusedApp` name. */
export function resumedTask(android: SimulatedAndroid): TaskRecord {
  return activityStack(android)[0]!;
}
