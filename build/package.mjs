#!/usr/bin/env node
/* global console, process */
// `npm run package`: builds the console, the helper jar and fetches the scrcpy server, then asks electron-builder
// for each target this OS can build (Linux: AppImage, deb, tar.gz; macOS: dmg; Windows: nsis), each in its own
// process (build/package-target.mjs) from its own deep copy of the config. A download that cannot happen
// (Electron's zip, fpm, the AppImage runtime, the scrcpy server) ends the output with one line saying what is
// missing and the command that fetches it, never with a stack. `node build/package.mjs [target…]` builds only
// the named targets (e.g. `dir`).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import config, { SCRCPY_SERVER_FILE } from './electron-builder.config.mjs';
import { explainPackagingError, missingScrcpyServer } from './packaging-errors.mjs';

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
  if (!existsSync(join(repo, 'helper-apk', 'target', 'tactile-helper.jar')))
    execFileSync(npm, ['run', '-s', 'build:helper'], { cwd: repo, stdio: 'inherit' });
  try {
    execFileSync(process.execPath, [join(repo, 'build', 'fetch-scrcpy-server.mjs')], { cwd: repo, stdio: 'inherit' });
  } catch {
    throw new Error(missingScrcpyServer(SCRCPY_SERVER_FILE));
  }
}

/** Progress lines electron-builder prints (`  • packaging …`); everything else is kept for the explanation. */
const progress = /^\s*•/;

/** Builds one target in its own process; resolves to its output files, or rejects with the one-line reason. */
function buildTarget(platform, target, electronDist) {
  return new Promise((resolve, reject) => {
    const args = [join(repo, 'build', 'package-target.mjs'), platform, target, ...(electronDist ? [electronDist] : [])];
    const child = spawn(process.execPath, args, { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
    let printed = '';
    let pending = '';
    const take = (chunk) => {
      printed += chunk;
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (progress.test(line)) console.log(line);
    };
    child.stdout.setEncoding('utf8').on('data', take);
    child.stderr.setEncoding('utf8').on('data', take);
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(/^OUTPUT (.*)$/m.exec(printed)?.[1] ?? '');
      else reject(new Error(explainPackagingError(printed)));
    });
  });
}

async function main() {
  const { platform, targets: hostList } = hostTargets();
  const targets = process.argv.length > 2 ? process.argv.slice(2) : hostList;
  prepare();
  const electronDist = localElectronDist();
  const failures = [];
  for (const target of targets) {
    try {
      const out = await buildTarget(platform, target, electronDist);
      console.log(`✓ ${target}: ${out || 'dist/'}`);
    } catch (e) {
      failures.push(`✗ ${target}: ${e instanceof Error ? e.message : String(e)}`);
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
