// An agent's runs in the debugger, end to end: an MCP client (the SDK's own, over the console's Streamable HTTP
// server) drives the virtual device. Its session observe → tap → type → expect is the newest run, which the
// debugger opens at its last step; the run list names the agent; "Save run as flow" makes a flow of it (the tap
// and the typing on named nodes become selectors, the observation is left out), which replays green twice.
// A second session observe → read_control → tap → wait_until (fails) → expect_*: the debugger and the HTML
// report show what each read saw (its screen and value) and the failed wait's actual against expected.
// Screenshots in test-results/e2e/agent-runs-*.png.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Receipt } from '../../shared/receipts';
import { ARTIFACTS, centre, nodeById, startConsoleHarness, type ConsoleHarness } from './console-harness';

const LAB = 'com.tactile.lab:id/';
const AGENT = 'e2e-agent';

type Structured = { ok: boolean; code: string; metadata: { receipt?: Receipt; run?: string } };

describe('agent runs in the debugger (E2E, Chromium + MCP over HTTP + virtual device)', () => {
  let h: ConsoleHarness;
  let mcp: { url: string; token: string };
  const clients: Client[] = [];
  const shot = (name: string) => h.page.screenshot({ path: join(ARTIFACTS, `agent-runs-${name}.png`) });
  const view = () => h.page.getByTestId('debugger');

  async function session(): Promise<(name: string, args: Record<string, unknown>) => Promise<Structured>> {
    const client = new Client({ name: AGENT, version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(mcp.url), {
        requestInit: { headers: { authorization: `Bearer ${mcp.token}` } },
      }),
    );
    clients.push(client);
    return async (name, args) => (await client.callTool({ name, arguments: args })).structuredContent as Structured;
  }

  const norm = async (id: string): Promise<[number, number]> => {
    const o = await h.observe();
    const c = centre(nodeById(o, id).bounds_px);
    return [Math.round((c.x * 1000) / o.screen.width), Math.round((c.y * 1000) / o.screen.height)];
  };

  async function openDebugger(): Promise<void> {
    await h.page.getByTestId('mode-debugger').click();
    await view().waitFor();
  }

  /** Chooses a run in the run list (filtered by its id) and waits until the debugger shows it at its last step. */
  async function chooseRun(runId: string, steps: number): Promise<void> {
    await view().getByTestId('debugger-run-list-toggle').click();
    await view().getByTestId('debugger-run-filter').fill(runId);
    await view().locator(`[data-testid=debugger-run-row][data-run-id="${runId}"]`).click();
    await expect
      .poll(() => view().getByTestId('debugger-timeline').getAttribute('data-count'), { timeout: 20_000 })
      .toBe(String(steps));
    await expect.poll(() => view().getByTestId('debugger-timeline').getAttribute('data-index')).toBe(String(steps - 1));
  }

  /** Scrubs to step `n` (1-based) and waits for its details and its picture. */
  async function step(n: number, tool: string): Promise<void> {
    await h.page.keyboard.press('Home');
    for (let i = 1; i < n; i++) await h.page.keyboard.press('ArrowRight');
    await expect.poll(() => view().getByTestId('debugger-timeline').getAttribute('data-index')).toBe(String(n - 1));
    await expect
      .poll(() => view().getByTestId('debugger-details').getAttribute('data-tool'), { timeout: 10_000 })
      .toBe(tool);
  }

  const painted = (side: 'before' | 'after') =>
    expect
      .poll(() => view().getByTestId(`debugger-picture-${side}`).getAttribute('data-painted'), { timeout: 30_000 })
      .toBe('true');
  const readText = () => view().getByTestId('debugger-read').innerText();

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    h = await startConsoleHarness({ viewport: { width: 1280, height: 820 } });
    await h.page.goto(h.bridge.url);
    await h.page.locator(`[data-testid=device-row][data-serial="${h.serial}"]`).click();
    const started = await h.services.dispatch('agents.start', {
      kind: 'mcp',
      serial: h.serial,
      port: 0,
      dialect: 'canonical',
      policy: 'session',
    });
    if (!started.ok) throw new Error(started.error.message);
    mcp = started.result as { url: string; token: string };
    // The owner trusts this agent for the session: its calls run without asking one by one.
    const policy = await h.services.dispatch('approvals.set-policy', { agent: AGENT, policy: 'session' });
    if (!policy.ok) throw new Error(policy.error.message);
  }, 180_000);

  afterAll(async () => {
    for (const c of clients) await c.close().catch(() => undefined);
    await h?.stop();
  });

  afterEach(() => {
    expect(h.contractViolations).toEqual([]);
  });

  it("saves an agent's observe → tap → type → expect as a flow from the debugger, and the flow replays green twice", async () => {
    const call = await session();
    const field = await norm('edit_text');
    expect((await call('observe_screen', {})).ok).toBe(true);
    expect((await call('click', { target: field })).ok).toBe(true);
    expect((await call('input_text', { text: 'hello tactile', target: field, clear_exist: true })).ok).toBe(true);
    const checked = await call('expect_state', {
      selector: { resource_id: `${LAB}edit_text` },
      property: 'text_value',
      expected: 'hello tactile',
    });
    expect(checked.ok).toBe(true);
    const runId = checked.metadata.receipt!.run_id!;
    expect(runId).toMatch(/^mcp-/);

    // The debugger opens the newest run — this session — at its last step.
    await openDebugger();
    await expect.poll(() => view().getByTestId('debugger-runs').inputValue(), { timeout: 20_000 }).toBe(runId);
    await expect.poll(() => view().getByTestId('debugger-position').textContent(), { timeout: 20_000 }).toBe('4 / 4');
    await expect.poll(() => view().getByTestId('debugger-details').getAttribute('data-tool')).toBe('expect_state');
    await expect.poll(readText).toContain('matched');
    // The run list: newest first, named by the agent, with its device, steps and outcome.
    await view().getByTestId('debugger-run-list-toggle').click();
    const first = view().getByTestId('debugger-run-row').first();
    expect(await first.getAttribute('data-run-id')).toBe(runId);
    expect(await first.innerText()).toMatch(
      new RegExp(`mcp agent ${AGENT}[\\s\\S]*${h.serial.replace(/[.]/g, '\\.')}[\\s\\S]*4[\\s\\S]*completed`),
    );
    await view().getByTestId('debugger-run-filter').fill('console');
    await expect.poll(() => view().locator(`[data-testid=debugger-run-row][data-run-id="${runId}"]`).count()).toBe(0);
    await view().getByTestId('debugger-run-filter').fill(AGENT);
    await expect.poll(() => view().locator(`[data-testid=debugger-run-row][data-run-id="${runId}"]`).count()).toBe(1);
    await shot('01-run-list');
    await view().getByTestId('debugger-run-list-toggle').click();

    // The tap's before screen is the one the agent's observation saw: its plan drawn on it.
    await step(2, 'click');
    await view().getByTestId('debugger-screen-before').click();
    await painted('before');
    await shot('02-tap-on-what-the-agent-saw');
    await view().getByTestId('debugger-screen-after').click();

    // Save run as flow: the tap and the typing become selectors, the observation is left out.
    await view().getByTestId('debugger-save-flow').click();
    const saved = view().getByTestId('debugger-flow-saved');
    await saved.waitFor({ timeout: 30_000 });
    expect(await saved.getAttribute('data-steps')).toBe('3');
    expect(await saved.getAttribute('data-left-out')).toBe('1');
    expect(await view().getByTestId('debugger-flow-left-out').textContent()).toContain('1 observe_screen');
    await shot('03-saved-as-flow');

    // The field is emptied, so a green replay is the flow's own doing; then the flow opens in the editor.
    const cleared = await h.services.dispatch('device.execute', {
      serial: h.serial,
      envelope: {
        tool: 'control_action',
        args: { selector: { resource_id: `${LAB}edit_text` }, action: 'set_text', text: '' },
      },
    });
    expect(cleared.ok).toBe(true);
    await view().getByTestId('debugger-flow-open').click();
    await h.page.getByTestId('pane-document').waitFor();
    await expect.poll(() => h.page.locator('[data-testid=step-3]').count(), { timeout: 10_000 }).toBe(1);
    expect(await h.page.locator('[data-testid=step-4]').count()).toBe(0);
    for (let round = 1; round <= 2; round++) {
      await h.page.getByTestId('replay').click();
      await expect.poll(() => h.page.getByTestId('replay-state').textContent(), { timeout: 120_000 }).toBe('finished');
      await h.page.getByTestId('tab-replay').click();
      const cells = await h.page
        .getByTestId('replay-cell')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-state')));
      expect(cells).toEqual(['succeeded', 'succeeded', 'succeeded']);
      await shot(`04-replayed-${round}`);
    }
    const o = await h.observe();
    expect(nodeById(o, 'edit_text').text).toBe('hello tactile');

    // A failed check says what it expected and what it read — in the matrix cell, the document step, the failure
    // line and the receipts panel: the field now holds the text twice, and the flow's check runs alone.
    const doubled = await h.services.dispatch('device.execute', {
      serial: h.serial,
      envelope: {
        tool: 'control_action',
        args: { selector: { resource_id: `${LAB}edit_text` }, action: 'set_text', text: 'hello tactilehello tactile' },
      },
    });
    expect(doubled.ok).toBe(true);
    await h.page.getByTestId('tab-document').click();
    await h.page.getByTestId('step-3').click();
    await h.page.getByTestId('replay-from').click();
    await expect.poll(() => h.page.getByTestId('replay-state').textContent(), { timeout: 120_000 }).toBe('finished');
    await expect
      .poll(() => h.page.getByTestId('step-3-check').textContent())
      .toBe(
        'expected text_value of resource_id=com.tactile.lab:id/edit_text: is "hello tactile" · actual "hello tactilehello tactile"',
      );
    expect(await h.page.getByTestId('replay-failure').textContent()).toContain('actual "hello tactilehello tactile"');
    await expect
      .poll(() => h.page.getByTestId('receipt-check').first().textContent())
      .toContain('actual "hello tactilehello tactile"');
    await shot('05-failed-check-in-the-console');
    await h.page.getByTestId('tab-replay').click();
    const cell = h.page.locator('[data-testid=replay-cell][data-state=failed]');
    expect(await cell.getAttribute('data-actual')).toBe('"hello tactilehello tactile"');
    expect(await cell.getByTestId('replay-cell-check').textContent()).toContain('actual "hello tactilehello tactile"');
    await shot('06-failed-check-in-the-matrix');
  }, 300_000);

  it("shows what each read of a session saw, and a failed wait's actual against expected, in the debugger and the report", async () => {
    const set = await h.services.dispatch('device.execute', {
      serial: h.serial,
      envelope: {
        tool: 'control_action',
        args: { selector: { resource_id: `${LAB}edit_text` }, action: 'set_text', text: 'hello tactile' },
      },
    });
    expect(set.ok).toBe(true);
    const call = await session();
    const checkbox = await norm('checkbox');
    expect((await call('observe_screen', {})).ok).toBe(true);
    const read = await call('read_control', { selector: { resource_id: `${LAB}seekbar` } });
    expect(read.ok).toBe(true);
    expect((await call('click', { target: checkbox })).ok).toBe(true);
    const waited = await call('wait_until', {
      selector: { resource_id: `${LAB}edit_text` },
      state: 'text',
      expected_text: 'goodbye',
      timeout_ms: 1500,
      stable_ms: 0,
    });
    expect(waited.ok).toBe(false);
    expect(waited.metadata.receipt!.check).toMatchObject({
      expected: 'text is "goodbye"',
      actual: 'text "hello tactile"',
      matched: false,
    });
    const visible = await call('expect_element_visible', { selector: { resource_id: `${LAB}checkbox` } });
    expect(visible.ok).toBe(true);
    const runId = visible.metadata.receipt!.run_id!;

    await h.page.getByTestId('mode-debugger').click();
    await chooseRun(runId, 5);
    // 5: expect_element_visible — what it saw (the screen of that moment) and its verdict.
    await expect
      .poll(() => view().getByTestId('debugger-details').getAttribute('data-tool'), { timeout: 10_000 })
      .toBe('expect_element_visible');
    await expect.poll(readText).toContain('is visible');
    await painted('after');
    expect(await view().getByTestId('debugger-picture-after').textContent()).toContain('seen by the read');
    await shot('07-expect-seen');
    // 4: the failed wait — expected against actual, each poll in the timeline, and what it saw.
    await step(4, 'wait_until');
    await expect.poll(() => view().getByTestId('debugger-read').getAttribute('data-matched')).toBe('false');
    const failed = await readText();
    expect(failed).toContain('text is "goodbye"');
    expect(failed).toContain('text "hello tactile"');
    expect(failed).toMatch(/not matched after \d+ polls/);
    expect(await view().getByTestId('debugger-facts').innerText()).toMatch(/Actual\s+text "hello tactile"/);
    await painted('after');
    await shot('08-wait-failed-actual-vs-expected');
    // 2: read_control — the value read, and the screen.
    await step(2, 'read_control');
    await expect.poll(readText).toMatch(/SeekBar #seekbar at \[[\d,]+\]: value \d+/);
    await painted('after');
    await shot('09-read-control');
    // 1: observe_screen — the tree it saw, and the screen.
    await step(1, 'observe_screen');
    await expect.poll(readText).toMatch(/\d+ nodes on a 1080×2400 screen/);
    await painted('after');

    // The report says the same: each read's screen and value, the wait's expected and actual, the tap's plan.
    await view().getByTestId('debugger-export-report').click();
    const link = view().getByTestId('debugger-report-link');
    await link.waitFor({ timeout: 30_000 });
    const report = await h.browser.newPage({ viewport: { width: 1280, height: 820 } });
    try {
      await report.goto(`file://${(await link.getAttribute('data-path'))!}`);
      await report.waitForSelector('body[data-ready="true"]');
      const details = report.getByTestId('report-details');
      await expect.poll(() => details.getAttribute('data-step')).toBe('5');
      const show = async (n: number) => {
        await report.getByTestId(`report-step-${n}`).click();
        await expect.poll(() => details.getAttribute('data-step')).toBe(String(n));
      };
      await show(4);
      const wait = await report.getByTestId('report-read').innerText();
      expect(wait).toContain('text is "goodbye"');
      expect(wait).toContain('text "hello tactile"');
      expect(await report.locator('[data-testid=report-screen-after] img').count()).toBe(1);
      await report.screenshot({ path: join(ARTIFACTS, 'agent-runs-10-report-wait.png') });
      await show(2);
      expect(await report.getByTestId('report-read').innerText()).toMatch(/SeekBar #seekbar at \[[\d,]+\]: value \d+/);
      await show(3);
      expect(await report.getByTestId('report-facts').innerText()).toContain('Arguments');
      await expect.poll(() => report.getByTestId('report-plan').getAttribute('data-paths')).toBe('1');
      await report.screenshot({ path: join(ARTIFACTS, 'agent-runs-11-report-tap-plan.png') });
    } finally {
      await report.close();
    }
  }, 300_000);
});
