#!/usr/bin/env node
/* global console, process */
// `npm run package`: builds the console, the helper jar and fetches the scrcpy server, then asks electron-builder
// for each target this OS can build (Linux: AppImage, deb, tar.gz; macOS: dmg; Windows: nsis). A download that
// cannot happen (Electron's zip, fpm, AppImage tools) is reported as one sentence saying what to provide,
// never as a stack. `node build/package.mjs [target…]` builds only the named targets (e.g. `dir`).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import config, { SCRCPY_SERVER_FILE } from './electron-builder.config.mjs';
import { explainPackagingError } from './packaging-errors.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The targets electron-builder can build on this OS without another machine. */
export function hostTargets(platform = process.platform) {
  if (platform === 'linux') return { platform: 'linux', targets: config.linux.target };
  if (platform === 'darwin') return { platform: 'mac', targets: config.mac.target };
  if (platform === 'win32') return { platform: 'win', targets: config.win.target };
  throw new Error(`packaging is not supported on ${platform}`);
}

/** Electron's unpacked dist: ELECTRON_OVERRIDE_DIST_PATH, else node_modules/electron/dist if its install ran. */
export function localElectronDist(env = process.env) {
  if (env.ELECTRON_OVERRIDE_DIST_PATH) return env.ELECTRON_OVERRIDE_DIST_PATH;
  const dist = join(repo, 'node_modules', 'electron', 'dist');
  return existsSync(dist) ? dist : undefined;
}

function prepare() {
  execFileSync(npm, ['run', '-s', 'build'], { cwd: repo, stdio: 'inherit' });
  if (!existsSync(join(repo, 'helper-apk', 'target', 'tactile-helper.jar'))) execFileSync(npm, ['run', '-s', 'build:helper'], { cwd: repo, stdio: 'inherit' });
  try {
    execFileSync(process.execPath, [join(repo, 'build', 'fetch-scrcpy-server.mjs')], { cwd: repo, stdio: 'inherit' });
  } catch {
    throw new Error(
      `the scrcpy server could not be downloaded. Put the official ${SCRCPY_SERVER_FILE} (from github.com/Genymobile/scrcpy/releases) ` +
        `into vendor/ and run again; build/fetch-scrcpy-server.mjs checks its SHA-256.`,
    );
  }
}

async function main() {
  const { build, Platform } = await import('electron-builder');
  const { platform, targets: hostList } = hostTargets();
  const targets = process.argv.length > 2 ? process.argv.slice(2) : hostList;
  prepare();
  const electronDist = localElectronDist();
  const failures = [];
  for (const target of targets) {
    try {
      const out = await build({ projectDir: repo, targets: Platform.fromString(platform).createTarget(target), config: { ...config, ...(electronDist ? { electronDist } : {}) } });
      console.log(`✓ ${target}: ${out.join(', ') || 'dist/'}`);
    } catch (e) {
      failures.push(`✗ ${target}: ${explainPackagingError(e)}`);
    }
  }
  for (const f of failures) console.error(f);
  return failures.length === 0 ? 0 : 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (e) => {
      console.error(`npm run package: ${e instanceof Error ? e.message : String(e)}`);
      process.exit(1);
    },
  );
}
