// Electron main entry (bundled to out/main/main.mjs by build/build.mjs).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConsoleExecutor } from '../services/console-executor';
import { bootstrap } from './main';

bootstrap({
  outDir: join(dirname(fileURLToPath(import.meta.url)), '..'),
  services: { createExecutor: createConsoleExecutor },
});
