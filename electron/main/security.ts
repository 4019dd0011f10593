// Secure defaults for every window (architecture practice 6, after VS Code's windows.ts): an isolated,
// sandboxed renderer without Node; no new windows; no navigation away from the app; no webviews; every
// permission request (camera, notifications, clipboard-read, …) denied but fullscreen, which the console's own
// fullscreen stage asks for (the window only ever shows the app: navigation elsewhere is refused above).
import type { Session, WebContents, WebPreferences } from 'electron';

export function secureWebPreferences(preload: string): WebPreferences {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    spellcheck: false,
  };
}

/** True when `url` is inside the app (same origin as `appOrigin`). */
export function isAppUrl(url: string, appOrigin: string): boolean {
  try {
    // Node's URL reports origin "null" for custom schemes, so compare scheme and host instead.
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}` === appOrigin;
  } catch {
    return false;
  }
}

export function hardenWebContents(contents: WebContents, appOrigin: string): void {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  const stayInApp = (event: { preventDefault(): void }, url: string) => {
    if (!isAppUrl(url, appOrigin)) event.preventDefault();
  };
  contents.on('will-navigate', stayInApp);
  contents.on('will-redirect', stayInApp);
  contents.on('will-frame-navigate', (event) => {
    if (!isAppUrl(event.url, appOrigin)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

export function denyPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, permission, callback) => callback(permission === 'fullscreen'));
  session.setPermissionCheckHandler((_contents, permission) => permission === 'fullscreen');
  session.setDevicePermissionHandler(() => false);
}
