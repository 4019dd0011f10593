// Electron main entry (bundled to out/main/main.mjs by build/build.mjs).
import { appPath } from '../app-root/app-root';
import { createConsoleExecutor } from '../services/console-executor';
import { bootstrap } from './main';

bootstrap({
  outDir: appPath('out'),
  services: { createExecutor: createConsoleExecutor },
});
