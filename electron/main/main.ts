// Electron main: lifecycle and wiring only. Services are plain Node modules (electron/services); this file
// registers the app scheme, hardens every web contents, denies permissions, registers the contract's IPC
// handlers and opens the window.
import { join } from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, Menu, net, protocol, session } from 'electron';
import { onStopSignal } from '../app-root/stop-signals';
import { startAppServices, type AppServices, type AppServicesOptions } from '../services/app-services';
import { APP_ORIGIN, registerAppScheme, serveApp } from './app-protocol';
import { forwardEvents, registerIpc } from './ipc';
import { denyPermissions, hardenWebContents } from './security';
import { createMainWindow } from './window';

export interface MainOptions {
  /** The build output folder: main/, preload/preload.cjs and renderer/ live under it. */
  outDir: string;
  services: Omit<AppServicesOptions, 'embedded'> & { embedded?: AppServicesOptions['embedded'] };
}

export function bootstrap(options: MainOptions): void {
  registerAppScheme(protocol);
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, APP_ORIGIN));
  let services: AppServices | null = null;

  app
    .whenReady()
    .then(async () => {
      // No default menu: its Alt accelerators would take the console's key shortcuts, and its reload/devtools items
      // are not for operators.
      Menu.setApplicationMenu(null);
      denyPermissions(session.defaultSession);
      serveApp(protocol, net, join(options.outDir, 'renderer'));
      services = await startAppServices(options.services);
      registerIpc(ipcMain, services.dispatch, APP_ORIGIN);
      const win = createMainWindow(BrowserWindow, join(options.outDir, 'preload', 'preload.cjs'));
      forwardEvents(services.events, win.webContents);
    })
    .catch((error: unknown) => {
      // E.g. ADB_UNAVAILABLE: adb is not installed. Say so in a window, not only on a terminal nobody sees.
      const message = error instanceof Error ? error.message : String(error);
      console.error(`Tactile could not start: ${message}`);
      dialog.showErrorBox('Tactile could not start', message);
      app.exit(1);
    });

  app.on('window-all-closed', () => app.quit());
  // A SIGTERM/SIGINT quits like the window closing, so runs in flight finish their receipts (services.stop);
  // the second and third Ctrl-C of one keypress (terminal, npm) only say so.
  onStopSignal(() => app.quit());
  let stopping = false;
  app.on('will-quit', (event) => {
    if (stopping || !services) return;
    stopping = true;
    event.preventDefault();
    void services.stop().finally(() => app.quit());
  });
}
