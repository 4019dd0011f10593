// Stop and Esc in the console (issue 10, Deliver 2): an operation in flight on the selected device — here a
// 60 s wait started by another request, as a CLI run or an agent would hold the device — is stopped between
// events through device.cancel; its receipt is `cancelled` and the device is free again. Screenshots go to
// test-results/e2e/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IpcReply } from '../../shared/ipc';
import type { Receipt } from '../../shared/receipts';
import { ARTIFACTS, startConsoleHarness, type ConsoleHarness } from './console-harness';

describe('console Stop (E2E, Chromium + bridge + virtual device)', () => {
  let h: ConsoleHarness;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    h = await startConsoleHarness();
    await h.page.goto(h.bridge.url);
    const row = h.page.locator(`[data-testid=device-row][data-serial="${h.serial}"]`);
    await row.waitFor({ timeout: 20_000 });
    await row.click();
  }, 120_000);

  afterAll(async () => {
    await h?.stop();
  });

  /** A 60 s wait holding the device; resolves with its receipt. */
  const longWait = (operation_id: string) =>
    h.services
      .dispatch('device.execute', {
        serial: h.serial,
        envelope: { tool: 'wait_for_delay', args: { time_in_ms: 60_000 } },
        operation_id,
      })
      .then((reply: IpcReply) =>
        reply.ok
          ? (reply.result as { receipt: Receipt }).receipt
          : Promise.reject(new Error(JSON.stringify(reply.error))),
      );

  it.each([
    ['the Stop button', 'e7c0a3c4-6b0f-4c5e-9d47-3f2a1b0c9d01', () => h.page.getByTestId('stop').click()],
    ['Esc', 'e7c0a3c4-6b0f-4c5e-9d47-3f2a1b0c9d02', () => h.page.keyboard.press('Escape')],
  ])(
    '%s cancels the operation holding the selected device',
    async (name, id, press) => {
      const stop = h.page.getByTestId('stop');
      await expect.poll(() => stop.isDisabled()).toBe(true);
      const t0 = Date.now();
      const receipt = longWait(id);
      await expect.poll(() => stop.isEnabled(), { timeout: 10_000 }).toBe(true); // the device list shows the holder
      await h.page.screenshot({ path: join(ARTIFACTS, `stop-${name === 'Esc' ? 'esc' : 'button'}-held.png`) });
      await press();
      const r = await receipt;
      expect(r).toMatchObject({ operation_id: id, tool: 'wait_for_delay', status: 'cancelled', code: 'CANCELLED' });
      expect(Date.now() - t0).toBeLessThan(30_000); // stopped, not waited out
      await expect.poll(() => stop.isDisabled(), { timeout: 10_000 }).toBe(true);
    },
    60_000,
  );
});
