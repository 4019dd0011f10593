// `tactile` entry point (npm run -s tactile -- <command>). Add a command by writing commands/<name>.ts
// and listing it here.
import { readFile } from 'node:fs/promises';
import type { CliCommand, CliIo } from './command';
import { dispatch } from './dispatch';
import { planCommand } from './commands/plan';
import { schemaCommand } from './commands/schema';
import { validateCommand } from './commands/validate';
import { devicesCommand } from './commands/devices';
import { observeCommand } from './commands/observe';
import { screenshotCommand } from './commands/screenshot';
import { virtualDeviceCommand } from './commands/virtual-device';
import { lockCommand } from './commands/lock';
import { runCommand } from './commands/run';
import { mcpCommand } from './commands/mcp';
import { bridgeCommand } from './commands/bridge';
import { flowCommand } from './commands/flow';
import { reportCommand } from './commands/report';

const COMMANDS: readonly CliCommand[] = [validateCommand, planCommand, schemaCommand, devicesCommand, observeCommand, screenshotCommand, virtualDeviceCommand, lockCommand, runCommand, mcpCommand, bridgeCommand, reportCommand, flowCommand];

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
