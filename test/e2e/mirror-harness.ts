// Shared by the mirror E2E test and `bench:mirror`: the whole console (services, loopback bridge, the built
// renderer in Chromium) on the embedded virtual device, so what is measured and tested is the product's stage
// over the product's transport. Adds what only a test can see: when each video packet left the virtual
// device's socket (by pts), how long main's screencap took per `device.screenshot`, and, with
// `stream: false`, a `mirror.start` refused as on a phone without the scrcpy server (screenshot polling).
import type { Page } from 'playwright-core';
import { onVirtualScrcpyVideoPacket } from '../../virtual-device/scrcpy/app-process';
import type { Dispatch } from '../../shared/ipc';
import { startConsoleHarness, type ConsoleHarness } from './console-harness';

export interface MirrorHarness extends ConsoleHarness {
  /** pts (µs) → epoch ms the packet left the virtual device's video socket. */
  deviceSentAt: Map<number, number>;
  /** Every `device.screenshot` main answered: epoch ms in main when it arrived and when its reply was ready. */
  screenshots: Array<{ start: number; end: number }>;
  /** Opens the console, selects the device and waits for the first painted frame. */
  open(page?: Page): Promise<void>;
  /** With false, the next `mirror.start` is refused (the page then polls screenshots). */
  setStream(on: boolean): void;
}

const epochNow = () => performance.timeOrigin + performance.now();

export async function startMirrorHarness(
  opts: {
    stream?: boolean;
    viewport?: { width: number; height: number };
    wrapDispatch?: (dispatch: Dispatch) => Dispatch;
  } = {},
): Promise<MirrorHarness> {
  let stream = opts.stream ?? true;
  const deviceSentAt = new Map<number, number>();
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
  const offProbe = onVirtualScrcpyVideoPacket((p) => {
    if (p.config) return;
    deviceSentAt.set(Number(p.ptsUs), p.sentAt);
    if (deviceSentAt.size > 5000) deviceSentAt.delete(deviceSentAt.keys().next().value!);
  });
  const outer = opts.wrapDispatch;
  const h = await startConsoleHarness({
    wrapDispatch: outer ? (d) => outer(wrapDispatch(d)) : wrapDispatch,
    ...(opts.viewport && { viewport: opts.viewport }),
  });
  return {
    ...h,
    deviceSentAt,
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
    async stop() {
      offProbe();
      await h.stop();
    },
  };
}
