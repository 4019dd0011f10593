// Shared by the mirror E2E test and benchmark: the real adb server, the virtual device, a scrcpy session
// through adbkit, and a local HTTP + WebSocket server that serves the bundled mirror page, relays the
// video packets (stamped with the time they left the device socket) and answers screenshot polls.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Adb, type Client } from '../../electron/adb/adbkit';
import { build } from 'esbuild';
import { chromium, type Browser } from 'playwright-core';
import { WebSocketServer } from 'ws';
import { adbkitTransport } from '../../electron/scrcpy/device-transport';
import { VIRTUAL_DEVICE_SERVER_STAND_IN } from '../../electron/scrcpy/server-jar';
import { startScrcpySession, type ScrcpySession } from '../../electron/scrcpy/scrcpy-session';
import { onVirtualScrcpyVideoPacket } from '../../electron/virtual-device/scrcpy/app-process';
import { startVirtualDevice, type VirtualDevice } from '../../electron/virtual-device/virtual-device';
import { encodeMirrorPacket } from '../../renderer/features/mirror/wire';
import { startAdbServer, type AdbServer } from '../support/adb-server';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--headless'];

export interface MirrorHarness {
  adb: AdbServer;
  device: VirtualDevice;
  client: Client;
  url: string;
  browser: Browser;
  /** The session serving the page's current WebSocket, once the page connected. */
  session(): ScrcpySession | null;
  stop(): Promise<void>;
}

async function bundlePage(): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./mirror-page.tsx', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

export async function startMirrorHarness(opts: { maxSize?: number } = {}): Promise<MirrorHarness> {
  const [script, adb, device] = await Promise.all([bundlePage(), startAdbServer(), startVirtualDevice()]);
  await adb.connect(device.serial);
  const client = Adb.createClient({ port: adb.port });
  const transport = adbkitTransport(client, device.serial);
  const sentAt = new Map<bigint, number>();
  const offProbe = onVirtualScrcpyVideoPacket((p) => {
    if (!p.config) sentAt.set(p.ptsUs, p.sentAt);
    if (sentAt.size > 2000) sentAt.delete(sentAt.keys().next().value!);
  });
  let current: ScrcpySession | null = null;

  const http: Server = createServer((req, res) => {
    if (req.url?.startsWith('/page.js')) {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    } else if (req.url === '/keyframe' && req.method === 'POST') {
      void current?.control?.resetVideo();
      res.writeHead(204).end();
    } else if (req.url === '/touch' && req.method === 'POST') {
      // The page reports device pixels; scrcpy wants video pixels of the current frame size.
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const { phase, x, y } = JSON.parse(body) as { phase: 'down' | 'move' | 'up' | 'cancel'; x: number; y: number };
        const session = current;
        const screen = device.android.display;
        if (session?.control) {
          const v = session.videoSize();
          void session.control.touch(phase, { pointerId: 0, x: Math.floor((x * v.width) / screen.width), y: Math.floor((y * v.height) / screen.height) });
        }
        res.writeHead(204).end();
      });
    } else if (req.url === '/screenshot') {
      // The capture time is taken when the request leaves for the device: polling's latency includes its round trip.
      const capturedAt = performance.timeOrigin + performance.now();
      client.getDevice(device.serial).screencap().then(async (stream) => {
        const png = await Adb.util.readAll(stream);
        const d = device.android.display;
        res.writeHead(200, { 'content-type': 'image/png', 'x-captured-at': String(capturedAt), 'x-width': String(d.width), 'x-height': String(d.height) }).end(png);
      }, (e: unknown) => res.writeHead(500).end(String(e)));
    } else {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><meta charset="utf-8"><title>mirror</title><script type="module" src="/page.js"></script>');
    }
  });
  const wss = new WebSocketServer({ server: http, path: '/stream' });
  wss.on('connection', (ws) => {
    void (async () => {
      const session = await startScrcpySession(transport, { jar: VIRTUAL_DEVICE_SERVER_STAND_IN, maxSize: opts.maxSize ?? 0 });
      current = session;
      const screen = device.android.display;
      ws.send(JSON.stringify({ deviceName: session.deviceName, video: session.videoSize(), screen: { width: screen.width, height: screen.height } }));
      ws.on('close', () => session.close());
      for await (const p of session.packets) {
        if (ws.readyState !== ws.OPEN) break;
        const stamp = p.type === 'data' && p.pts !== undefined ? sentAt.get(p.pts) : undefined;
        ws.send(encodeMirrorPacket({ type: p.type, keyframe: p.type === 'data' ? p.keyframe : undefined, data: p.data, ...(stamp !== undefined && { sentAt: stamp }) }));
      }
    })().catch((e: unknown) => ws.close(1011, String(e).slice(0, 100)));
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/`;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  return {
    adb, device, client, url, browser,
    session: () => current,
    async stop() {
      offProbe();
      current?.close();
      await browser.close().catch(() => undefined);
      wss.close();
      await new Promise((r) => http.close(r));
      await device.stop();
      await adb.stop();
    },
  };
}
