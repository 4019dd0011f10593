// getprop, wm and settings with Android's output formats.
import { SettingsStore } from '../../settings-store';
import type { Command } from '../context';
import type { SimulatedAndroid } from '../../device';

export const getprop: Command = async ({ argv, android, out }) => {
  const key = argv[1];
  if (key === undefined) {
    await out([...android.props].map(([k, v]) => `[${k}]: [${v}]\n`).join(''));
    return 0;
  }
  await out(`${android.props.get(key) ?? argv[2] ?? ''}\n`);
  return 0;
};

/**
 * `wm [size|density|user-rotation] [-d DISPLAY_ID] ...` as Android 14's WindowManagerShellCommand: only display
 * 0 exists; an error prints on stderr and exits 255 (the shell command's -1).
 */
export const wm: Command = async ({ argv, android, out, err }) => {
  const args = argv.slice(2);
  if (args[0] === '-d') {
    const id = args[1];
    if (id !== '0') {
      await err(`Error: invalid display id ${id ?? ''}\n`);
      return 255;
    }
    args.splice(0, 2);
  }
  const run = WM[argv[1] ?? ''];
  const answer = run ? run(android, args) : { err: `Error: unsupported wm command: ${argv.slice(1).join(' ')}` };
  if ('err' in answer) {
    await err(`${answer.err}\n`);
    return 255;
  }
  await out(answer.out);
  return 0;
};

type WmAnswer = { out: string } | { err: string };
type WmVerb = (android: SimulatedAndroid, args: string[]) => WmAnswer;

const WM: Record<string, WmVerb> = {
  size(android, [arg]) {
    const d = android.display;
    if (arg === undefined) {
      // Physical size is the panel's natural size; it does not change with rotation (as on Android).
      const override = d.overrideSize ? `Override size: ${d.overrideSize.width}x${d.overrideSize.height}\n` : '';
      return { out: `Physical size: ${d.physicalWidth}x${d.physicalHeight}\n${override}` };
    }
    if (arg === 'reset') {
      android.setSizeOverride(null);
      return { out: '' };
    }
    const m = /^(\d{1,5})x(\d{1,5})$/.exec(arg);
    if (m && Number(m[1]) > 0 && Number(m[2]) > 0) {
      android.setSizeOverride({ width: Number(m[1]), height: Number(m[2]) });
      return { out: '' };
    }
    return { err: `Error: bad size ${arg}` };
  },
  density(android, [arg]) {
    const d = android.display;
    if (arg === undefined) {
      const override = d.overrideDensity !== null ? `Override density: ${d.overrideDensity}\n` : '';
      return { out: `Physical density: ${d.physicalDensity}\n${override}` };
    }
    if (arg === 'reset') {
      android.setDensityOverride(null);
      return { out: '' };
    }
    if (/^\d{2,4}$/.test(arg) && Number(arg) >= 72) {
      android.setDensityOverride(Number(arg));
      return { out: '' };
    }
    return { err: `Error: bad density ${arg}` };
  },
  /** `wm user-rotation [free|lock] [ROTATION]`: prints `free` or `lock N`; `lock` alone keeps the current rotation. */
  'user-rotation'(android, [mode, value]) {
    if (mode === undefined) return { out: android.rotationLocked ? `lock ${android.display.rotation}\n` : 'free\n' };
    if (mode === 'free') {
      android.settings.put('system', 'accelerometer_rotation', '1');
      return { out: '' };
    }
    if (mode !== 'lock') return { err: 'Error: argument needs to be either -d, free or lock.' };
    const rotation = value === undefined ? android.display.rotation : Number(value);
    if (!/^-?\d+$/.test(value ?? '0')) return { err: `Error: For input string: "${value}"` };
    if (rotation < 0 || rotation > 3)
      return {
        err: `Error: Rotation value must be one of ROTATION_0, ROTATION_90, ROTATION_180 or ROTATION_270, was ${rotation}`,
      };
    android.setRotation(rotation);
    return { out: '' };
  },
};

/** Settings.System validators for the keys whose values the display obeys; a bad value is refused by the provider. */
const VALIDATORS: Record<string, RegExp> = { accelerometer_rotation: /^[01]$/, user_rotation: /^[0-3]$/ };

export const settings: Command = async ({ argv, android, out, err }) => {
  const [verb, ns, key, value] = argv.slice(1);
  if (ns === undefined || !SettingsStore.isNamespace(ns)) {
    await err(`Invalid namespace '${ns ?? ''}'\n`);
    return 255;
  }
  switch (verb) {
    case 'get':
      if (key === undefined) break;
      await out(`${android.settings.get(ns, key) ?? 'null'}\n`);
      return 0;
    case 'put': {
      if (key === undefined || value === undefined) break;
      const valid = ns !== 'system' || !Object.hasOwn(VALIDATORS, key) || VALIDATORS[key]!.test(value);
      if (!valid) {
        await err(
          `Exception occurred while executing 'put':\njava.lang.IllegalArgumentException: Invalid value: ${value} for setting: ${key}\n`,
        );
        return 255;
      }
      // The display observes user_rotation / accelerometer_rotation (SimulatedAndroid follows the store).
      android.settings.put(ns, key, value);
      return 0;
    }
    case 'delete':
      if (key === undefined) break;
      await out(`Deleted ${android.settings.delete(ns, key) ? 1 : 0} rows\n`);
      return 0;
    case 'list':
      await out(
        android.settings
          .list(ns)
          .map(([k, v]) => `${k}=${v}\n`)
          .join(''),
      );
      return 0;
  }
  await err('Invalid command. Use: settings get|put|delete|list NAMESPACE [KEY [VALUE]]\n');
  return 255;
};
