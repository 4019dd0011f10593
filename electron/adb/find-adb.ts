// Finds the adb binary on first start, so an installed Tactile works when adb came with the Android SDK rather
// than a package manager (SDK installs rarely put platform-tools on PATH). Order: PATH, then ANDROID_HOME /
// ANDROID_SDK_ROOT platform-tools, then the folders Android Studio installs the SDK to on each OS. Pure over
// an injected filesystem check and environment so it is unit-tested without touching the real machine.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { posix, win32 } from 'node:path';

export interface FindAdbOptions {
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  home: string;
  /** Whether `path` names an existing file (a stand-in in tests). */
  isFile: (path: string) => boolean;
}

/** Default SDK folders per OS (Android Studio's install locations). */
function sdkFolders(platform: NodeJS.Platform, home: string, env: FindAdbOptions['env']): string[] {
  if (platform === 'win32') {
    const local = env.LOCALAPPDATA ?? win32.join(home, 'AppData', 'Local');
    return [win32.join(local, 'Android', 'Sdk')];
  }
  if (platform === 'darwin') return [posix.join(home, 'Library', 'Android', 'sdk')];
  return [
    posix.join(home, 'Android', 'Sdk'),
    posix.join(home, 'Android', 'sdk'),
    '/opt/android-sdk',
    '/usr/lib/android-sdk',
  ];
}

/** Every place adb is looked for, in order. */
export function adbCandidates({ env, platform, home }: Omit<FindAdbOptions, 'isFile'>): string[] {
  const path = platform === 'win32' ? win32 : posix;
  const exe = platform === 'win32' ? 'adb.exe' : 'adb';
  const delimiter = platform === 'win32' ? ';' : ':';
  const pathDirs = (env.PATH ?? env.Path ?? '').split(delimiter).filter((d) => d !== '');
  const sdks = [env.ANDROID_HOME, env.ANDROID_SDK_ROOT].filter((d): d is string => !!d);
  return [
    ...pathDirs.map((d) => path.join(d, exe)),
    ...[...sdks, ...sdkFolders(platform, home, env)].map((sdk) => path.join(sdk, 'platform-tools', exe)),
  ];
}

/** The first adb found, or null (then adb contact fails with ADB_UNAVAILABLE and its install hint). */
export function findAdb(options: FindAdbOptions): string | null {
  return adbCandidates(options).find((c) => options.isFile(c)) ?? null;
}

/** findAdb on this machine; falls back to plain `adb` so the error names the binary that is missing. */
export function findHostAdb(): string {
  return findAdb({ env: process.env, platform: process.platform, home: homedir(), isFile: existsSync }) ?? 'adb';
}
