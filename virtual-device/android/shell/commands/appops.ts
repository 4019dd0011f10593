// `appops set|get|reset` (AppOpsService's shell command): per-package modes of the app ops (allow, ignore,
// deny, default, foreground), named by their op string (`android:mock_location`) or name (`MOCK_LOCATION`).
// `get` lists what was set as `NAME: mode` lines, or `No operations.`.
import type { Command } from '../context';
import { packageArg } from './package-arg';
import type { AppOpMode } from '../../app-ops';

const OPS = [
  'COARSE_LOCATION',
  'FINE_LOCATION',
  'GPS',
  'VIBRATE',
  'READ_CONTACTS',
  'WRITE_CONTACTS',
  'CAMERA',
  'RECORD_AUDIO',
  'PLAY_AUDIO',
  'READ_CLIPBOARD',
  'WRITE_CLIPBOARD',
  'POST_NOTIFICATION',
  'SYSTEM_ALERT_WINDOW',
  'WRITE_SETTINGS',
  'MOCK_LOCATION',
  'GET_USAGE_STATS',
  'REQUEST_INSTALL_PACKAGES',
  'RUN_IN_BACKGROUND',
  'RUN_ANY_IN_BACKGROUND',
  'PROJECT_MEDIA',
  'MANAGE_EXTERNAL_STORAGE',
  'START_FOREGROUND',
];
const MODES = ['allow', 'ignore', 'deny', 'default', 'foreground'];

/** `android:mock_location` or `MOCK_LOCATION` → `MOCK_LOCATION`; null for an unknown op. */
function opName(word: string): string | null {
  const upper = word.replace(/^android:/, '').toUpperCase();
  return OPS.includes(upper) ? upper : /^\d+$/.test(word) ? (OPS[Number(word)] ?? null) : null;
}

export const appops: Command = async ({ argv, android, out, err }) => {
  const [verb, ...rest] = argv.slice(1);
  const words = rest.filter((w, i) => !w.startsWith('--') && rest[i - 1] !== '--user');
  const pkg = packageArg(rest);
  const known = (p: string | undefined) =>
    p !== undefined && (android.packages.get(p) !== undefined || /^\d+$/.test(p));
  switch (verb) {
    case 'set': {
      const [, op, mode] = words;
      if (!known(pkg)) {
        await err(`Error: No UID for ${pkg ?? ''} in user 0\n`);
        return 255;
      }
      const name = op === undefined ? null : opName(op);
      if (name === null) {
        await err(`Error: Unknown operation string: ${op ?? ''}\n`);
        return 255;
      }
      if (mode === undefined || !MODES.includes(mode)) {
        await err(`Error: Mode ${mode ?? ''} is not valid\n`);
        return 255;
      }
      android.appOps.set(pkg!, name, mode as AppOpMode | 'default');
      return 0;
    }
    case 'get': {
      if (!known(pkg)) {
        await err(`Error: No UID for ${pkg ?? ''} in user 0\n`);
        return 255;
      }
      const only = words[1] === undefined ? null : opName(words[1]);
      const ops = android.appOps.list(pkg!).filter(([n]) => only === null || n === only);
      await out(ops.length === 0 ? 'No operations.\n' : ops.map(([n, m]) => `${n}: ${m}\n`).join(''));
      return 0;
    }
    case 'reset':
      android.appOps.reset(pkg);
      return 0;
    default:
      await err(`Error: Unknown command: ${verb ?? ''}\n`);
      return 255;
  }
};
