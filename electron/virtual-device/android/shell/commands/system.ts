// getprop, wm, settings and logcat with Android's output formats.
import { SettingsStore } from '../../settings-store';
import type { Command } from '../context';
import { parseLogcatArgs } from '../../logcat-args';

export const getprop: Command = async ({ argv, android, out }) => {
  const key = argv[1];
  if (key === undefined) {
    await out([...android.props].map(([k, v]) => `[${k}]: [${v}]\n`).join(''));
    return 0;
  }
  await out(`${android.props.get(key) ?? argv[2] ?? ''}\n`);
  return 0;
};

export const wm: Command = async ({ argv, android, out, err }) => {
  const d = android.display;
  switch (argv[1]) {
    case 'size': {
      const arg = argv[2];
      if (arg === undefined) {
        // Physical size is the panel's natural size; it does not change with rotation (as on Android).
        const override = d.overrideSize ? `Override size: ${d.overrideSize.width}x${d.overrideSize.height}\n` : '';
        await out(`Physical size: ${d.physicalWidth}x${d.physicalHeight}\n${override}`);
        return 0;
      }
      if (arg === 'reset') {
        android.setSizeOverride(null);
        return 0;
      }
      const m = /^(\d{1,5})x(\d{1,5})$/.exec(arg);
      if (m && Number(m[1]) > 0 && Number(m[2]) > 0) {
        android.setSizeOverride({ width: Number(m[1]), height: Number(m[2]) });
        return 0;
      }
      await err(`Error: bad size ${arg}\n`);
      return 255;
    }
    case 'density': {
      const arg = argv[2];
      if (arg === undefined) {
        const override = d.overrideDensity !== null ? `Override density: ${d.overrideDensity}\n` : '';
        await out(`Physical density: ${d.physicalDensity}\n${override}`);
        return 0;
      }
      if (arg === 'reset') {
        android.setDensityOverride(null);
        return 0;
      }
      if (/^\d{2,4}$/.test(arg) && Number(arg) >= 72) {
        android.setDensityOverride(Number(arg));
        return 0;
      }
      await err(`Error: bad density ${arg}\n`);
      return 255;
    }
    case 'user-rotation': {
      const [mode, value] = [argv[2], argv[3]];
      if (mode === undefined) {
        await out(`${android.settings.get('system', 'accelerometer_rotation') === '1' ? 'free' : 'lock'} ${d.rotation}\n`);
        return 0;
      }
      if (mode === 'lock' && value !== undefined && /^[0-3]$/.test(value)) {
        android.setRotation(Number(value));
        return 0;
      }
      if (mode === 'free') return 0;
      break;
    }
  }
  await err(`Error: unsupported wm command: ${argv.slice(1).join(' ')}\n`);
  return 255;
};

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
    case 'put':
      if (key === undefined || value === undefined) break;
      android.settings.put(ns, key, value);
      if (ns === 'system' && key === 'user_rotation' && /^[0-3]$/.test(value)) android.setRotation(Number(value));
      return 0;
    case 'delete':
      if (key === undefined) break;
      await out(`Deleted ${android.settings.delete(ns, key) ? 1 : 0} rows\n`);
      return 0;
    case 'list':
      await out(android.settings.list(ns).map(([k, v]) => `${k}=${v}\n`).join(''));
      return 0;
  }
  await err('Invalid command. Use: settings get|put|delete|list NAMESPACE [KEY [VALUE]]\n');
  return 255;
};

export const logcat: Command = async ({ argv, android, out, err }) => {
  const parsed = parseLogcatArgs(argv, new Date(android.clock()).getUTCFullYear());
  if (!parsed.ok) {
    await err(`logcat: ${parsed.message}\n`);
    return 1;
  }
  if (parsed.clear) {
    android.logcat.clear();
    return 0;
  }
  await out('--------- beginning of main\n' + android.logcat.format(parsed.query));
  // Without -d logcat would stream until killed; the simulation prints the buffer and ends (callers poll with -T).
  return 0;
};
