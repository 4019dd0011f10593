// More of PackageManagerShellCommand: `grant`/`revoke PKG PERMISSION` (runtime permissions only, with its
// exceptions), `list features` / `list permissions`, and install sessions (`install-create`, `install-write
// [-S SIZE] ID NAME [PATH|-]`, `install-commit ID`, `install-abandon ID`), which `adb install-multiple` drives:
// the base APK of the session is what gets installed (split APKs carry no manifest of their own here).
import { InstallFailure } from '../../apk/apk-manifest';
import { RUNTIME_PERMISSIONS } from '../../packages';
import type { Command, CommandContext } from '../context';
import { packageArg } from './package-arg';
import { readExactly, streamedSize } from './pm-install-stream';

/** ShellCommand's report of a thrown exception: on stderr after an empty line; the command ends with -1. */
async function exception(ctx: CommandContext, verb: string, text: string): Promise<number> {
  await ctx.err(`\nException occurred while executing '${verb}':\n${text}\n`);
  return 255;
}

export const pmGrant: Command = async (ctx) => {
  const verb = ctx.argv[0]!;
  const words = ctx.argv.slice(1);
  const pkg = packageArg(words);
  const perm = pkg === undefined ? undefined : words[words.indexOf(pkg) + 1];
  if (pkg === undefined || perm === undefined) {
    await ctx.err('Error: no package or permission specified\n');
    return 1;
  }
  const p = ctx.android.packages.get(pkg);
  if (!p) return exception(ctx, verb, `java.lang.IllegalArgumentException: Unknown package: ${pkg}`);
  if (!p.requestedPermissions.includes(perm)) {
    return exception(ctx, verb, `java.lang.SecurityException: Package ${pkg} has not requested permission ${perm}`);
  }
  if (!RUNTIME_PERMISSIONS.has(perm)) {
    return exception(
      ctx,
      verb,
      `java.lang.SecurityException: Permission ${perm} requested by ${pkg} is not a changeable permission type`,
    );
  }
  if (verb === 'grant') p.granted.add(perm);
  else p.granted.delete(perm);
  return 0;
};

/** What a phone with a touchscreen, Wi-Fi, a camera and GPS declares (`pm list features`). */
const FEATURES = [
  'reqGlEsVersion=0x30002',
  'android.hardware.audio.output',
  'android.hardware.bluetooth',
  'android.hardware.bluetooth_le',
  'android.hardware.camera',
  'android.hardware.camera.any',
  'android.hardware.faketouch',
  'android.hardware.location',
  'android.hardware.location.gps',
  'android.hardware.location.network',
  'android.hardware.microphone',
  'android.hardware.ram.normal',
  'android.hardware.screen.landscape',
  'android.hardware.screen.portrait',
  'android.hardware.sensor.accelerometer',
  'android.hardware.touchscreen',
  'android.hardware.touchscreen.multitouch',
  'android.hardware.touchscreen.multitouch.distinct',
  'android.hardware.touchscreen.multitouch.jazzhand',
  'android.hardware.wifi',
  'android.software.app_widgets',
  'android.software.backup',
  'android.software.home_screen',
  'android.software.input_methods',
  'android.software.live_wallpaper',
  'android.software.webview',
];

export const pmListFeatures: Command = async ({ argv, android, out }) => {
  if (argv[1] === 'permissions') {
    const all = new Set(android.packages.list().flatMap((p) => p.requestedPermissions));
    await out(
      `All Permissions:\n\n${[...all]
        .sort()
        .map((x) => `permission:${x}\n`)
        .join('')}`,
    );
    return 0;
  }
  await out(FEATURES.map((f) => (f.includes('=') ? `${f}\n` : `feature:${f}\n`)).join(''));
  return 0;
};

interface Session {
  apks: Map<string, Uint8Array>;
}
const sessions = new WeakMap<object, Map<number, Session>>();
let nextSession = 1_094_711_202;

export const pmSession: Command = async (ctx) => {
  const { argv, android, out, err, stdin } = ctx;
  const table = sessions.get(android) ?? new Map<number, Session>();
  sessions.set(android, table);
  const verb = argv[0]!;
  const words = argv
    .slice(1)
    .filter((w, i, all) => !w.startsWith('-') && all[i - 1] !== '-S' && all[i - 1] !== '--user' && all[i - 1] !== '-i');
  if (verb === 'install-create') {
    const id = nextSession++;
    table.set(id, { apks: new Map() });
    await out(`Success: created install session [${id}]\n`);
    return 0;
  }
  const id = Number(words[0]);
  const session = table.get(id);
  if (!session)
    return exception(ctx, verb, `java.lang.SecurityException: Caller has no access to session ${words[0] ?? ''}`);
  if (verb === 'install-abandon') {
    table.delete(id);
    await out('Success\n');
    return 0;
  }
  if (verb === 'install-write') {
    const name = words[1] ?? 'base';
    const path = words[2];
    const size = streamedSize(argv);
    const bytes =
      size !== null && (path === undefined || path === '-')
        ? await readExactly(stdin, size)
        : path
          ? android.fs.read(path)
          : null;
    if (!bytes) {
      await err(`Error: Can't open file: ${path ?? ''}\n`);
      return 1;
    }
    session.apks.set(name, bytes);
    await out(`Success: streamed ${bytes.length} bytes\n`);
    return 0;
  }
  // install-commit: the base APK installs; a session without one fails as PackageInstaller does.
  table.delete(id);
  const base = session.apks.get('base') ?? session.apks.get('base.apk') ?? [...session.apks.values()][0];
  if (!base) {
    await out('Failure [INSTALL_FAILED_INVALID_APK: Missing existing base package]\n');
    return 1;
  }
  try {
    const p = android.packages.install(Buffer.from(base), `/data/app/vmdl${id}.tmp/base.apk`, android.clock());
    android.createAppDataDir(p.packageName);
    android.lab.stopApp(p.packageName);
    await out('Success\n');
    return 0;
  } catch (e) {
    if (!(e instanceof InstallFailure)) throw e;
    await out(`Failure [${e.message}]\n`);
    return 1;
  }
};
