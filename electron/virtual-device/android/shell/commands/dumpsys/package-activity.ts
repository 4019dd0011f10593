// `dumpsys package` and `dumpsys activity` as they were before the split (the apps side, branch `vapps`,
// replaces this file with one per service): the Packages section and the resumed activity.
import type { SimulatedAndroid } from '../../../device';
import { LAUNCHER_ACTIVITY, shortComponent, token } from './names';

export function dumpActivity(android: SimulatedAndroid): string {
  const a = shortComponent(android.lab.focusedActivity ?? LAUNCHER_ACTIVITY);
  return `ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)\n  mResumedActivity: ActivityRecord{${token(77)} u0 ${a} t42}\n  ResumedActivity: ActivityRecord{${token(77)} u0 ${a} t42}\n`;
}

/** `dumpsys package [packages|PKG]`: one block per package with its versions and flags. */
export function dumpPackage(android: SimulatedAndroid, args: string[]): string {
  const section = args[0];
  const only = section && section !== 'packages' ? section : null;
  const pkgs = android.packages.list().filter((p) => only === null || p.packageName === only);
  return 'Packages:\n' + pkgs.map((p) => `  Package [${p.packageName}] (${token(p.packageName.length * 7919)}):\n` +
    `    codePath=${p.codePath}\n    versionCode=${p.versionCode} minSdk=${p.minSdk} targetSdk=${p.targetSdk}\n` +
    `    versionName=${p.versionName ?? 'null'}\n    pkgFlags=[ ${p.system ? 'SYSTEM ' : ''}HAS_CODE ALLOW_CLEAR_USER_DATA ]\n`).join('');
}
