// `npm start`: builds the console and launches it in Electron. When Electron's binary is missing (npm does not
// run its install script here: package.json allowScripts), it runs `node node_modules/electron/install.js`
// once, at most 60 s (build/electron-binary.mjs); if that fails too it says so and serves the same console in
// the browser instead (`npm run start:web`). `node build/start.mjs --web` goes straight to the browser console.
import process from 'node:process';
import { URL, fileURLToPath } from 'node:url';
import { buildElectron, buildRenderer } from './build.mjs';
import { runChild } from './child-process.mjs';
import { ensureElectron } from './electron-binary.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));

function run(command, args) {
  runChild(command, args, { cwd: repo });
}

const web = process.argv.includes('--web');
await buildRenderer();
if (!web) {
  await buildElectron();
  const electron = await ensureElectron();
  if (electron.path) {
    run(electron.path, ['out/main/main.mjs']);
  } else {
    process.stderr.write(
      `Electron is not available (${electron.problem}).\n` +
        "Its binary is downloaded from GitHub by the electron package's install script; run\n" +
        '`node node_modules/electron/install.js` once with internet access to get the desktop app.\n' +
        'Starting the same console in your browser instead:\n',
    );
    run(process.execPath, ['--import', 'tsx', 'electron/bridge/serve-web.ts']);
  }
} else {
  run(process.execPath, ['--import', 'tsx', 'electron/bridge/serve-web.ts']);
}
