// Finds Electron's executable for `npm start`, fetching it once when it is missing. The binary comes from the
// electron package's install script, which npm does not run here (package.json allowScripts keeps install
// scripts off), so a fresh clone has none: `npm start` runs that script itself, one attempt with a time limit,
// and says what it is doing, before falling back to the browser console.
/* global setTimeout, clearTimeout */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';

const require = createRequire(import.meta.url);
const repo = fileURLToPath(new URL('..', import.meta.url));
export const INSTALL_SCRIPT = 'node_modules/electron/install.js';
export const INSTALL_LIMIT_MS = 60_000;

/** The Electron executable, or why there is none. */
export function electronBinary() {
  try {
    const resolved = require.resolve('electron');
    delete require.cache[resolved]; // index.js reads path.txt when loaded: load it again after an install.
    const path = require('electron');
    return typeof path === 'string' && existsSync(path)
      ? { path }
      : { problem: `the Electron binary ${path} does not exist` };
  } catch (error) {
    return { problem: String(error instanceof Error ? error.message : error).split('\n')[0] };
  }
}

/** Runs `node script` once; resolves with why it did not succeed, or null when it exited 0. */
function runOnce(script, limitMs) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script], { cwd: repo, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve(`no answer within ${limitMs / 1000} s`);
    }, limitMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      resolve(e.message);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      const reason = stderr
        .split('\n')
        .map((l) => l.trim())
        .find((l) => l !== '' && !l.startsWith('at '));
      resolve(code === 0 ? null : (reason ?? `exit code ${code}`));
    });
  });
}

/**
 * Electron's executable; when missing, runs its install script once (at most `limitMs`) and looks again.
 * `binary`, `script` and `limitMs` are injectable so the fallback can be tested without a network or a minute.
 */
export async function ensureElectron({
  binary = electronBinary,
  script = INSTALL_SCRIPT,
  limitMs = INSTALL_LIMIT_MS,
  log = (line) => process.stderr.write(`${line}\n`),
} = {}) {
  const before = binary();
  if (before.path) return before;
  log(`Electron's binary is missing: fetching it once with \`node ${script}\` (up to ${limitMs / 1000} s)…`);
  const failed = await runOnce(script, limitMs);
  const after = binary();
  if (after.path) {
    log('Electron fetched.');
    return after;
  }
  return { problem: `${before.problem}; \`node ${script}\` did not fetch it: ${failed ?? after.problem}` };
}
