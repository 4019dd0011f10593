// `npm run start:web`: the console in a browser. Starts the main-process services (with the embedded virtual
// device when no device is attached) and the loopback bridge serving out/renderer, prints the URL with its
// token, and stops cleanly on SIGINT/SIGTERM (once, however many arrive: the virtual device is disconnected from
// adb before the process exits). TACTILE_RENDERER_DIR serves another build of the renderer (tests).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { appPath } from '../app-root/app-root';
import { onStopSignal } from '../app-root/stop-signals';
import { createConsoleExecutor } from '../services/console-executor';
import { startAppServices } from '../services/app-services';
import { startBridge } from './bridge-server';

const staticDir = process.env['TACTILE_RENDERER_DIR'] ?? appPath('out', 'renderer');

async function main(): Promise<void> {
  if (!existsSync(join(staticDir, 'index.html'))) {
    process.stderr.write(
      `The renderer is not built (${staticDir}/index.html is missing): run \`npm run build\` first.\n`,
    );
    process.exit(1);
  }
  const port = process.env['TACTILE_BRIDGE_PORT'] ? Number(process.env['TACTILE_BRIDGE_PORT']) : 0;
  const services = await startAppServices({ createExecutor: createConsoleExecutor });
  const bridge = await startBridge({ dispatch: services.dispatch, events: services.events, staticDir, port });
  if (services.embeddedSerial)
    process.stderr.write(`No device attached: started the virtual device ${services.embeddedSerial}.\n`);
  process.stderr.write('Tactile console (open in Chromium or Chrome; Ctrl-C stops):\n');
  process.stdout.write(`${bridge.url}\n`);
  onStopSignal(async () => {
    process.stderr.write('Stopping the Tactile console (disconnecting devices, finishing receipts)…\n');
    await bridge.close();
    await services.stop();
    process.stderr.write('Tactile console stopped.\n');
    process.exit(0);
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`Tactile could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
