// `tactile` entry point (npm run -s tactile -- <command>; build/tactile.mjs runs the bundle of this file).
// The commands are listed in catalog.ts and loaded only when they run.
import { readFile } from 'node:fs/promises';
import type { CliIo } from './command';
import { COMMANDS } from './catalog';
import { dispatch } from './dispatch';

const io: CliIo = {
  stdout: process.stdout,
  stderr: process.stderr,
  readFile: (path) => readFile(path, 'utf8'),
};

process.exitCode = await dispatch(COMMANDS, process.argv.slice(2), io);
