// Loads the Electron main modules against a stubbed `electron` module and checks the security settings,
// the registered handler list, and that malformed requests are refused before any handler runs.
import fc from 'fast-check';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { IPC_PREFIX, REQUEST_CHANNELS, createDispatcher, type Handlers } from '../../shared/ipc';
import { EventHub } from '../services/event-hub';

type Listener = (...args: any[]) => any; // eslint-disable-line @typescript-eslint/no-explicit-any

const stub = vi.hoisted(() => {
  const appListeners = new Map<string, Listener[]>();
  const handled = new Map<string, Listener>();
  const windows: Array<{ options: any; url: string | null; contents: any }> = []; // eslint-disable-line @typescript-eslint/no-explicit-any
  const schemes: unknown[] = [];
  const menus: unknown[] = [];
  const protocolHandlers = new Map<string, Listener>();
  const session = {
    permissionRequest: null as Listener | null,
    permissionCheck: null as Listener | null,
    devicePermission: null as Listener | null,
  };
  return { appListeners, handled, windows, schemes, protocolHandlers, session, menus };
});

vi.mock('electron', () => {
  const on = (map: Map<string, Listener[]>) => (name: string, fn: Listener) => {
    map.set(name, [...(map.get(name) ?? []), fn]);
  };
  class BrowserWindow {
    webContents = { send: vi.fn(), isDestroyed: () => false, once: vi.fn() };
    private url: string | null = null;
    constructor(options: unknown) {
      stub.windows.push({ options, url: null, contents: this.webContents });
    }
    once() {}
    show() {}
    loadURL(url: string) {
      stub.windows[stub.windows.length - 1]!.url = url;
      this.url = url;
      return Promise.resolve();
    }
  }
  return {
    app: {
      on: on(stub.appListeners),
      whenReady: () => Promise.resolve(),
      quit: vi.fn(),
      exit: vi.fn(),
    },
    BrowserWindow,
    dialog: { showErrorBox: vi.fn() },
    Menu: { setApplicationMenu: (menu: unknown) => stub.menus.push(menu) },
    ipcMain: { handle: (name: string, fn: Listener) => stub.handled.set(name, fn) },
    protocol: {
      registerSchemesAsPrivileged: (s: unknown[]) => stub.schemes.push(...s),
      handle: (scheme: string, fn: Listener) => stub.protocolHandlers.set(scheme, fn),
    },
    net: {
      fetch: vi.fn(
        async () => new Response('<html></html>', { status: 200, headers: { 'content-type': 'text/html' } }),
      ),
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (fn: Listener) => (stub.session.permissionRequest = fn),
        setPermissionCheckHandler: (fn: Listener) => (stub.session.permissionCheck = fn),
        setDevicePermissionHandler: (fn: Listener) => (stub.session.devicePermission = fn),
      },
    },
  };
});

const calls: string[] = [];
vi.mock('../services/app-services', () => ({
  startAppServices: vi.fn(async () => {
    const handlers = new Proxy(
      {},
      {
        get: (_t, channel: string) => async () => {
          calls.push(channel);
          return { devices: [] };
        },
      },
    ) as Handlers;
    return { dispatch: createDispatcher(handlers), events: new EventHub(), embeddedSerial: null, stop: async () => {} };
  }),
}));

function fakeContents() {
  const listeners = new Map<string, Listener>();
  let openHandler: Listener | null = null;
  return {
    listeners,
    open: () => openHandler?.({ url: 'https://example.com' }),
    setWindowOpenHandler: (fn: Listener) => (openHandler = fn),
    on: (name: string, fn: Listener) => listeners.set(name, fn),
  };
}

const appFrame = { senderFrame: { url: 'tactile://app/index.html' } };

describe('electron main', () => {
  beforeAll(async () => {
    const { bootstrap } = await import('./main');
    bootstrap({
      outDir: '/opt/tactile/out',
      services: {
        createExecutor: () => {
          throw new Error('not used');
        },
      },
    });
    await vi.waitFor(() => expect(stub.windows).toHaveLength(1), { timeout: 20_000 });
  });

  it('opens one window with the secure web preferences and the app URL', () => {
    const { options, url } = stub.windows[0]!;
    expect(options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      preload: '/opt/tactile/out/preload/preload.cjs',
    });
    expect(url).toBe('tactile://app/index.html');
    expect(stub.menus).toEqual([null]);
  });

  it('registers exactly the contract channels, nothing else', () => {
    expect([...stub.handled.keys()].sort()).toEqual(REQUEST_CHANNELS.map((c) => IPC_PREFIX + c).sort());
  });

  it('refuses malformed requests with INVALID_ARGUMENT and never calls the handler', async () => {
    calls.length = 0;
    const observe = stub.handled.get(IPC_PREFIX + 'device.observe')!;
    expect(await observe(appFrame, { serial: ['x'] })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT', path: '/serial' },
    });
    expect(await observe(appFrame, 'device.observe')).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    expect(calls).toEqual([]);
    expect(await stub.handled.get(IPC_PREFIX + 'devices.list')!(appFrame, {})).toEqual({
      ok: true,
      result: { devices: [] },
    });
    expect(calls).toEqual(['devices.list']);
  });

  it('fuzz: random payloads on every registered channel never crash and never reach a handler unparsed', async () => {
    const names = [...stub.handled.keys()];
    const payload = fc.oneof(
      fc.anything({
        withBigInt: true,
        withDate: true,
        withMap: true,
        withSet: true,
        withTypedArray: true,
        withNullPrototype: true,
      }),
      fc.record(
        { serial: fc.anything(), envelope: fc.anything(), target: fc.anything(), limit: fc.anything() },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...names), payload, async (name, p) => {
        calls.length = 0;
        const reply = await stub.handled.get(name)!(appFrame, p);
        if (reply.ok) expect(calls).toEqual([name.slice(IPC_PREFIX.length)]);
        else {
          // A string serial that cannot name a device has its own code (INVALID_SERIAL), pointing at it.
          if (reply.error.code === 'INVALID_SERIAL') expect(reply.error.path).toBe('/serial');
          else expect(reply.error.code).toBe('INVALID_ARGUMENT');
          expect(calls).toEqual([]);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses requests from frames outside the app', async () => {
    calls.length = 0;
    const reply = await stub.handled.get(IPC_PREFIX + 'devices.list')!(
      { senderFrame: { url: 'https://evil.example/' } },
      {},
    );
    expect(reply).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    expect(calls).toEqual([]);
  });

  it('denies new windows, webviews and navigation outside the app', () => {
    const created = stub.appListeners.get('web-contents-created')!;
    expect(created).toHaveLength(1);
    const contents = fakeContents();
    created[0]!({}, contents);
    expect(contents.open()).toEqual({ action: 'deny' });
    for (const event of ['will-navigate', 'will-redirect']) {
      const away = { preventDefault: vi.fn() };
      contents.listeners.get(event)!(away, 'https://evil.example/');
      expect(away.preventDefault).toHaveBeenCalled();
      const inside = { preventDefault: vi.fn() };
      contents.listeners.get(event)!(inside, 'tactile://app/index.html#devices');
      expect(inside.preventDefault).not.toHaveBeenCalled();
    }
    const frame = { url: 'file:///etc/passwd', preventDefault: vi.fn() };
    contents.listeners.get('will-frame-navigate')!(frame);
    expect(frame.preventDefault).toHaveBeenCalled();
    const webview = { preventDefault: vi.fn() };
    contents.listeners.get('will-attach-webview')!(webview);
    expect(webview.preventDefault).toHaveBeenCalled();
  });

  it('denies every permission request and check but fullscreen (the console’s fullscreen stage)', () => {
    const callback = vi.fn();
    stub.session.permissionRequest!({}, 'media', callback);
    expect(callback).toHaveBeenCalledWith(false);
    stub.session.permissionRequest!({}, 'fullscreen', callback);
    expect(callback).toHaveBeenLastCalledWith(true);
    expect(stub.session.permissionCheck!({}, 'clipboard-read')).toBe(false);
    expect(stub.session.permissionCheck!({}, 'fullscreen')).toBe(true);
    expect(stub.session.devicePermission!({})).toBe(false);
  });

  it('serves the app over a privileged scheme with the CSP header, and nothing outside its folder', async () => {
    expect(stub.schemes).toEqual([
      { scheme: 'tactile', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ]);
    const handler = stub.protocolHandlers.get('tactile')!;
    const ok: Response = await handler({ url: 'tactile://app/index.html' });
    const csp = ok.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('unsafe-inline');
    expect((await handler({ url: 'tactile://app/a%2F..%2F..%2F..%2Fetc%2Fpasswd' })).status).toBe(404);
    expect((await handler({ url: 'tactile://other/index.html' })).status).toBe(404);
  });
});
