// Recording and replay end to end in Chromium (bridge + virtual devices): record on the lab — tap Play, set
// the SeekBar with a drag, type and submit text, toggle the checkbox, a gesture from the Gesture tool — add a
// check on the submitted text and a verified check (wait_until + seed 004 expect_state) on the checkbox, save,
// reload the page (the autosaved document comes back), open the flow from the library, replay it on a fresh virtual device and on two devices at
// once (all steps green), change a lab's screen size (wm size) and see the coordinate step refused with
// GEOMETRY_CHANGED; `tactile flow run` runs the same saved file. Screenshots: test-results/e2e/recorder-*.png.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startVirtualDevice, type VirtualDevice } from '../../virtual-device/virtual-device';
import { buildCliBundle } from '../support/cli-bundle';
import { ARTIFACTS, centre, nodeById, stagePointOf, startConsoleHarness, type ConsoleHarness } from './console-harness';

const shot = (h: ConsoleHarness, name: string) => h.page.screenshot({ path: join(ARTIFACTS, `recorder-${name}.png`) });

describe('recording and replay (E2E, Chromium + bridge + virtual devices)', () => {
  let h: ConsoleHarness;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    h = await startConsoleHarness({ viewport: { width: 1024, height: 700 } });
  }, 180_000);

  /** (Re)loads the console and waits for the device, its mirror and its node tree. */
  async function open(serial = h.serial) {
    await h.page.goto(h.bridge.url);
    await select(serial);
  }

  /** Selects a device in the list (no reload: the document stays) and waits for its picture and tree. */
  async function select(serial: string) {
    const row = h.page.locator(`[data-testid=device-row][data-serial="${serial}"]`);
    await row.waitFor({ timeout: 20_000 });
    // A device adb just connected may still be listed offline: click until it is online and selected.
    await expect
      .poll(
        async () => {
          const cls = (await row.getAttribute('class')) ?? '';
          if (!cls.includes('selected') && !cls.includes('offline')) await row.click();
          return row.getAttribute('class');
        },
        { timeout: 30_000 },
      )
      .toContain('selected');
    await expect
      .poll(() => h.page.getByTestId('mirror-status').textContent(), { timeout: 20_000 })
      .toMatch(/mirror: (stream|screenshots) \d+×\d+ · /);
    await expect.poll(() => h.page.getByTestId('tree-row').count(), { timeout: 20_000 }).toBeGreaterThan(10);
  }

  const extra: Array<{ vd: VirtualDevice; serial: string }> = [];

  afterAll(async () => {
    await h?.stop();
    for (const d of extra) await d.vd.stop().catch(() => undefined);
  });

  async function freshDevice(): Promise<string> {
    const vd = await startVirtualDevice();
    const serial = `127.0.0.1:${vd.port}`;
    extra.push({ vd, serial });
    await h.adb.connect(serial);
    await h.page.locator(`[data-testid=device-row][data-serial="${serial}"]`).waitFor({ timeout: 30_000 });
    return serial;
  }

  const shell = async (serial: string, cmd: string[]) => {
    const r = await h.adb.adb(['-s', serial, 'shell', ...cmd]);
    return r.stdout;
  };
  const labState = async (serial: string) =>
    JSON.parse(await shell(serial, ['dumpsys', 'tactile_lab'])) as {
      controls: Record<string, Record<string, unknown>>;
    };
  const LAB = 'com.tactile.lab:id/';

  /** Waits for the replay in view to finish; returns its cells' states per device. */
  async function replayed(): Promise<Array<{ serial: string; state: string; step: number; code: string }>> {
    await expect.poll(() => h.page.getByTestId('replay-state').textContent(), { timeout: 120_000 }).toBe('finished');
    await h.page.getByTestId('tab-replay').click();
    const cells = await h.page.getByTestId('replay-cell').evaluateAll((els) =>
      els.map((e) => ({
        serial: e.getAttribute('data-serial')!,
        state: e.getAttribute('data-state')!,
        step: Number(e.getAttribute('data-step')),
        code: e.textContent ?? '',
      })),
    );
    return cells;
  }

  afterEach(() => {
    expect(h.contractViolations).toEqual([]);
  });

  const steps = () => h.page.locator('[data-testid=steps-panel] [data-step-id]');
  const receipts = (tool: string) => h.page.locator(`[data-testid=receipt-row][data-tool=${tool}]`);

  async function tapNode(id: string) {
    const observation = await h.observe();
    const at = await stagePointOf(h.page, observation.screen, centre(nodeById(observation, id).bounds_px));
    const before = await receipts('click').count();
    await h.page.mouse.click(at.x, at.y);
    await expect.poll(() => receipts('click').count(), { timeout: 30_000 }).toBe(before + 1);
  }

  it('records tap Play, a SeekBar drag, typed and submitted text, the checkbox and a gesture as semantic steps and waits', async () => {
    await open();
    await h.page.getByTestId('tool-control').click();
    await h.page.locator('body').click({ position: { x: 2, y: 2 } });
    await h.page.keyboard.press('r');
    await expect.poll(() => h.page.getByTestId('record').getAttribute('aria-pressed')).toBe('true');

    await tapNode('play_pause');
    await expect
      .poll(async () => nodeById(await h.observe(), 'play_pause').content_desc, { timeout: 10_000 })
      .toBe('Pause');
    // The drag is a live finger: it goes down without observing first, so the operator acts on what the
    // console shows — wait, as an operator would, until its tree shows the tap's effect.
    await expect
      .poll(() => h.page.locator('[data-testid=tree-row]', { hasText: '#play_pause' }).first().textContent(), {
        timeout: 10_000,
      })
      .toContain('Pause');

    const before = await h.observe();
    const bar = nodeById(before, 'seekbar');
    const value = Number(nodeById(before, 'seekbar_value').text);
    const [l, t, r, b] = bar.bounds_px;
    const y = Math.floor((t + b) / 2);
    const from = await stagePointOf(h.page, before.screen, { x: Math.round(l + ((r - l) * value) / 100), y });
    const to = await stagePointOf(h.page, before.screen, { x: Math.round(l + (r - l) * 0.8), y });
    await h.page.mouse.move(from.x, from.y);
    await h.page.mouse.down();
    await h.page.mouse.move(to.x, to.y, { steps: 12 });
    await h.page.mouse.up();
    await expect.poll(() => receipts('touch_gesture').count(), { timeout: 30_000 }).toBe(1);
    await expect
      .poll(async () => Number(nodeById(await h.observe(), 'seekbar_value').text), { timeout: 10_000 })
      .toBeGreaterThan(value + 20);

    await tapNode('edit_text');
    await expect
      .poll(async () => nodeById(await h.observe(), 'edit_text').flags.focused, { timeout: 10_000 })
      .toBe(true);
    await h.page.getByLabel('Text to type').fill('hello');
    await h.page.getByRole('button', { name: 'Type' }).click();
    await expect.poll(() => receipts('input_text').count(), { timeout: 30_000 }).toBe(1);
    await h.page.getByTestId('key-enter').click();
    await expect.poll(() => receipts('press_key').count(), { timeout: 30_000 }).toBe(1);
    await expect
      .poll(async () => nodeById(await h.observe(), 'submitted_text').text, { timeout: 10_000 })
      .toBe('Submitted: hello');

    await tapNode('checkbox');
    await expect
      .poll(async () => nodeById(await h.observe(), 'checkbox').flags.checked, { timeout: 10_000 })
      .toBe(true);

    // A gesture from the Gesture tool (a short press on the volume's value text, which reacts to nothing) is
    // recorded as the touch_gesture that was sent.
    const o = await h.observe();
    const v = centre(nodeById(o, 'seekbar_value').bounds_px);
    const point = [Math.round((v.x * 1000) / o.screen.width), Math.round((v.y * 1000) / o.screen.height)];
    await h.page.getByTestId('tool-gesture').click();
    await h.page.getByTestId('gesture-json').fill(
      JSON.stringify({
        tool: 'touch_gesture',
        args: {
          frames: [
            { at_ms: 0, points: [point] },
            { at_ms: 120, points: [point] },
          ],
          coordinate_space: 'normalized',
          target_description: 'volume value',
        },
      }),
    );
    await h.page.getByTestId('gesture-import').click();
    await expect.poll(() => h.page.getByTestId('gesture-send').isEnabled()).toBe(true);
    await h.page.getByTestId('gesture-send').click();
    await expect.poll(() => receipts('touch_gesture').count(), { timeout: 30_000 }).toBe(2);
    expect(await receipts('touch_gesture').first().getAttribute('data-status')).toBe('completed');
    await h.page.getByTestId('tool-control').click();
    await h.page.locator('body').click({ position: { x: 2, y: 2 } });
    await h.page.keyboard.press('r');
    await expect.poll(() => h.page.getByTestId('record').getAttribute('aria-pressed')).toBe('false');

    const tools = await steps().evaluateAll((els) => els.map((e) => e.getAttribute('data-tool')));
    const texts = await steps().allTextContents();
    console.log(texts.join('\n'));
    // Each action, with a wait on a condition before every one after the first.
    // Taps and the drag were live fingers: a tap's click is kept as a resource-id click, the drag as the path injected.
    expect(tools).toEqual([
      'action_sequence',
      'wait_until',
      'touch_gesture',
      'wait_until',
      'action_sequence',
      expect.stringMatching(/^wait_/),
      'input_text',
      'wait_until',
      'press_key',
      'wait_until',
      'action_sequence',
      expect.stringMatching(/^wait_/),
      'touch_gesture',
    ]);
    expect(await steps().evaluateAll((els) => els.every((e) => e.getAttribute('data-valid') === 'true'))).toBe(true);
    await shot(h, '01-recorded');
  }, 180_000);

  it('adds a check on the submitted text, and a verified one (wait + expect_state) on the checkbox, from the inspector', async () => {
    await h.page.getByTestId('tool-inspect').click();
    const observation = await h.observe();
    const at = await stagePointOf(
      h.page,
      observation.screen,
      centre(nodeById(observation, 'submitted_text').bounds_px),
    );
    await h.page.mouse.click(at.x, at.y);
    await expect.poll(() => h.page.getByTestId('attr-text').textContent()).toContain('Submitted: hello');
    const count = await steps().count();
    await h.page.getByTestId('add-check-text').click();
    await expect.poll(() => steps().count()).toBe(count + 1);
    expect(await h.page.getByTestId(`step-${count + 1}`).getAttribute('data-tool')).toBe('wait_until');
    await shot(h, '02-check-added');
    // Verified: the checkbox's check is the wait and then seed 004's authoritative expect_state.
    const box = await stagePointOf(h.page, observation.screen, centre(nodeById(observation, 'checkbox').bounds_px));
    await h.page.mouse.click(box.x, box.y);
    await expect.poll(() => h.page.getByTestId('attr-resource_id').textContent()).toContain('checkbox');
    await h.page.getByTestId('add-check-expect').check();
    await h.page.getByTestId('add-check-checked').click();
    await expect.poll(() => steps().count()).toBe(count + 3);
    expect(await h.page.getByTestId(`step-${count + 2}`).getAttribute('data-tool')).toBe('wait_until');
    expect(await h.page.getByTestId(`step-${count + 3}`).getAttribute('data-tool')).toBe('expect_state');
    expect(await h.page.getByTestId(`step-${count + 3}`).getAttribute('data-valid')).toBe('true');
    await shot(h, '02b-expect-added');
    // The replays below run the walk without the gesture and the verified check (their recording is what is
    // tested here; test/integration/flow-expect.test.ts replays expect_* steps through tactile flow run).
    for (const n of [count + 3, count + 2, count, count - 1]) {
      const left = await steps().count();
      await h.page.getByTestId(`step-${n}`).click();
      await h.page.getByTestId('step-delete').click();
      await expect.poll(() => steps().count()).toBe(left - 1);
    }
    // Only the recorded SeekBar drag is a touch_gesture now (the Gesture tool's one was deleted).
    expect(
      (await steps().evaluateAll((els) => els.map((e) => e.getAttribute('data-tool')))).filter(
        (t) => t === 'touch_gesture',
      ),
    ).toHaveLength(1);
    expect(await h.page.getByTestId(`step-${count - 1}`).getAttribute('data-tool')).toBe('wait_until');
  }, 60_000);

  let flowFile = '';

  it('saves the flow, reloads the page and opens it from the library', async () => {
    const count = await steps().count();
    await h.page.getByTestId('tab-library').click();
    await h.page.getByTestId('flow-name').fill('Lab walk');
    await h.page.getByTestId('flow-save').click();
    await expect
      .poll(() => h.page.getByTestId('flows-message').textContent(), { timeout: 20_000 })
      .toContain('saved Lab walk');
    const row = h.page.locator('[data-testid=flow-row]', { hasText: 'Lab walk' });
    await row.waitFor({ timeout: 10_000 });
    const id = (await row.getAttribute('data-flow-id'))!;
    const listed = await h.services.dispatch('flows.list', {});
    flowFile = listed.ok
      ? (listed.result as { flows: Array<{ id: string; file: string }> }).flows.find((f) => f.id === id)!.file
      : '';
    expect(flowFile).toMatch(/\.json$/);
    await shot(h, '03-library-saved');

    // The document is autosaved: the reload finds it as it was (the saved flow, nothing unsaved to ask about).
    await expect
      .poll(() => h.page.getByTestId('document-saved').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('saved');
    await open();
    await h.page.getByTestId('tab-document').click();
    await expect.poll(() => steps().count(), { timeout: 10_000 }).toBe(count);
    await h.page.getByTestId('tab-library').click();
    await h.page.getByTestId('flows-search').fill('lab walk');
    await h.page.locator(`[data-testid=flow-row][data-flow-id="${id}"] [data-testid=flow-open]`).click();
    await h.page.getByTestId('tab-document').click();
    await expect.poll(() => steps().count()).toBe(count);
    expect(await h.page.getByTestId('flow-unsaved').count()).toBe(0);
    expect(await steps().evaluateAll((els) => els.every((e) => e.getAttribute('data-valid') === 'true'))).toBe(true);
    await shot(h, '04-opened');
  }, 90_000);

  let fresh = '';

  it('replays it on a fresh virtual device: every step green, the lab in the recorded state', async () => {
    fresh = await freshDevice();
    await select(fresh);
    await h.page.getByTestId('tab-document').click();
    await h.page.getByTestId('replay').click();
    const cells = await replayed();
    await shot(h, '05-replayed-fresh');
    expect(cells.length).toBe(await h.page.locator('[data-testid=replay-matrix] tbody tr').count());
    expect(cells.filter((c) => c.state !== 'succeeded')).toEqual([]);
    const lab = await labState(fresh);
    expect(lab.controls[`${LAB}checkbox`]).toMatchObject({ checked: true });
    expect(lab.controls[`${LAB}edit_text`]).toMatchObject({ submitted: ['hello'] });
    expect(lab.controls[`${LAB}play_pause`]).toMatchObject({ playing: true });
    expect(Number(lab.controls[`${LAB}seekbar`]!.progress)).toBeGreaterThan(60);
  }, 180_000);

  it('replays it on two devices at once: a step × device matrix, all green', async () => {
    // The fresh device back to a just-launched lab; a second fresh device beside it.
    await shell(fresh, ['pm', 'clear', 'com.tactile.lab']);
    await shell(fresh, ['monkey', '-p', 'com.tactile.lab', '1']);
    const second = await freshDevice();
    for (const serial of [fresh, second])
      await h.page.locator(`[data-testid=device-group][data-serial="${serial}"]`).check();
    await expect.poll(() => h.page.getByTestId('group-count').textContent()).toContain('2 devices');
    await h.page.getByTestId('tab-document').click();
    await h.page.getByTestId('replay').click();
    const cells = await replayed();
    await shot(h, '06-replayed-two');
    expect(new Set(cells.map((c) => c.serial))).toEqual(new Set([fresh, second]));
    expect(cells.filter((c) => c.state !== 'succeeded')).toEqual([]);
    for (const serial of [fresh, second])
      expect((await labState(serial)).controls[`${LAB}checkbox`]).toMatchObject({ checked: true });
    for (const serial of [fresh, second])
      await h.page.locator(`[data-testid=device-group][data-serial="${serial}"]`).uncheck();
  }, 240_000);

  it('after wm size the coordinate step is refused with GEOMETRY_CHANGED, nothing sent for it', async () => {
    await shell(fresh, ['pm', 'clear', 'com.tactile.lab']);
    await shell(fresh, ['monkey', '-p', 'com.tactile.lab', '1']);
    await shell(fresh, ['wm', 'size', '720x1600']);
    try {
      await geometryRefused();
    } finally {
      await shell(fresh, ['wm', 'size', 'reset']);
    }
  }, 180_000);

  async function geometryRefused() {
    await select(h.serial);
    await select(fresh);
    await expect
      .poll(() => h.page.getByTestId('device-title').textContent(), { timeout: 20_000 })
      .toContain('720×1600');
    await h.page.getByTestId('tab-document').click();
    await h.page.getByTestId('replay').click();
    await expect.poll(() => h.page.getByTestId('replay-state').textContent(), { timeout: 120_000 }).toBe('finished');
    await h.page.getByTestId('replay-geometry').waitFor({ timeout: 10_000 });
    expect(await h.page.getByTestId('replay-geometry').textContent()).toContain('GEOMETRY_CHANGED');
    expect(await h.page.getByTestId('replay-failure').textContent()).toMatch(
      /Step 3 \(touch_gesture, \/steps\/2\) failed on .*GEOMETRY_CHANGED/,
    );
    await shot(h, '07-geometry-changed');
    const cells = await replayed();
    expect(cells.find((c) => c.step === 2)).toMatchObject({ state: 'refused' });
    expect(cells.filter((c) => c.step < 2).every((c) => c.state === 'succeeded')).toBe(true);
    // The drag was never sent: the SeekBar kept its launch value.
    expect(Number((await labState(fresh)).controls[`${LAB}seekbar`]!.progress)).toBeLessThan(60);
    await shot(h, '08-geometry-matrix');
    // The explicit choice: the drag goes out scaled through normalized coordinates (its cell says so).
    await shell(fresh, ['pm', 'clear', 'com.tactile.lab']);
    await shell(fresh, ['monkey', '-p', 'com.tactile.lab', '1']);
    await h.page.getByTestId('tab-document').click();
    await h.page.getByTestId('replay-scale').click();
    const scaled = await replayed();
    const drag = h.page.locator('[data-testid=replay-cell][data-step="2"]');
    expect(scaled.find((c) => c.step === 2)?.state).toBe('succeeded');
    expect(await drag.getAttribute('title')).toContain('scaled');
    await shot(h, '09-geometry-scaled');
  }

  it('the CLI runs the same saved file: tactile flow run exits 0 with every cell green', async () => {
    await shell(fresh, ['pm', 'clear', 'com.tactile.lab']);
    await shell(fresh, ['monkey', '-p', 'com.tactile.lab', '1']);
    const cli = await buildCliBundle();
    try {
      const run = await new Promise<{ code: number | null; out: string }>((resolve, reject) => {
        const child = spawn(process.execPath, [cli.file, 'flow', 'run', flowFile, '--serial', fresh, '--json'], {
          env: { ...h.adb.env, TACTILE_DATA_DIR: dirname(h.journalDir) },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        child.stdout.on('data', (c: Buffer) => (out += c.toString()));
        child.once('error', reject);
        child.once('close', (code) => resolve({ code, out }));
      });
      const failed = (() => {
        try {
          return JSON.stringify(
            (JSON.parse(run.out) as { replay: { cells: Array<{ state: string }> } }).replay.cells.filter(
              (c) => c.state !== 'succeeded',
            ),
          ).slice(0, 1500);
        } catch {
          return run.out.slice(0, 1500);
        }
      })();
      expect(run.code, failed).toBe(0);
      const view = (JSON.parse(run.out) as { replay: { cells: Array<{ state: string }> } }).replay;
      expect(view.cells.length).toBeGreaterThan(10);
      expect(view.cells.every((c) => c.state === 'succeeded')).toBe(true);
    } finally {
      await cli.remove();
    }
  }, 180_000);

  it('group control sends one tap to every ticked device, in normalized coordinates', async () => {
    const others = extra.map((d) => d.serial).filter((x) => x !== fresh);
    const targets = [h.serial, others[0]!];
    await select(h.serial);
    const before = await Promise.all(
      targets.map(async (serial) => (await labState(serial)).controls[`${LAB}checkbox`]!.checked),
    );
    for (const serial of targets) await h.page.locator(`[data-testid=device-group][data-serial="${serial}"]`).check();
    await h.page.getByTestId('group-control').click();
    await expect.poll(() => h.page.getByTestId('group-control').getAttribute('aria-pressed')).toBe('true');
    await h.page.getByTestId('tool-control').click();
    const observation = await h.observe();
    const at = await stagePointOf(h.page, observation.screen, centre(nodeById(observation, 'checkbox').bounds_px));
    await h.page.mouse.click(at.x, at.y);
    await expect
      .poll(() => h.page.getByTestId('control-status').textContent(), { timeout: 30_000 })
      .toContain('on 2 devices: 2 ok');
    const after = await Promise.all(
      targets.map(async (serial) => (await labState(serial)).controls[`${LAB}checkbox`]!.checked),
    );
    expect(after).toEqual(before.map((b) => !b));
    await shot(h, '10-group-control');
    await h.page.getByTestId('group-control').click();
  }, 90_000);
});
