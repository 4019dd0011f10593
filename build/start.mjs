// `npm start`: builds the console and launches it in Electron. Electron's binary is downloaded by its npm
// package's install script, which Tactile does not run (package.json allowScripts); when the binary is missing
// this says so and serves the same console in the browser instead (`npm run start:web`).
// `node build/start.mjs --web` goes straight to the browser console.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import process from 'node:process';
import { URL, fileURLToPath } from 'node:url';
import { buildElectron, buildRenderer } from './build.mjs';
import { runChild } from './child-process.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

/** The Electron executable, or why there is none. */
function electronBinary() {
  try {
    const path = require('electron');
    return typeof path === 'string' && existsSync(path) ? { path } : { problem: `the Electron binary ${path} does not exist` };
  } catch (error) {
    return { problem: String(error instanceof Error ? error.message : error).split('\n')[0] };
  }
}

function run(command, args) {
  runChild(command, args, { cwd: repo });
}

const web = process.argv.includes('--web');
await buildRenderer();
if (!web) {
  await buildElectron();
  const electron = electronBinary();
  if (electron.path) {
    run(electron.path, ['out/main/main.mjs']);
  } else {
    process.stderr.write(
      `Electron is not available (${electron.problem}).\n` +
      'Its binary is downloaded from GitHub by the electron package\'s install script, which npm does not run here\n' +
      '(package.json allowScripts). To get the desktop app, run `node node_modules/electron/install.js` once with\n' +
      'internet access. Starting the same console in your browser instead:\n',
    );
    run(process.execPath, ['--import', 'tsx', 'electron/bridge/serve-web.ts']);
  }
} else {
  run(process.execPath, ['--import', 'tsx', 'electron/bridge/serve-web.ts']);
}
