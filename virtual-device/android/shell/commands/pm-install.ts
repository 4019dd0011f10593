// `pm install PATH` and `pm uninstall PKG` as Android's PackageManagerShellCommand prints them: "Success", or
// "Failure [INSTALL_…: detail]" with exit status 1.
import { InstallFailure } from '../../apk/apk-manifest';
import type { SimulatedAndroid } from '../../device';
import { packageArg } from './package-arg';
import type { Command } from '../context';
import type { AppTask } from '../../../lab/system-ui';
import { readExactly, streamedSize } from './pm-install-stream';

/**
 * The task an app that runs no code here runs as (an installed APK, the image's browser): its launcher activity
 * showing its label, and the URI it was started with. Undefined for the lab, the launcher and unknown names.
 */
export function appTask(android: SimulatedAndroid, pkg: string, data: string | null): AppTask | undefined {
  const p = android.packages.get(pkg);
  if (!p?.launcherActivity || pkg === 'com.tactile.lab' || pkg === 'com.android.launcher3') return undefined;
  return {
    packageName: p.packageName,
    label: p.label ?? p.packageName,
    activity: p.launcherActivity,
    ...(data !== null && { data }),
  };
}

export const pmInstall: Command = async ({ argv, android, out, err, stdin }) => {
  const size = streamedSize(argv);
  // A streamed install is staged in a session directory, which is the path Android's messages name.
  const path =
    size === null
      ? argv
          .slice(1)
          .filter((a) => !a.startsWith('-'))
          .pop()
      : '/data/app/vmdl.tmp/base.apk';
  if (!path) {
    await err('Error: no package specified\n');
    return 1;
  }
  const bytes = size === null ? android.fs.read(path) : await readExactly(stdin, size);
  if (!bytes) {
    await err(`Error: Can't open file: ${path}\n`);
    await out(
      `Exception occurred while executing 'install':\njava.lang.IllegalArgumentException: Error: Can't open file: ${path}\n`,
    );
    return 1;
  }
  try {
    const p = android.packages.install(Buffer.from(bytes), path, android.clock());
    android.createAppDataDir(p.packageName);
    android.lab.stopApp(p.packageName);
    android.logcat.add('PackageManager', `Installed ${p.packageName} versionCode ${p.versionCode}`, 'I', 1000);
    await out('Success\n');
    return 0;
  } catch (e) {
    if (!(e instanceof InstallFailure)) throw e;
    await out(`Failure [${e.message}]\n`);
    return 1;
  }
};

/** `pm uninstall [-k] [--user N] PKG` (-k keeps the data directory: nothing of an app's data is simulated). */
export const pmUninstall: Command = async ({ argv, android, out }) => {
  const pkg = packageArg(argv.slice(1)) ?? '';
  const p = android.packages.get(pkg);
  if (!p) {
    await out(`Failure [DELETE_FAILED_INTERNAL_ERROR]\n`);
    return 1;
  }
  if (!android.packages.uninstall(pkg)) {
    // System and preinstalled packages: Android answers the same way for a package it will not remove for user 0.
    await out(`Failure [DELETE_FAILED_INTERNAL_ERROR]\n`);
    return 1;
  }
  android.lab.stopApp(pkg);
  if (!argv.includes('-k')) android.fs.privileged(() => android.fs.remove(`/data/data/${pkg}`));
  await out('Success\n');
  return 0;
};
