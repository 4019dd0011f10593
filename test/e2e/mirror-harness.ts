// Shared by the mirror E2E tests and the mirror benches: the whole console (services, loopback bridge, the built
// renderer in Chromium) on the embedded virtual device (or, with `standalone`, one in its own process), so what is
// measured and tested is the product's stage over the product's transport. Adds what only a test can see: how
// long main's screencap took per `device.screenshot`, and, with `stream: false`, a `mirror.start` refused as on a
// phone without the scrcpy server (screenshot polling).
import type { Page } from 'playwright-core';
import type { Dispatch } from '../../shared/ipc';
import {
  startConsoleHarness,
  type ConsoleHarness,
  type ConsoleHarnessOptions,
  type StandaloneConsoleHarness,
  type StandaloneDeviceOptions,
} from './console-harness';

interface MirrorExtras {
  /** Every `device.screenshot` main answered: epoch ms in main when it arrived and when its reply was ready. */
  screenshots: Array<{ start: number; end: number }>;
  /** Opens the console, selects the device and waits for the first painted frame. */
  open(page?: Page): Promise<void>;
  /** With false, the next `mirror.start` is refused (the page then polls screenshots). */
  setStream(on: boolean): void;
}
export type MirrorHarness = ConsoleHarness & MirrorExtras;
export type StandaloneMirrorHarness = StandaloneConsoleHarness & MirrorExtras;

interface MirrorHarnessOptions {
  stream?: boolean;
  viewport?: { width: number; height: number };
  wrapDispatch?: (dispatch: Dispatch) => Dispatch;
}

const epochNow = () => performance.timeOrigin + performance.now();

export async function startMirrorHarness(opts?: MirrorHarnessOptions): Promise<MirrorHarness>;
export async function startMirrorHarness(
  opts: MirrorHarnessOptions & { standalone: StandaloneDeviceOptions },
): Promise<StandaloneMirrorHarness>;
export async function startMirrorHarness(
  opts: MirrorHarnessOptions & { standalone?: StandaloneDeviceOptions } = {},
): Promise<MirrorHarness | StandaloneMirrorHarness> {
  let stream = opts.stream ?? true;
  const screenshots: Array<{ start: number; end: number }> = [];
  const wrapDispatch =
    (dispatch: Dispatch): Dispatch =>
    async (channel, payload) => {
      if (channel === 'mirror.start' && !stream) {
        return {
          ok: false,
          error: { code: 'UNAVAILABLE', path: '', message: 'the stream is disabled for this run (screenshot polling)' },
        };
      }
      if (channel !== 'device.screenshot') return dispatch(channel, payload);
      const start = epochNow();
      const reply = await dispatch(channel, payload);
      screenshots.push({ start, end: epochNow() });
      if (screenshots.length > 5000) screenshots.shift();
      return reply;
    };
  const outer = opts.wrapDispatch;
  const harnessOptions: ConsoleHarnessOptions = {
    wrapDispatch: outer ? (d) => outer(wrapDispatch(d)) : wrapDispatch,
    ...(opts.viewport && { viewport: opts.viewport }),
  };
  const h = opts.standalone
    ? await startConsoleHarness({ ...harnessOptions, standalone: opts.standalone })
    : await startConsoleHarness(harnessOptions);
  const extras: MirrorExtras = {
    screenshots,
    setStream: (on) => {
      stream = on;
    },
    async open(page = h.page) {
      await page.goto(h.bridge.url);
      const row = page.locator(`[data-testid=device-row][data-serial="${h.serial}"]`);
      await row.click({ timeout: 20_000 });
      await page.waitForFunction(
        () =>
          (window as unknown as { tactileDiagnostics: { mirrorFrames(): unknown[] } }).tactileDiagnostics.mirrorFrames()
            .length > 0,
        undefined,
        { timeout: 20_000 },
      );
    },
  };
  return { ...h, ...extras };
}
