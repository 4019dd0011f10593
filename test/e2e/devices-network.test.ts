// Network devices end to end in Chromium over the bridge, with a second virtual device as the Wi-Fi phone (a
// real adbd-protocol network target, 127.0.0.1:PORT, beside the console's embedded one): Connect from the devices panel remembers it; when it drops off adb
// (an `adb disconnect` from outside, as a lost Wi-Fi link does) the console reconnects it by itself; Disconnect
// in the console forgets it and it stays away; Connect brings it back. Pairing runs the real `adb pair`, which
// cannot succeed here: the virtual device has no pairing service (adbd's SPAKE2 + TLS pairing protocol), and
// Debian's adb (29.0.6) has no `pair` command at all. So only a refused pairing is exercised: its reason, in
// words, reaches the panel. Screenshots go to test-results/e2e/devices-network-*.png.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startVirtualDevice, type VirtualDevice } from '../../virtual-device/virtual-device';
import { ARTIFACTS, startConsoleHarness, type ConsoleHarness } from './console-harness';

/** A loopback port nobody listens on (bound once, then released). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

describe('network devices: reconnect, disconnect, pairing (E2E)', () => {
  let h: ConsoleHarness;
  let phone: VirtualDevice;
  const shot = (name: string) => h.page.screenshot({ path: join(ARTIFACTS, `devices-network-${name}.png`) });
  const row = () => h.page.locator(`[data-testid=device-row][data-serial="${phone.serial}"]`);
  const known = () => {
    const file = join(h.journalDir, '..', 'known-devices.json');
    return existsSync(file)
      ? (JSON.parse(readFileSync(file, 'utf8')) as { devices: Array<{ target: string }> }).devices.map((d) => d.target)
      : [];
  };
  const adbState = async () =>
    (await h.adb.adb(['devices'])).stdout
      .split('\n')
      .find((l) => l.startsWith(`${phone.serial}\t`))
      ?.split('\t')[1] ?? 'absent';
  const connectFromPanel = async () => {
    await h.page.getByLabel('Device address').fill(phone.serial);
    await h.page.getByTestId('connect').click();
  };

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    phone = await startVirtualDevice({});
    h = await startConsoleHarness({ viewport: { width: 1024, height: 700 } });
    await h.page.goto(h.bridge.url);
  }, 180_000);

  afterAll(async () => {
    await h?.stop();
    await phone?.stop();
  });

  afterEach(() => {
    expect(h.contractViolations).toEqual([]);
  });

  it('a device connected from the panel is remembered and reconnected by itself when it drops off adb', async () => {
    await h.page.locator('[data-testid=device-row]').first().waitFor({ timeout: 30_000 });
    await connectFromPanel();
    await row().waitFor({ timeout: 20_000 });
    await expect.poll(known, { timeout: 10_000 }).toEqual([phone.serial]);
    await expect.poll(() => row().getAttribute('class'), { timeout: 10_000 }).not.toContain('offline');

    // The link drops: adb no longer has the device.
    await h.adb.adb(['disconnect', phone.serial]);
    expect(await adbState()).not.toBe('device');
    // The console connects it again (known devices are retried every 5 s while not online).
    await expect.poll(adbState, { timeout: 20_000, interval: 250 }).toBe('device');
    await expect.poll(() => row().getAttribute('class'), { timeout: 10_000 }).not.toContain('offline');
    await expect.poll(() => row().textContent(), { timeout: 20_000 }).toContain('SDK');
    await shot('01-reconnected');
  }, 90_000);

  it('Disconnect forgets the device: it leaves the list and stays away; Connect brings it back', async () => {
    await row().getByTestId('device-disconnect').click();
    await expect.poll(() => row().count(), { timeout: 15_000 }).toBe(0);
    expect(known()).toEqual([]);
    // Longer than the reconnect period: nothing brings it back by itself. (Deliberate: nothing may happen over this
    // time; a slower machine only waits longer.)
    await new Promise((r) => setTimeout(r, 7000));
    expect(await adbState()).toBe('absent');
    expect(await row().count()).toBe(0);
    await shot('02-disconnected');

    await connectFromPanel();
    await expect.poll(adbState, { timeout: 20_000 }).toBe('device');
    await row().waitFor({ timeout: 15_000 });
    expect(known()).toEqual([phone.serial]);
  }, 90_000);

  it('pairing runs `adb pair`; a pairing address with no pairing service is refused in words', async () => {
    const port = await freePort();
    await h.page.getByTestId('pair-open').click();
    await h.page.getByTestId('pair-target').fill(`127.0.0.1:${port}`);
    await h.page.getByTestId('pair-code').fill('123456');
    await h.page.getByTestId('pair-submit').click();
    const status = h.page.getByTestId('pair-status');
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toMatch(/^Not paired: .*\S/);
    // Words about why, not a stack or an empty reason: an adb without `pair` says what to install; a newer one
    // names the address it could not reach.
    expect(await status.textContent()).toMatch(
      new RegExp(`no "pair" command .*platform-tools|127\\.0\\.0\\.1:${port}|connect|refused`, 'i'),
    );
    await shot('03-pair-refused');
  }, 60_000);
});
