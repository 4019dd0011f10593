// `reboot [TARGET]` (system/core/reboot: sets sys.powerctl, which the shell domain may, then waits to be killed)
// and `remount` (fs_mgr_remount.cpp, also what `adb remount` runs): root only, on a userdebug build; the
// virtual device's system partition has no dm-verity to disable, so it is remounted read-write at once, until
// the next reboot.
import type { Command } from '../context';

export const reboot: Command = async ({ argv, android, err, signal }) => {
  const args = argv.slice(1);
  if (args.includes('-p')) {
    await err('reboot: powering off is not simulated by the virtual device\n');
    return 1;
  }
  android.reboot(args.find((a) => !a.startsWith('-')) ?? '');
  // Don't return early: the device goes down under this command, as under the real one.
  await new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
  return 0;
};

/** The partitions an Android 14 image remounts: the system-as-root `/` and its companions. */
const PARTITIONS = ['/', '/vendor', '/product', '/system_ext'];

export const remount: Command = async ({ argv, android, err }) => {
  const args = argv.slice(1).filter((a) => a !== '-v');
  const bad = args.find((a) => a.startsWith('-') && a !== '-R');
  if (bad !== undefined) {
    await err(`Bad argument ${bad}\n`);
    return 1;
  }
  if (android.credentials.uid !== 0) {
    await err('Not running as root. Try "adb root" first.\n');
    return 1;
  }
  if (android.props.get('ro.debuggable') !== '1') {
    await err('Device must be userdebug build\n');
    return 1;
  }
  const unknown = args.find(
    (a) => a !== '-R' && !PARTITIONS.includes(a === '/system' ? '/' : a) && !PARTITIONS.includes(`/${a}`),
  );
  if (unknown !== undefined) {
    await err(`Unknown partition ${unknown}\n`);
    return 1;
  }
  android.fs.remount(true);
  const chosen = args.filter((a) => a !== '-R');
  for (const p of chosen.length > 0 ? chosen : PARTITIONS) await err(`Remounted ${p} as RW\n`);
  await err('Remount succeeded\n');
  return 0;
};
