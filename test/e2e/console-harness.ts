// E2E harness: a private adb server, the console's services with the embedded virtual device (or, with
// `standalone`, a `tactile virtual-device` in its own process), the loopback bridge serving a freshly built
// renderer, and Debian's Chromium driven by playwright-core.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import process from 'node:process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import { startBridge, type Bridge } from '../../electron/bridge/bridge-server';
import { DeviceLocks } from '../../electron/device/lock';
import { startAppServices, type AppServices } from '../../electron/services/app-services';
import { createConsoleExecutor } from '../../electron/services/console-executor';
import { devicePoint, deviceToStage, stagePx } from '../../shared/geometry';
import { REQUESTS, isRequestChannel, type Dispatch, type Observation } from '../../shared/ipc';
import { startAdbServer, type AdbServer } from '../support/adb-server';
import { startVirtualDevice, type VirtualDevice } from '../../virtual-device/virtual-device';
import { spawnVirtualDevice, type VirtualDeviceProcess } from '../support/virtual-device-process';

const repo = fileURLToPath(new URL('../..', import.meta.url));
export const ARTIFACTS = join(repo, 'test-results', 'e2e');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--no-first-run',
];

interface ConsoleHarnessCore {
  adb: AdbServer;
  services: AppServices;
  bridge: Bridge;
  browser: Browser;
  page: Page;
  serial: string;
  /** The receipt journal the console's executor writes and follows. */
  journalDir: string;
  observe(): Promise<Observation>;
  /** Replies whose result did not match the contract's response schema (should stay empty). */
  contractViolations: string[];
  stop(): Promise<void>;
}

export interface ConsoleHarness extends ConsoleHarnessCore {
  /** The embedded virtual device's simulation, in this process (its input dispatcher, lab state). */
  vd: VirtualDevice;
}

/** The console on a `tactile virtual-device` in its own process, reached through the adb server only. */
export interface StandaloneConsoleHarness extends ConsoleHarnessCore {
  device: VirtualDeviceProcess;
}

export async function buildRendererInto(outDir: string, minify = true): Promise<void> {
  await build({
    configFile: join(repo, 'build', 'vite.renderer.config.ts'),
    build: { outDir, emptyOutDir: true, sourcemap: false, minify },
  });
}

/** The renderer test/e2e/global-setup.ts built once for this E2E run; none outside vitest (benchmarks). */
async function prebuiltRenderer(): Promise<string | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  return inject('e2eRendererDir');
}

export interface ConsoleHarnessOptions {
  /** Wraps the services' dispatch (benchmarks time requests or make one fail, e.g. `mirror.start`). */
  wrapDispatch?: (dispatch: Dispatch) => Dispatch;
  viewport?: { width: number; height: number };
  /** Extra Chromium switches (benchmarks turn the frame-rate limit off). */
  chromiumArgs?: string[];
  /** Builds the renderer unminified, so a benchmark's CPU profile names the product's functions. */
  unminified?: boolean;
}

export interface StandaloneDeviceOptions {
  /** Environment added to the device process's (e.g. TACTILE_VIRTUAL_DEVICE_PACKET_LOG). */
  env?: NodeJS.ProcessEnv;
}

export async function startConsoleHarness(opts?: ConsoleHarnessOptions): Promise<ConsoleHarness>;
export async function startConsoleHarness(
  opts: ConsoleHarnessOptions & { standalone: StandaloneDeviceOptions },
): Promise<StandaloneConsoleHarness>;
export async function startConsoleHarness(
  opts: ConsoleHarnessOptions & { standalone?: StandaloneDeviceOptions } = {},
): Promise<ConsoleHarness | StandaloneConsoleHarness> {
  const data = mkdtempSync(join(tmpdir(), 'tactile-e2e-'));
  const prebuilt = opts.unminified ? undefined : await prebuiltRenderer();
  const staticDir = prebuilt ?? join(data, 'renderer');
  const adb = await startAdbServer();
  const stops: Array<() => Promise<unknown>> = [
    async () => adb.stop(),
    async () => rmSync(data, { recursive: true, force: true }),
  ];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch(() => undefined);
  };
  try {
    if (!prebuilt) await buildRendererInto(staticDir, !opts.unminified);
    let vd: VirtualDevice | null = null;
    let device: VirtualDeviceProcess | null = null;
    if (opts.standalone) {
      device = await spawnVirtualDevice({ ...adb.env, ...opts.standalone.env });
      stops.push(() => device!.stop());
    }
    const services = await startAppServices({
      startEmbedded: async () => (vd = await startVirtualDevice()),
      adbServers: [`127.0.0.1:${adb.port}`],
      embedded: device ? 'never' : 'always',
      createExecutor: createConsoleExecutor,
      journalDir: join(data, 'receipts'),
      locks: new DeviceLocks({ dir: join(data, 'locks') }),
    });
    stops.push(() => services.stop());
    // Every reply the page gets is checked against the contract's response schema, so services cannot drift from it.
    const contractViolations: string[] = [];
    const inner = opts.wrapDispatch ? opts.wrapDispatch(services.dispatch) : services.dispatch;
    const checked: Dispatch = async (channel, payload) => {
      const reply = await inner(channel, payload);
      if (reply.ok && isRequestChannel(channel)) {
        const parsed = REQUESTS[channel].response.safeParse(reply.result);
        if (!parsed.success) contractViolations.push(`${channel}: ${parsed.error.message.slice(0, 500)}`);
      }
      return reply;
    };
    const bridge = await startBridge({ dispatch: checked, events: services.events, staticDir });
    stops.push(() => bridge.close());
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [...CHROMIUM_ARGS, ...(opts.chromiumArgs ?? [])],
    });
    stops.push(() => browser.close());
    const page = await browser.newPage({ viewport: opts.viewport ?? { width: 1480, height: 920 } });
    const serial = device?.serial ?? services.embeddedSerial!;
    const observe = async () => {
      const reply = await services.dispatch('device.observe', { serial });
      if (!reply.ok) throw new Error(`observe failed: ${reply.error.code} ${reply.error.message}`);
      return reply.result as Observation;
    };
    const core: ConsoleHarnessCore = {
      adb,
      services,
      bridge,
      browser,
      page,
      serial,
      journalDir: join(data, 'receipts'),
      observe,
      contractViolations,
      stop,
    };
    return device ? { ...core, device } : { ...core, vd: vd! };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The stage point (page coordinates) over the centre of a device pixel rectangle, through the overlay's box. */
export async function stagePointOf(
  page: Page,
  screen: { width: number; height: number },
  px: { x: number; y: number },
) {
  const box = (await page.getByTestId('overlay').boundingBox())!;
  const picture = {
    left: stagePx(box.x),
    top: stagePx(box.y),
    right: stagePx(box.x + box.width),
    bottom: stagePx(box.y + box.height),
  };
  return deviceToStage(devicePoint(px.x, px.y), { picture, screen });
}

export function nodeById(observation: Observation, id: string) {
  const node = observation.nodes.find((n) => n.resource_id === `com.tactile.lab:id/${id}`);
  if (!node) throw new Error(`no node ${id}`);
  return node;
}

export function centre(bounds: readonly number[]): { x: number; y: number } {
  return { x: Math.floor((bounds[0]! + bounds[2]!) / 2), y: Math.floor((bounds[1]! + bounds[3]!) / 2) };
}
