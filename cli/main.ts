// `tactile` entry point (npm run -s tactile -- <command>; build/tactile.mjs runs the bundle of this file).
// The commands are listed in catalog.ts and loaded only when they run.
import { readFile } from 'node:fs/promises';
import type { CliIo } from './command';
import { COMMANDS } from './catalog';
import { dispatch } from './dispatch';

// A reader that stops early (`tactile schema flow | head`) closes the pipe: the rest of the output has nobody to
// go to, which is not an error of the command. Any other write error still surfaces.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
}

const io: CliIo = {
  stdout: process.stdout,
  stderr: process.stderr,
  readFile: (path) => readFile(path, 'utf8'),
};

process.exitCode = await dispatch(COMMANDS, process.argv.slice(2), io);
