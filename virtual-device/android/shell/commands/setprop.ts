// Android 14's toolbox `setprop NAME VALUE`: its own checks first (name characters, dots, value length), then
// init's property service decides. A read-only (ro.*) property that is set never changes; for the rest SELinux
// lets the shell domain set only the contexts shell.te grants (debug, logging, dumpstate, power control…), so
// `setprop persist.sys.locale …` fails as on a phone; root (after `adb root`) may set any. The lab's test
// faults are the lab image's own properties, which it gives the shell (persist.tactile.sim.*, see
// virtual-device/helper/sim-faults.ts). `sys.powerctl reboot[,TARGET]` reboots, as `reboot` does.
import type { Command } from '../context';

const PROP_VALUE_MAX = 92;

/** Property prefixes whose contexts the shell domain may set (system/sepolicy shell.te, property_contexts). */
const SHELL_SETTABLE = [
  'debug.',
  'persist.debug.',
  'log.',
  'persist.log.tag',
  'dumpstate.',
  'ctl.bugreport',
  'sys.powerctl',
  'persist.wm.debug.',
  'wifi.log',
  'persist.sys.test_harness',
  'persist.tactile.sim.',
];

export const setprop: Command = async ({ argv, android, out, err }) => {
  if (argv.length !== 3) {
    await out('usage: setprop NAME VALUE\n\nSets an Android system property.\n');
    return 1;
  }
  const [, name, value] = argv as [string, string, string];
  if (name.startsWith('.') || name.endsWith('.')) {
    await err("Property names must not start or end with a '.'\n");
    return 1;
  }
  if (name.includes('..')) {
    await err("'..' is not allowed in a property name\n");
    return 1;
  }
  const bad = [...name].find((c) => !/[A-Za-z0-9:@_.-]/.test(c));
  if (bad !== undefined) {
    await err(`Invalid character '${bad}' in name '${name}'\n`);
    return 1;
  }
  if (Buffer.byteLength(value) >= PROP_VALUE_MAX && !value.startsWith('ro.')) {
    await err(`Value '${value}' is too long, ${Buffer.byteLength(value)} bytes vs a max of ${PROP_VALUE_MAX}\n`);
    return 1;
  }
  const readOnly = name.startsWith('ro.') && android.props.has(name);
  const allowed = android.credentials.uid === 0 || SHELL_SETTABLE.some((p) => name === p || name.startsWith(p));
  if (readOnly || !allowed) {
    await err(`Failed to set property '${name}' to '${value}'.\nSee dmesg for error reason.\n`);
    return 1;
  }
  if (name === 'sys.powerctl') {
    const [action, target] = value.split(',');
    if (action === 'reboot') android.reboot(target ?? '');
    return 0;
  }
  android.props.set(name, value);
  return 0;
};
