// Capture with the overlay drawn on, end to end in Chromium over the bridge on the virtual device: a screenshot
// composed in the renderer (device-sized PNG saved beside the plain one as …_overlay.png, differing from it
// exactly where node boxes are drawn), and a short recording of the composed mirror re-encoded by MediaRecorder
// that ffprobe reads as H.264. Screenshots go to test-results/e2e/capture-overlay-*.png.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, nodeById, startConsoleHarness, type ConsoleHarness } from './console-harness';

describe('capture with the overlay (E2E)', () => {
  let h: ConsoleHarness;
  const shot = (name: string) => h.page.screenshot({ path: join(ARTIFACTS, `capture-overlay-${name}.png`) });

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    h = await startConsoleHarness({ viewport: { width: 1024, height: 700 } });
    await h.page.goto(h.bridge.url);
  }, 180_000);

  afterAll(async () => {
    await h?.stop();
  });

  afterEach(() => {
    expect(h.contractViolations).toEqual([]);
  });

  it('selects the device; the mirror streams', async () => {
    const row = h.page.locator(`[data-testid=device-row][data-serial="${h.serial}"]`);
    await row.waitFor({ timeout: 30_000 });
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('SDK');
    await row.click();
    await expect
      .poll(() => h.page.getByTestId('mirror-status').textContent(), { timeout: 30_000 })
      .toMatch(/mirror: stream \d+×\d+/);
    await h.page.getByTestId('operator-tab-capture').click();
    await h.page.getByTestId('capture-with-overlay').check();
  }, 90_000);

  it('saves a device-sized PNG with the node boxes drawn on, named like the plain one with _overlay', async () => {
    const download = h.page.waitForEvent('download');
    await h.page.getByTestId('capture-screenshot').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^Tactile_Virtual_Phone_127\.0\.0\.1_\d+_\d{8}-\d{6}_overlay\.png$/);
    const last = (await h.page.getByTestId('capture-last').textContent())!;
    const saved = / saved to (\S+_overlay\.png) \(plain one: (\S+\.png)\)/.exec(last)!;
    expect(saved[2]!.replace(/\.png$/, '_overlay.png')).toBe(file.suggestedFilename());
    const overlay = PNG.sync.read(readFileSync(await file.path()));
    expect(readFileSync(saved[1]!)).toEqual(readFileSync(await file.path()));
    const plain = PNG.sync.read(readFileSync(join(dirname(saved[1]!), saved[2]!)));
    copyFileSync(saved[1]!, join(ARTIFACTS, 'capture-overlay-saved.png'));
    const observation = await h.observe();
    expect([overlay.width, overlay.height]).toEqual([observation.screen.width, observation.screen.height]);
    expect([plain.width, plain.height]).toEqual([overlay.width, overlay.height]);
    const at = (png: PNG, x: number, y: number) => [
      ...png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 3),
    ];
    // A clickable node's left edge carries the overlay's blue line: the pixels differ there, bluer than before.
    const [l, t, , b] = nodeById(observation, 'play_pause').bounds_px;
    const y = Math.round((t + b) / 2);
    expect(at(overlay, l, y)).not.toEqual(at(plain, l, y));
    expect(at(overlay, l, y)[2]! - at(overlay, l, y)[0]!).toBeGreaterThan(at(plain, l, y)[2]! - at(plain, l, y)[0]!);
    // Away from the boxes the picture is the plain screenshot's: most pixels are untouched.
    let same = 0;
    for (let i = 0; i < plain.data.length; i += 4)
      if (
        plain.data[i] === overlay.data[i] &&
        plain.data[i + 1] === overlay.data[i + 1] &&
        plain.data[i + 2] === overlay.data[i + 2]
      )
        same++;
    expect(same / (plain.width * plain.height)).toBeGreaterThan(0.8);
    expect(same).toBeLessThan(plain.width * plain.height);
    await shot('01-screenshot');
  }, 60_000);

  it('records the mirror with the overlay burned in, re-encoded to an H.264 MP4 that ffprobe reads', async () => {
    expect(await h.page.evaluate(() => MediaRecorder.isTypeSupported('video/mp4;codecs=avc1'))).toBe(true);
    await expect
      .poll(() => h.page.getByTestId('capture-mode').textContent())
      .toContain('re-encoded: the overlay is burned in');
    await h.page.getByTestId('capture-record').click();
    // The recording's own timer says how long it has run (polled, not a fixed wait).
    const recorded = async () => {
      const m = /(\d+):(\d\d)/.exec((await h.page.getByTestId('record-timer').textContent()) ?? '');
      return m ? Number(m[1]) * 60 + Number(m[2]) : -1;
    };
    await expect.poll(recorded, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    // Another operator tab and back: the recording runs on and stays stoppable.
    await h.page.getByTestId('operator-tab-keys').click();
    await h.page.getByTestId('operator-tab-capture').click();
    await expect.poll(recorded, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    await shot('02-recording');
    const download = h.page.waitForEvent('download', { timeout: 60_000 });
    await h.page.getByTestId('capture-record').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^Tactile_Virtual_Phone_127\.0\.0\.1_\d+_\d{8}-\d{6}_overlay\.mp4$/);
    const probe = JSON.parse(
      execFileSync('ffprobe', [
        '-v',
        'error',
        '-show_streams',
        '-show_format',
        '-of',
        'json',
        await file.path(),
      ]).toString(),
    ) as {
      streams: Array<{ codec_name: string; width: number; height: number }>;
      format: { duration?: string };
    };
    const v = probe.streams.find((s) => s.codec_name === 'h264')!;
    expect(v).toBeDefined();
    const mirrorSize = (await h.page.getByTestId('mirror-status').textContent())!.match(/stream (\d+)×(\d+)/)!;
    expect([v.width, v.height]).toEqual([Number(mirrorSize[1]), Number(mirrorSize[2])]);
    // Duration from the container, or from the frames when MediaRecorder's fragmented MP4 leaves it unset.
    const frames = JSON.parse(
      execFileSync('ffprobe', [
        '-v',
        'error',
        '-count_packets',
        '-show_entries',
        'stream=nb_read_packets',
        '-show_entries',
        'format=duration',
        '-of',
        'json',
        await file.path(),
      ]).toString(),
    ) as {
      streams: Array<{ nb_read_packets: string }>;
      format: { duration?: string };
    };
    expect(Number(frames.streams[0]!.nb_read_packets)).toBeGreaterThan(0);
    expect(Number(frames.format.duration ?? 0)).toBeGreaterThan(0);
    const last = (await h.page.getByTestId('capture-last').textContent())!;
    expect(last).toMatch(
      /Recording \S+_overlay\.mp4 \(\d+\.\d s, \d+×\d+, re-encoded: the overlay is burned in\) saved to /,
    );
    copyFileSync(await file.path(), join(ARTIFACTS, 'capture-overlay-recording.mp4'));
    await shot('03-recorded');
  }, 120_000);
});
