// Operator essentials end to end in Chromium at 1024×700 over the bridge, on the virtual device: typing on
// the mirror and the clipboard both ways, Recents and Rotate changing the lab's picture, installing an
// aapt-built APK with a progress bar (recorded as its tactile.install_app receipt says, and offered to "+ Step")
// then launching and uninstalling it, pushing and pulling 20 MB with
// progress and cancelling one midway (nothing left behind), and recording 5 s of the mirror to MP4 checked
// with ffprobe against the stream's own SPS. Screenshots go to test-results/e2e/operator-*.png.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Dispatch, EventOf } from '../../shared/ipc';
import { buildApk } from '../support/build-apk';
import { ARTIFACTS, centre, nodeById, stagePointOf, startConsoleHarness, type ConsoleHarness } from './console-harness';

/**
 * Chunks reach main at a pace a slow link would give (150 ms each), so a cancel lands midway every time. When
 * recording.start and recording.stop reach main is noted: the recording's wall time, without the bridge's delay.
 */
const pacedChunks =
  (dispatch: Dispatch): Dispatch =>
  async (channel, payload) => {
    if (channel === 'transfer.push-chunk' && paced) await new Promise((r) => setTimeout(r, 150));
    if (channel === 'recording.start' || channel === 'recording.stop') reachedMain[channel] = performance.now();
    return dispatch(channel, payload);
  };
let paced = false;
const reachedMain: Partial<Record<'recording.start' | 'recording.stop', number>> = {};

describe('operator essentials (E2E)', () => {
  let h: ConsoleHarness;
  /** The stream's orientation from the mirror status (the stream is at the stage's size, not the device's). */
  async function streamShape(): Promise<'landscape' | 'portrait' | null> {
    const m = /stream (\d+)×(\d+)/.exec((await h.page.getByTestId('mirror-status').textContent()) ?? '');
    return m ? (Number(m[1]) > Number(m[2]) ? 'landscape' : 'portrait') : null;
  }
  const configs: Uint8Array[] = [];
  const shot = (name: string) => h.page.screenshot({ path: join(ARTIFACTS, `operator-${name}.png`) });
  const shell = async (cmd: string) => (await h.adb.adb(['-s', h.serial, 'shell', cmd])).stdout;
  const lab = async () =>
    JSON.parse(await shell('dumpsys tactile_lab')) as {
      system: Record<string, unknown>;
      controls: Record<string, Record<string, unknown>>;
      focused_activity: string | null;
    };
  /** A fingerprint of the mirror canvas's pixels (sampled): it changes when the device's picture does. */
  const picture = () =>
    h.page.getByTestId('mirror').evaluate((canvas: HTMLCanvasElement) => {
      const copy = document.createElement('canvas');
      copy.width = canvas.width;
      copy.height = canvas.height;
      const ctx = copy.getContext('2d')!;
      ctx.drawImage(canvas, 0, 0);
      const d = ctx.getImageData(0, 0, copy.width, copy.height).data;
      let hash = 0;
      for (let i = 0; i < d.length; i += 4 * 53) hash = (hash * 31 + d[i]! + d[i + 1]! * 7 + d[i + 2]! * 13) >>> 0;
      return `${canvas.width}x${canvas.height}:${hash}`;
    });

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    h = await startConsoleHarness({ viewport: { width: 1024, height: 700 }, wrapDispatch: pacedChunks });
    h.services.events.onAny((channel, payload) => {
      const p = payload as EventOf<'mirror.packet'>;
      if (channel === 'mirror.packet' && p.type === 'configuration') configs.push(p.data);
    });
    await h.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.bridge.url });
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
  }, 60_000);

  it('typing on the mirror goes to the device; text is copied from it and pasted into its field', async () => {
    await h.page.getByTestId('tool-control').click();
    const observation = await h.observe();
    const at = await stagePointOf(h.page, observation.screen, centre(nodeById(observation, 'edit_text').bounds_px));
    await h.page.mouse.click(at.x, at.y);
    await expect
      .poll(async () => (await lab()).controls['com.tactile.lab:id/edit_text']!.focused, { timeout: 15_000 })
      .toBe(true);
    await h.page.keyboard.type('hello device');
    await h.page.keyboard.press('Backspace');
    await h.page.keyboard.type('e');
    await expect
      .poll(async () => (await lab()).controls['com.tactile.lab:id/edit_text']!.text, { timeout: 10_000 })
      .toBe('hello device');
    // Copy: select all on the device (Ctrl+A on the mirror), then GET_CLIPBOARD with COPY.
    await h.page.keyboard.press('Control+a');
    await h.page.getByTestId('operator-tab-keys').click();
    await h.page.getByTestId('clipboard-copy').click();
    await expect
      .poll(() => h.page.getByTestId('clipboard-text').inputValue(), { timeout: 10_000 })
      .toBe('hello device');
    await expect.poll(() => h.page.evaluate(() => navigator.clipboard.readText())).toBe('hello device');
    // Paste text from here into the field (SET_CLIPBOARD with paste replaces the selection).
    await h.page.getByTestId('clipboard-text').fill('pasted from the console');
    await h.page.getByTestId('clipboard-paste').click();
    await expect
      .poll(async () => (await lab()).controls['com.tactile.lab:id/edit_text']!.text, { timeout: 10_000 })
      .toBe('pasted from the console');
    // Ctrl+V on the mirror pastes the computer's clipboard.
    await h.page.evaluate(() => navigator.clipboard.writeText(' + ctrl-v'));
    await h.page.mouse.click(at.x, at.y);
    await h.page.keyboard.press('End');
    await h.page.keyboard.press('Control+v');
    await expect
      .poll(async () => (await lab()).controls['com.tactile.lab:id/edit_text']!.text, { timeout: 10_000 })
      .toBe('pasted from the console + ctrl-v');
    await shot('01-typed-and-pasted');
  }, 90_000);

  it('Recents switches on the lab and Rotate turns its picture', async () => {
    const before = await picture();
    await h.page.getByTestId('key-app_switch').click();
    await expect.poll(async () => (await lab()).system.recents, { timeout: 10_000 }).toBe(true);
    await expect.poll(picture, { timeout: 10_000 }).not.toBe(before);
    await shot('02-recents');
    await h.page.getByTestId('key-app_switch').click();
    await expect.poll(async () => (await lab()).system.recents, { timeout: 10_000 }).toBe(false);
    expect((await lab()).focused_activity).toBe('com.tactile.lab/com.tactile.lab.MainActivity');

    const portrait = await picture();
    await h.page.getByTestId('button-rotate').click();
    // The stream restarts at the landscape size and the lab lays itself out again: another picture.
    await expect.poll(streamShape, { timeout: 15_000 }).toBe('landscape');
    await expect
      .poll(
        async () => (await shell('dumpsys window displays')).includes('mRotation=1 mDeferredRotationPauseCount=0'),
        { timeout: 10_000 },
      )
      .toBe(true);
    await expect.poll(picture, { timeout: 10_000 }).not.toBe(portrait);
    await shot('03-rotated');
    await h.page.getByTestId('button-rotate').click();
    await expect.poll(streamShape, { timeout: 15_000 }).toBe('portrait');
    await h.page.getByTestId('button-quick_settings').click();
    await expect.poll(async () => (await lab()).system.shade, { timeout: 10_000 }).toBe('quick_settings');
    await shot('04-quick-settings');
    await h.page.getByTestId('button-collapse_panels').click();
    await expect.poll(async () => (await lab()).system.shade, { timeout: 10_000 }).toBe('none');
  }, 90_000);

  it('installs an APK with a progress bar (a receipt, recorded, + Step), launches it and uninstalls it after confirmation', async () => {
    const apk = buildApk({
      packageName: 'com.tactile.hello',
      label: 'Hello Tactile',
      versionCode: 3,
      versionName: '1.2.0',
      assetBytes: 6 * 1024 * 1024,
    });
    await h.page.getByTestId('operator-tab-apps').click();
    // Recording while installing: the install is an operator action like a tap (issue 25.3).
    await h.page.getByTestId('record').click();
    await expect.poll(() => h.page.getByTestId('record').getAttribute('aria-pressed')).toBe('true');
    paced = true;
    await h.page
      .getByTestId('apps-install-input')
      .setInputFiles({ name: 'hello.apk', mimeType: 'application/vnd.android.package-archive', buffer: apk });
    const row = h.page.locator('[data-testid=transfer-row][data-name="hello.apk"]');
    await expect
      .poll(() => row.getByTestId('install-progress').getAttribute('value'), { timeout: 10_000 })
      .toMatch(/^[1-9]\d?$/);
    await shot('05-installing');
    await expect.poll(() => row.getAttribute('data-phase'), { timeout: 30_000 }).toBe('done');
    paced = false;
    await expect.poll(() => h.page.getByTestId('apps-status').textContent()).toContain('Installed com.tactile.hello');
    const receipt = h.page.locator('[data-testid=receipt-row][data-tool="tactile.install_app"]');
    await expect.poll(() => receipt.count(), { timeout: 10_000 }).toBe(1);
    expect(await receipt.getAttribute('data-status')).toBe('completed');
    const installSteps = h.page.locator('[data-testid=steps-panel] [data-tool="tactile.install_app"]');
    await expect.poll(() => installSteps.count(), { timeout: 10_000 }).toBe(1);
    expect(await installSteps.first().getAttribute('data-source')).toBe('recorded');
    expect(await installSteps.first().textContent()).toContain('install hello.apk');
    await h.page.getByTestId('record').click();
    await expect.poll(() => h.page.getByTestId('record').getAttribute('aria-pressed')).toBe('false');
    // "+ Step" offers the install too (as sent: the APK's path on the device).
    expect(await h.page.getByTestId('add-to-document').getAttribute('title')).toContain('tactile.install_app');
    await h.page.getByTestId('add-to-document').click();
    await expect.poll(() => installSteps.count()).toBe(2);
    expect(await installSteps.nth(1).getAttribute('data-source')).toBe('manual');
    await shot('05b-install-recorded');
    const app = h.page.locator('[data-testid=app-row][data-package="com.tactile.hello"]');
    await app.waitFor({ timeout: 10_000 });
    expect(await app.textContent()).toContain('1.2.0 (3)');
    await app.getByTestId('app-launch').click();
    await expect
      .poll(async () => (await lab()).focused_activity, { timeout: 10_000 })
      .toBe('com.tactile.hello/com.tactile.hello.MainActivity');
    await shot('06-launched');
    await app.getByTestId('app-uninstall').click();
    await app.getByTestId('confirm-yes').click();
    await expect.poll(() => app.count(), { timeout: 10_000 }).toBe(0);
    expect(await shell('pm list packages -3')).not.toContain('com.tactile.hello');
  }, 120_000);

  it(
    'pushes and pulls 20 MB with progress; a push cancelled midway leaves nothing behind',
    { timeout: 300_000 },
    async () => {
      const big = randomBytes(20 * 1024 * 1024);
      await h.page.getByTestId('operator-tab-files').click();
      await h.page
        .getByTestId('files-push-input')
        .setInputFiles({ name: 'big.bin', mimeType: 'application/octet-stream', buffer: big }, { timeout: 120_000 });
      const row = h.page.locator('[data-testid=transfer-row][data-name="big.bin"]');
      await expect.poll(() => row.getAttribute('data-phase'), { timeout: 60_000 }).toBe('done');
      await h.page.locator('[data-testid=file-row][data-name="big.bin"]').waitFor({ timeout: 10_000 });
      const download = h.page.waitForEvent('download', { timeout: 60_000 });
      await h.page.locator('[data-testid=file-row][data-name="big.bin"]').getByTestId('file-pull').click();
      const pulled = await (await download).path();
      expect(Buffer.compare(readFileSync(pulled), big)).toBe(0);

      paced = true;
      await h.page.getByTestId('files-push-input').setInputFiles(
        [
          { name: 'cancel-me.bin', mimeType: 'application/octet-stream', buffer: big },
          { name: 'small.txt', mimeType: 'text/plain', buffer: Buffer.from('several files at once\n') },
        ],
        { timeout: 120_000 },
      );
      const cancelRow = h.page.locator('[data-testid=transfer-row][data-name="cancel-me.bin"]');
      await expect
        .poll(async () => Number(await cancelRow.getByTestId('transfer-progress').getAttribute('value')), {
          timeout: 20_000,
        })
        .toBeGreaterThan(10);
      await shot('07-pushing');
      await cancelRow.getByTestId('transfer-cancel').click();
      await expect.poll(() => cancelRow.getAttribute('data-phase'), { timeout: 20_000 }).toBe('cancelled');
      paced = false;
      await expect
        .poll(() => h.page.locator('[data-testid=transfer-row][data-name="small.txt"]').getAttribute('data-phase'), {
          timeout: 20_000,
        })
        .toBe('done');
      const listing = await shell('ls -a /sdcard');
      expect(listing).toMatch(/big\.bin/);
      expect(listing).toMatch(/small\.txt/);
      expect(listing).not.toMatch(/cancel-me/);
      await shot('08-cancelled');
    },
  );

  it('records 5 s of the mirror to an H.264 MP4 that keeps the stream’s own SPS (no re-encode), and saves a screenshot', async () => {
    await h.page.getByTestId('operator-tab-capture').click();
    const png = h.page.waitForEvent('download');
    await h.page.getByTestId('capture-screenshot').click();
    const shotFile = await png;
    expect(shotFile.suggestedFilename()).toMatch(/^Tactile_Virtual_Phone_127\.0\.0\.1_\d+_\d{8}-\d{6}\.png$/);
    expect(readFileSync(await shotFile.path()).readUInt32BE(16)).toBe(1080);

    // Play the timeline so the picture keeps changing (the device sends frames only on change).
    const play = centre(nodeById(await h.observe(), 'play_pause').bounds_px);
    await shell(`input tap ${play.x} ${play.y}`);
    await h.page.getByTestId('capture-record').click();
    // The file starts at once from the mirror's last keyframe (no waiting for a new one). Seven seconds of it,
    // by the recording's own timer (polled, not a fixed wait).
    const recorded = async () => {
      const m = /(\d+):(\d\d)/.exec((await h.page.getByTestId('record-timer').textContent()) ?? '');
      return m ? Number(m[1]) * 60 + Number(m[2]) : -1;
    };
    await expect.poll(recorded, { timeout: 30_000 }).toBeGreaterThanOrEqual(7);
    await shot('09-recording');
    const mp4 = h.page.waitForEvent('download');
    await h.page.getByTestId('capture-record').click();
    const file = await (await mp4).path();
    const wall = (reachedMain['recording.stop']! - reachedMain['recording.start']!) / 1000;
    expect(wall).toBeGreaterThan(6);
    await shell(`input tap ${play.x} ${play.y}`);
    const probe = JSON.parse(
      execFileSync('ffprobe', ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file]).toString(),
    ) as {
      streams: Array<{ codec_name: string; profile: string; level: number; width: number; height: number }>;
      format: { duration: string; size: string };
    };
    const v = probe.streams[0]!;
    expect(v.codec_name).toBe('h264');
    // The timeline lasts from Record to Stop (as main received them), within 10 % or 0.5 s.
    expect(Math.abs(Number(probe.format.duration) - wall)).toBeLessThanOrEqual(Math.max(0.1 * wall, 0.5));
    expect(Number(probe.format.size)).toBe(statSync(file).size);
    // The media (edit list ignored): the keyframe first at 0, then every frame in rising pts order.
    const media = JSON.parse(
      execFileSync('ffprobe', [
        '-v',
        'error',
        '-ignore_editlist',
        '1',
        '-show_packets',
        '-of',
        'json',
        file,
      ]).toString(),
    ) as {
      packets: Array<{ pts_time: string; flags: string }>;
    };
    expect(media.packets[0]!.flags).toMatch(/^K/);
    expect(Number(media.packets[0]!.pts_time)).toBe(0);
    const pts = media.packets.map((p) => Number(p.pts_time));
    expect(pts.every((t, k) => k === 0 || t > pts[k - 1]!)).toBe(true);
    // No re-encode: the MP4's SPS (in its avcC) is byte for byte the mirror's own.
    const sps = spsOf(configs.at(-1)!);
    expect(readFileSync(file).includes(sps)).toBe(true);
    expect(v.level).toBe(sps[3]);
    const last = (await h.page.getByTestId('capture-last').textContent())!;
    expect(last).toMatch(/Recording .*\.mp4 \(\d+\.\d s, \d+ frames\) saved to/);
    // The playing timeline changed the picture many times: many of the device's frames, each kept as sent.
    const frames = Number(/, (\d+) frames/.exec(last)![1]);
    expect(frames).toBeGreaterThan(10);
    expect(media.packets.length).toBe(frames);
    expect(Number(/\((\d+\.\d) s,/.exec(last)![1])).toBeCloseTo(Number(probe.format.duration), 0);
    await shot('10-recorded');
  }, 120_000);
});

/** The SPS NAL unit (from its header byte) out of an Annex B configuration packet. */
function spsOf(config: Uint8Array): Buffer {
  const b = Buffer.from(config);
  const start = b.indexOf(Buffer.from([0, 0, 1, 0x67]));
  const next = b.indexOf(Buffer.from([0, 0, 1]), start + 4);
  const end = next < 0 ? b.length : b[next - 1] === 0 ? next - 1 : next;
  return b.subarray(start + 3, end);
}
