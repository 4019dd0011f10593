// The stage and its tools end to end in Chromium (bridge + virtual device): zoom to 400 % and tap a node's
// centre (the live finger goes down on that exact device pixel, and the receipt says so), freeze → inspect → unfreeze, and a scroll whose fling
// is observed only once it settled. Screenshots go to test-results/e2e/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Receipt } from '../../shared/receipts';
import { ARTIFACTS, centre, nodeById, stagePointOf, startConsoleHarness, type ConsoleHarness } from './console-harness';

describe('stage and tools (E2E, Chromium + bridge + virtual device)', () => {
  let h: ConsoleHarness;
  const shot = (name: string) => h.page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
  const lastReceipts = async (limit: number) => {
    const r = await h.services.dispatch('receipts.list', { limit });
    if (!r.ok) throw new Error(r.error.message);
    return (r.result as { receipts: Receipt[] }).receipts;
  };
  const lastReceipt = async () => (await lastReceipts(1))[0]!;
  /** Two animation frames: the page has handled what was just pressed and drawn since. */
  const frames = () =>
    h.page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
  /** A hash of the picture on the stage's mirror layer. */
  const pictureHash = () =>
    h.page.getByTestId('mirror').evaluate((c: HTMLCanvasElement) => {
      const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let x = 0;
      for (let i = 0; i < d.length; i += 4 * 13) x = (x * 31 + d[i]! + d[i + 1]! * 7 + d[i + 2]! * 13) | 0;
      return x;
    });

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    h = await startConsoleHarness();
    await h.page.goto(h.bridge.url);
    await h.page.locator(`[data-testid=device-row][data-serial="${h.serial}"]`).click({ timeout: 20_000 });
    await h.page
      .getByTestId('mirror-status')
      .filter({ hasText: /mirror: stream/ })
      .waitFor({ timeout: 20_000 });
    await h.page.getByTestId('tree-row').nth(10).waitFor({ timeout: 20_000 });
  }, 120_000);

  afterAll(async () => {
    await h?.stop();
  });

  it('zoomed to 400 % and panned with Space-drag, a tap on a node centre carries that exact device pixel', async () => {
    await h.page.keyboard.press('c');
    await expect.poll(() => h.page.getByTestId('tool-control').getAttribute('aria-pressed')).toBe('true');
    await h.page.getByTestId('zoom-400').click();
    await expect.poll(() => h.page.getByTestId('zoom-level').textContent()).toBe('400 %');
    const observation = await h.observe();
    const title = nodeById(observation, 'toolbar_title');
    const target = centre(title.bounds_px);
    // Bring the node to the middle of the stage: hold Space and drag.
    const surface = (await h.page.getByTestId('stage-surface').boundingBox())!;
    const mid = { x: surface.x + surface.width / 2, y: surface.y + surface.height / 2 };
    const now = await stagePointOf(h.page, observation.screen, target);
    await h.page.mouse.move(mid.x, mid.y);
    await h.page.keyboard.down(' ');
    await h.page.mouse.down();
    await h.page.mouse.move(mid.x + (mid.x - now.x), mid.y + (mid.y - now.y), { steps: 8 });
    await h.page.mouse.up();
    await h.page.keyboard.up(' ');
    const at = await stagePointOf(h.page, observation.screen, target);
    expect(Math.abs(at.x - mid.x)).toBeLessThan(2);
    expect(Math.abs(at.y - mid.y)).toBeLessThan(2);
    expect(await lastReceipt()).toBeUndefined(); // the pan sent nothing
    await h.page.mouse.move(at.x, at.y);
    await expect
      .poll(() => h.page.getByTestId('readout').textContent())
      .toMatch(new RegExp(`px\\s*${target.x},\\s*${target.y}`));
    await shot('10-zoomed-400');
    await h.page.mouse.click(at.x, at.y);
    await expect
      .poll(async () => (await lastReceipt().catch(() => null))?.status, { timeout: 30_000 })
      .toBe('completed');
    const receipt = await lastReceipt();
    // The seed's click takes the normalized grid; the pixel the finger went down on is the receipt's too.
    expect(receipt).toMatchObject({
      tool: 'click',
      dispatch: { backend: 'scrcpy' },
      result: { live: { at_px: [target.x, target.y] } },
    });
    await h.page.keyboard.press('0');
    await expect
      .poll(async () => Number((await h.page.getByTestId('zoom-level').textContent())!.replace(/\D/g, '')))
      .toBeLessThan(100);
  });

  it('freeze holds the frame and the tree for inspection; unfreezing resumes both', async () => {
    await h.page.keyboard.press('i');
    // Play: the lab's clock then changes the picture every second.
    const o = await h.observe();
    if (nodeById(o, 'play_pause').content_desc === 'Play') {
      await h.services.dispatch('device.execute', {
        serial: h.serial,
        envelope: {
          tool: 'control_action',
          args: { selector: { resource_id: 'com.tactile.lab:id/play_pause' }, action: 'click' },
        },
      });
    }
    await h.page.keyboard.press('f');
    await expect.poll(() => h.page.getByTestId('freeze').getAttribute('aria-pressed')).toBe('true');
    const frozenPicture = await pictureHash();
    const clockRow = h.page.locator('[data-testid=tree-row]', { hasText: '#current_time' });
    const frozenClock = await clockRow.textContent();
    // The device moves on (polled: its clock ticks every second)…
    await expect
      .poll(async () => nodeById(await h.observe(), 'current_time').text, { timeout: 20_000 })
      .not.toBe(frozenClock?.match(/“(.*)”/)?.[1]);
    await h.page.keyboard.press('F5'); // asking for a new tree while frozen keeps the held one
    // …while the frozen stage does not: a refresh while frozen asks main for nothing, so once the page has
    // handled the key and drawn, what it shows is what it will keep showing.
    await frames();
    expect(await pictureHash()).toBe(frozenPicture);
    expect(await clockRow.textContent()).toBe(frozenClock);
    // Inspect the held frame: click the clock and read it in the inspector.
    const clock = nodeById(o, 'current_time');
    const at = await stagePointOf(h.page, o.screen, centre(clock.bounds_px));
    await h.page.mouse.click(at.x, at.y);
    await expect.poll(() => h.page.locator('[data-testid=tree-row].selected').textContent()).toContain('#current_time');
    await shot('11-frozen-inspect');
    await h.page.keyboard.press('f');
    await expect.poll(() => h.page.getByTestId('freeze').getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => pictureHash(), { timeout: 10_000 }).not.toBe(frozenPicture);
    await expect.poll(() => clockRow.textContent(), { timeout: 10_000 }).not.toBe(frozenClock);
    // The clock keeps changing the picture after each observation: the overlay says it is stale.
    await expect.poll(() => h.page.getByTestId('overlay-stale').count(), { timeout: 10_000 }).toBe(1);
  });

  it('after a wheel scroll the tree is observed once the fling settled, never mid-way', async () => {
    const o = await h.observe();
    if (nodeById(o, 'play_pause').content_desc === 'Pause') {
      await h.services.dispatch('device.execute', {
        serial: h.serial,
        envelope: {
          tool: 'control_action',
          args: { selector: { resource_id: 'com.tactile.lab:id/play_pause' }, action: 'click' },
        },
      });
    }
    await h.page.keyboard.press('c');
    const list = nodeById(o, 'list');
    const at = await stagePointOf(h.page, o.screen, centre(list.bounds_px));
    await h.page.mouse.move(at.x, at.y);
    const rows = (nodes: Array<{ resource_id: string | null }>) =>
      nodes
        .filter((n) => n.resource_id?.includes(':id/row_'))
        .map((n) => n.resource_id)
        .join();
    await h.page.mouse.wheel(0, 200);
    await expect.poll(async () => (await lastReceipt()).tool, { timeout: 30_000 }).toBe('touch_gesture');
    // The console observes again by itself once the fling settled: its tree ends up showing the rows the device
    // shows (observed mid-fling and never again, it would stay behind), and the overlay is not stale.
    await h.page.getByLabel('Search nodes').fill(':id/row_');
    const shownRows = () =>
      h.page.locator('[data-testid=tree-row]').evaluateAll((els) =>
        els
          .map((e) => e.textContent ?? '')
          .filter((t) => t.includes('#row_'))
          .map((t) => `com.tactile.lab:id/${/#(row_\d+)/.exec(t)![1]}`)
          .join(),
      );
    await expect
      .poll(async () => (await shownRows()) === rows((await h.observe()).nodes), { timeout: 15_000 })
      .toBe(true);
    await expect.poll(() => h.page.getByTestId('overlay-stale').count(), { timeout: 10_000 }).toBe(0);
    await shot('12-after-fling');
    await h.page.getByLabel('Search nodes').fill('');
    await h.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  });

  it('a drag leaving the picture lifts the finger at the last on-screen point and the status line says so; right-click is Back', async () => {
    await h.page.keyboard.press('c');
    const o = await h.observe();
    const bar = nodeById(o, 'seekbar');
    const from = await stagePointOf(h.page, o.screen, centre(bar.bounds_px));
    const picture = (await h.page.getByTestId('overlay').boundingBox())!;
    const before = (await lastReceipt()).operation_id;
    await h.page.mouse.move(from.x, from.y);
    await h.page.mouse.down();
    await h.page.mouse.move(picture.x + picture.width + 40, from.y, { steps: 10 });
    await shot('13-drag-outside');
    await h.page.mouse.up();
    // One receipt for the contact: a touch_gesture whose every point is on the screen (never clamped).
    await expect.poll(async () => (await lastReceipt()).operation_id, { timeout: 30_000 }).not.toBe(before);
    const drag = await lastReceipt();
    expect(drag).toMatchObject({ tool: 'touch_gesture', status: 'completed' });
    const frames = (drag.args as { frames: Array<{ points: number[][] }> }).frames;
    expect(frames.every((f) => f.points[0]![0]! < o.screen.width)).toBe(true);
    expect(frames.at(-1)!.points[0]![0]).toBeGreaterThan(o.screen.width - 200);
    await expect
      .poll(() => h.page.getByTestId('stage-notice').textContent())
      .toMatch(/left the screen at px .* lifted at px/);
    await h.page.mouse.click(from.x, from.y, { button: 'right' });
    await expect.poll(async () => (await lastReceipt()).tool, { timeout: 30_000 }).toBe('press_key');
    // The Back follows the streamed drag's receipt: the drag is one operation, the Back the next.
    const [previous, back] = await lastReceipts(2); // oldest first
    expect(back!.args).toMatchObject({ key: 'back' });
    expect(previous!.operation_id).toBe(drag.operation_id);
  });
});
