// Issue 20: a phone that refuses injected input (Xiaomi MIUI/HyperOS without "USB debugging (Security
// settings)"), played by the virtual helper's test fault `persist.tactile.sim.inject_denied`. The tap's receipt
// is honest (not started: nothing was injected), inject.* leaves the device's capabilities for that helper
// session, no other backend is tried, and the device panel says what happened and which setting to enable.
// Screenshot: test-results/e2e/inject-denied-panel.png.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CapabilitiesView, IpcReply } from '../../shared/ipc';
import type { Receipt } from '../../shared/receipts';
import { ARTIFACTS, startConsoleHarness, type ConsoleHarness } from './console-harness';

describe('injection refused by the phone (E2E, Chromium + bridge + virtual device)', () => {
  let h: ConsoleHarness;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    h = await startConsoleHarness();
    // The test fault, set as an operator would set a property: adb shell setprop.
    // (Asynchronously: the virtual device answering it runs in this process.)
    await promisify(execFile)('adb', [
      '-P',
      String(h.adb.port),
      '-s',
      h.serial,
      'shell',
      'setprop persist.tactile.sim.inject_denied 1',
    ]);
    await h.page.goto(h.bridge.url);
    const row = h.page.locator(`[data-testid=device-row][data-serial="${h.serial}"]`);
    await row.waitFor({ timeout: 20_000 });
    await row.click();
  }, 120_000);

  afterAll(async () => {
    await h?.stop();
  });

  const tap = (x: number, y: number) =>
    h.services
      .dispatch('device.execute', { serial: h.serial, envelope: { tool: 'tap', args: { x, y } } })
      .then((reply: IpcReply) =>
        reply.ok
          ? (reply.result as { receipt: Receipt }).receipt
          : Promise.reject(new Error(JSON.stringify(reply.error))),
      );
  const capabilities = async () => {
    const reply = await h.services.dispatch('device.capabilities', { serial: h.serial });
    if (!reply.ok) throw new Error(JSON.stringify(reply.error));
    return reply.result as CapabilitiesView;
  };

  it('the tap is not started with INJECT_PERMISSION_DENIED, inject.* is withdrawn, and the panel says which setting to enable', async () => {
    expect((await capabilities()).capabilities).toContain('inject.single_pointer');
    const first = await tap(540, 1200);
    expect(first).toMatchObject({ status: 'not_started', code: 'INJECT_PERMISSION_DENIED' });
    expect(first.message).toMatch(/USB debugging \(Security settings\)/);
    const after = await capabilities();
    expect(after.capabilities.filter((c) => c.startsWith('inject.'))).toEqual([]);
    expect(after.backend).toBe('helper'); // no pretend fallback to adb shell input, refused the same way there
    expect(after.notices?.map((n) => n.kind)).toContain('inject_denied');
    // The next tap is refused before anything is sent, and says why.
    const second = await tap(540, 1200);
    expect(second).toMatchObject({ status: 'not_started', code: 'CAPABILITY_UNAVAILABLE' });
    expect(second.message).toMatch(/inject\.single_pointer/); // prepareCall refuses it: the device no longer offers it

    const notice = h.page.locator('[data-testid=helper-notice][data-kind=inject_denied]');
    await notice.waitFor({ timeout: 15_000 });
    const text = await notice.innerText();
    expect(text).toMatch(/refuses injected input/);
    expect(text).toMatch(/Xiaomi \(MIUI\/HyperOS\).*USB debugging \(Security settings\)/s);
    expect(text).toMatch(/does not fall back/);
    await notice.scrollIntoViewIfNeeded();
    await h.page.screenshot({ path: join(ARTIFACTS, 'inject-denied-panel.png') });
    await notice.screenshot({ path: join(ARTIFACTS, 'inject-denied-notice.png') }); // the words, legible
    expect(h.contractViolations).toEqual([]);
  }, 90_000);
});
