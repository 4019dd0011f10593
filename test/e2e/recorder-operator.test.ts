// Operator input recorded and replayed twice, end to end in Chromium (bridge + virtual device): Home, an app
// launch from the Apps tab, a tap on the text field, typing on the mirror (with a Backspace), Enter, the Quick
// settings and Close panels buttons of the Keys tab, a drag that scrolls the lab's list and a tap on a row it
// revealed. Every input leaves a receipt with its backend; the document holds canonical steps with labels
// (typing as one replace of the field's text, the drag as a scroll_to of the list, waits on what appeared); the
// saved flow names the lab's package and version; the flow replays twice in a row on the same device, every
// step green both times. Screenshots: test-results/e2e/recorder-operator-*.png.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ReplayView } from '../../shared/ipc';
import { ARTIFACTS, centre, nodeById, stagePointOf, startConsoleHarness, type ConsoleHarness } from './console-harness';

const LAB = 'com.tactile.lab';
const ID = `${LAB}:id/`;

describe('operator input recorded and replayed twice (E2E)', () => {
  let h: ConsoleHarness;
  const shot = (name: string) => h.page.screenshot({ path: join(ARTIFACTS, `recorder-operator-${name}.png`) });
  const shell = async (cmd: string) => (await h.adb.adb(['-s', h.serial, 'shell', cmd])).stdout;
  const lab = async () =>
    JSON.parse(await shell('dumpsys tactile_lab')) as {
      system: Record<string, unknown>;
      controls: Record<string, Record<string, unknown>>;
      focused_activity: string | null;
    };
  const receipts = (tool: string) => h.page.locator(`[data-testid=receipt-row][data-tool="${tool}"]`);
  const steps = () => h.page.locator('[data-testid=steps-panel] [data-step-id]');

  /** Clicks, then waits for one more receipt of `tool`; returns that receipt row. */
  async function sent(tool: string, act: () => Promise<void>) {
    const before = await receipts(tool).count();
    await act();
    await expect.poll(() => receipts(tool).count(), { timeout: 30_000 }).toBe(before + 1);
    return receipts(tool).first();
  }

  async function tapNode(id: string) {
    // A Control-tool tap is a live finger: it goes down without observing first, so the recorder names the node
    // the console shows under the pointer. Wait, as an operator would, until the console's overlay shows this
    // node there (after a scroll, the tree it had may still show the rows where the list was).
    let at = { x: 0, y: 0 };
    await expect
      .poll(
        async () => {
          const o = await h.observe();
          at = await stagePointOf(h.page, o.screen, centre(nodeById(o, id).bounds_px));
          await h.page.mouse.move(at.x - 3, at.y);
          await h.page.mouse.move(at.x, at.y);
          return h.page.getByTestId('hover-selector').textContent();
        },
        { timeout: 10_000 },
      )
      .toMatch(new RegExp(`:id/${id}"`));
    // Its one receipt is the click that was felt.
    await sent('click', () => h.page.mouse.click(at.x, at.y));
  }

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    h = await startConsoleHarness({ viewport: { width: 1280, height: 800 } });
  }, 180_000);

  afterAll(async () => {
    await h?.stop();
  });

  afterEach(() => {
    expect(h.contractViolations).toEqual([]);
  });

  let selectedRow = -1;

  it('records Home, an app launch, typing, Enter, two Keys-tab buttons, a scroll and a tap, each with its receipt', async () => {
    await h.page.goto(h.bridge.url);
    const device = h.page.locator(`[data-testid=device-row][data-serial="${h.serial}"]`);
    await device.waitFor({ timeout: 30_000 });
    await expect
      .poll(
        async () => {
          if (!((await device.getAttribute('class')) ?? '').includes('selected')) await device.click();
          return device.getAttribute('class');
        },
        { timeout: 30_000 },
      )
      .toContain('selected');
    await expect
      .poll(() => h.page.getByTestId('mirror-status').textContent(), { timeout: 30_000 })
      .toMatch(/mirror: stream \d+×\d+/);
    await expect.poll(() => h.page.getByTestId('tree-row').count(), { timeout: 20_000 }).toBeGreaterThan(10);
    await h.page.getByTestId('tool-control').click();
    await h.page.locator('body').click({ position: { x: 2, y: 2 } });
    await h.page.keyboard.press('r');
    await expect.poll(() => h.page.getByTestId('record').getAttribute('aria-pressed')).toBe('true');

    const home = await sent('press_key', () => h.page.getByTestId('key-home').click());
    expect(await home.getByTestId('receipt-dispatch').textContent()).toBe('adb_input · 2 ev');
    await expect
      .poll(async () => (await lab()).focused_activity, { timeout: 10_000 })
      .not.toBe(`${LAB}/${LAB}.MainActivity`);

    await h.page.getByTestId('operator-tab-apps').click();
    await h.page.getByTestId('apps-show-system').check();
    const app = h.page.locator(`[data-testid=app-row][data-package="${LAB}"]`);
    await app.waitFor({ timeout: 20_000 });
    const launched = await sent('manage_app', () => app.getByTestId('app-launch').click());
    expect(await launched.getAttribute('data-status')).toBe('completed');
    await expect
      .poll(async () => (await lab()).focused_activity, { timeout: 10_000 })
      .toBe(`${LAB}/${LAB}.MainActivity`);
    await expect
      .poll(async () => nodeById(await h.observe(), 'edit_text').bounds_px[3] > 0, { timeout: 10_000 })
      .toBe(true);

    // Typing on the mirror: the field first (a Control-tool tap on it, hovered as a person's pointer would be,
    // which is what engages typing), then keys; a Backspace mid-way.
    await h.page.getByTestId('tool-control').click();
    const seen = await h.observe();
    const field = await stagePointOf(h.page, seen.screen, centre(nodeById(seen, 'edit_text').bounds_px));
    await expect
      .poll(
        async () => {
          await h.page.mouse.move(field.x - 3, field.y);
          await h.page.mouse.move(field.x, field.y);
          return h.page.getByTestId('hover-selector').textContent();
        },
        { timeout: 10_000 },
      )
      .toContain('edit_text');
    // A live contact: its receipt is the click as injected, with its backend (the mirror's control socket, or
    // the helper while the stream is downscaled) and its down and up events.
    const tapped = await sent('click', () => h.page.mouse.click(field.x, field.y));
    expect(await tapped.getByTestId('receipt-dispatch').textContent()).toMatch(/^(scrcpy|helper) · \d+ ev$/);
    await expect.poll(async () => (await lab()).controls[`${ID}edit_text`]!.focused, { timeout: 10_000 }).toBe(true);
    await h.page.keyboard.type('hi ther');
    await h.page.keyboard.press('Backspace');
    await h.page.keyboard.type('re');
    await expect.poll(async () => (await lab()).controls[`${ID}edit_text`]!.text, { timeout: 15_000 }).toBe('hi there');
    await sent('press_key', () => h.page.keyboard.press('Enter'));
    await expect
      .poll(async () => (await lab()).controls[`${ID}edit_text`]!.submitted, { timeout: 10_000 })
      .toEqual(['hi there']);
    // The typing left receipts with their backend: the mirror's control socket, never "no dispatch".
    expect(await receipts('input_text').count()).toBeGreaterThan(0);
    expect(await receipts('input_text').first().getByTestId('receipt-dispatch').textContent()).toMatch(
      /^scrcpy · \d+ ev$/,
    );

    await h.page.getByTestId('operator-tab-keys').click();
    const qs = await sent('tactile.button', () => h.page.getByTestId('button-quick_settings').click());
    expect(await qs.getByTestId('receipt-dispatch').textContent()).toBe('scrcpy · 1 ev');
    await expect.poll(async () => (await lab()).system.shade, { timeout: 10_000 }).toBe('quick_settings');
    await sent('tactile.button', () => h.page.getByTestId('button-collapse_panels').click());
    await expect.poll(async () => (await lab()).system.shade, { timeout: 10_000 }).toBe('none');
    await shot('01-inputs');

    // A drag up the list scrolls it; then a tap on a row the scroll revealed.
    const o = await h.observe();
    const list = nodeById(o, 'list').bounds_px;
    const x = Math.round((list[0] + list[2]) / 2);
    const from = await stagePointOf(h.page, o.screen, { x, y: list[3] - 30 });
    const to = await stagePointOf(h.page, o.screen, { x, y: list[1] + 30 });
    // A live drag goes down without observing first: the recorder reads it against the console's overlay. Wait,
    // as an operator would, until the overlay shows the list's rows under the pointer (not the shade just closed).
    await expect
      .poll(
        async () => {
          await h.page.mouse.move(from.x - 3, from.y);
          await h.page.mouse.move(from.x, from.y);
          return h.page.getByTestId('hover-selector').textContent();
        },
        { timeout: 10_000 },
      )
      .toMatch(/:id\/row_\d+"/);
    // A live drag: its receipt is the touch_gesture that was felt (the recorder keeps it as a scroll_to).
    await sent('touch_gesture', async () => {
      await h.page.mouse.move(from.x, from.y);
      await h.page.mouse.down();
      await h.page.mouse.move(to.x, to.y, { steps: 25 });
      await new Promise((r) => setTimeout(r, 150));
      await h.page.mouse.up();
    });
    let row = '';
    await expect
      .poll(
        async () => {
          const seen = (await h.observe()).nodes
            .map((n) => /row_(\d+)$/.exec(n.resource_id ?? '')?.[1])
            .filter((n) => n !== undefined)
            .map(Number);
          row = seen.length > 2 ? `row_${seen.at(-2)}` : '';
          return Math.min(...seen);
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThan(2);
    await tapNode(row);
    await expect
      .poll(async () => (await lab()).controls[`${ID}list`]!.selected_row, { timeout: 10_000 })
      .toBe(Number(row.slice(4)));
    selectedRow = Number(row.slice(4));

    await h.page.locator('body').click({ position: { x: 2, y: 2 } });
    await h.page.keyboard.press('r');
    await expect.poll(() => h.page.getByTestId('record').getAttribute('aria-pressed')).toBe('false');
    await h.page.getByTestId('tab-document').click();
    // The recording settles its last step once the screen is read again.
    const actions = [
      'press_key',
      'manage_app',
      'action_sequence',
      'input_text',
      'press_key',
      'tactile.button',
      'tactile.button',
      'scroll_to',
      'action_sequence',
    ];
    const recordedActions = async () =>
      (await steps().evaluateAll((els) => els.map((e) => e.getAttribute('data-tool')))).filter(
        (t) => !t!.startsWith('wait_'),
      );
    await expect.poll(recordedActions, { timeout: 15_000 }).toEqual(actions);
    expect(await steps().evaluateAll((els) => els.every((e) => e.getAttribute('data-valid') === 'true'))).toBe(true);
    const texts = await steps().allTextContents();
    console.log(texts.join('\n'));
    // No long fixed pauses: the operator's thinking time is not replayed.
    expect(
      texts.filter((t) => /wait_for_delay/.test(t)).every((t) => Number(/(\d+) ms/.exec(t)?.[1] ?? 0) <= 500),
    ).toBe(true);
    await shot('02-recorded');
  }, 240_000);

  let flowFile = '';

  it("saves a flow whose steps are labelled, typing a replace of the field, the scroll by selectors, and the lab's version", async () => {
    await h.page.getByTestId('tab-library').click();
    await h.page.getByTestId('flow-name').fill('Operator walk');
    await h.page.getByTestId('flow-save').click();
    await expect
      .poll(() => h.page.getByTestId('flows-message').textContent(), { timeout: 20_000 })
      .toContain('saved Operator walk');
    const listed = await h.services.dispatch('flows.list', {});
    flowFile = listed.ok
      ? (listed.result as { flows: Array<{ name: string; file: string }> }).flows.find(
          (f) => f.name === 'Operator walk',
        )!.file
      : '';
    const flow = JSON.parse(readFileSync(flowFile, 'utf8')) as {
      recorded_on: { packages: Record<string, string> };
      steps: Array<{ tool: string; args: Record<string, unknown>; label: string | null }>;
    };
    expect(flow.recorded_on.packages[LAB]).toBe('1.0');
    expect(flow.steps.every((s) => typeof s.label === 'string' && s.label.length > 0)).toBe(true);
    const byTool = (tool: string) => flow.steps.filter((s) => s.tool === tool);
    expect(byTool('input_text')).toEqual([
      { tool: 'input_text', args: { text: 'hi there', target: null, clear_exist: true }, label: 'type in edit text' },
    ]);
    expect(byTool('manage_app')[0]).toMatchObject({
      args: { action: 'launch', app_name: LAB },
      label: `launch ${LAB}`,
    });
    const scroll = byTool('scroll_to')[0]!;
    expect(scroll.args).toMatchObject({ container: { resource_id: `${ID}list` }, direction: 'forward' });
    expect(scroll.args.target).toMatchObject({ resource_id: expect.stringMatching(/^com\.tactile\.lab:id\/row_\d+$/) });
    expect(byTool('tactile.button').map((s) => s.args)).toEqual([
      { button: 'quick_settings' },
      { button: 'collapse_panels' },
    ]);
    expect(byTool('press_key').map((s) => s.label)).toEqual(['press Home', 'press Enter']);
    expect(flow.steps.some((s) => s.tool === 'swipe' || s.tool === 'drag')).toBe(false);
    await h.page.getByTestId('tab-document').click();
    await shot('03-saved');
  }, 60_000);

  it('a Keys-tab button sent by hand is added to the document by + Step, as the call it sent', async () => {
    await h.page.getByTestId('tab-document').click();
    const before = await steps().count();
    await h.page.getByTestId('operator-tab-keys').click();
    await sent('tactile.button', () => h.page.getByTestId('button-volume_up').click());
    await h.page.getByTestId('add-to-document').click();
    await expect.poll(() => steps().count()).toBe(before + 1);
    const last = steps().last();
    expect(await last.getAttribute('data-tool')).toBe('tactile.button');
    expect(await last.textContent()).toContain('volume_up');
    expect(await last.getAttribute('data-valid')).toBe('true');
    await shot('06-plus-step');
  }, 60_000);

  async function replayOnce(n: number): Promise<ReplayView> {
    await h.page.getByTestId('tab-document').click();
    await h.page.getByTestId('replay').click();
    let view: ReplayView | undefined;
    await expect
      .poll(
        async () => {
          const r = await h.services.dispatch('flows.replay.list', {});
          const replays = r.ok ? (r.result as { replays: ReplayView[] }).replays : [];
          view =
            replays.length >= n ? replays.sort((a, b) => a.started_at.localeCompare(b.started_at))[n - 1] : undefined;
          return view?.finished_at ?? null;
        },
        { timeout: 180_000, interval: 500 },
      )
      .not.toBeNull();
    return view!;
  }

  it('replays the flow twice in a row on the same device, every step green both times', async () => {
    // The list back at its top first (outside the flow, through adb): the first replay has to scroll it; the
    // second starts where the first left it, with the row already in view.
    const list = nodeById(await h.observe(), 'list').bounds_px;
    const x = Math.round((list[0] + list[2]) / 2);
    await expect
      .poll(
        async () => {
          await shell(`input swipe ${x} ${list[1] + 40} ${x} ${list[3] - 40} 200`);
          return (await lab()).controls[`${ID}list`]!.scroll_y;
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(0);
    for (const n of [1, 2]) {
      const view = await replayOnce(n);
      await h.page.getByTestId('tab-replay').click();
      await shot(`0${3 + n}-replay-${n}`);
      const failed = view.cells.filter((c) => c.state !== 'succeeded');
      expect(failed, JSON.stringify(failed).slice(0, 2000)).toEqual([]);
      expect(view.cells.length).toBe(view.steps.length);
      const scroll = view.cells[view.steps.findIndex((st) => st.tool === 'scroll_to')]!;
      expect(scroll.receipt_status).toBe(n === 1 ? 'completed' : 'observed');
      const state = await lab();
      expect(state.controls[`${ID}edit_text`]).toMatchObject({ text: 'hi there' });
      expect((state.controls[`${ID}edit_text`]!.submitted as string[]).at(-1)).toBe('hi there');
      expect(state.controls[`${ID}list`]!.selected_row).toBe(selectedRow);
      expect(state.system.shade).toBe('none');
    }
  }, 420_000);
});
