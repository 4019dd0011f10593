// Approval in the console, end to end: the owner starts the MCP server from the console's Agents panel, an
// agent (the SDK's own client) calls two tools under `ask`, both requests appear in the approvals panel in
// Chromium with the tool, the arguments in words, the plan and the agent's stated reason (the panel, one line while
// nothing waits, opens and the title bar flashes); the owner approves one
// and rejects the other with a reason; the agent gets both answers. The focused request's plan is on the stage. Screenshots in test-results/e2e/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, startConsoleHarness, type ConsoleHarness } from './console-harness';

describe('approvals panel (E2E, Chromium + MCP over HTTP + virtual device)', () => {
  let h: ConsoleHarness;
  let client: Client;
  let mcp: { url: string; token: string };
  const shot = (name: string) => h.page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    h = await startConsoleHarness();
    await h.page.goto(h.bridge.url);
    // The owner selects the device and starts its MCP server in the Agents part of the panel; the token shows once.
    await h.page.locator(`[data-testid=device-row][data-serial="${h.serial}"]`).click();
    await h.page.getByTestId('agent-start').click();
    const token = (await h.page.getByTestId('agent-token').textContent({ timeout: 20_000 }))!.match(
      /tactile_mcp_[A-Za-z0-9_-]+/,
    )![0];
    const url = (await h.page.locator('[data-testid=agent-server][data-kind=mcp]').textContent())!.match(
      /http:\/\/127\.0\.0\.1:\d+\/mcp/,
    )![0];
    mcp = { url, token };
    client = new Client({ name: 'e2e-agent', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
  }, 120_000);

  afterAll(async () => {
    await client?.close();
    await h?.stop();
  });

  afterEach(() => {
    expect(h.contractViolations).toEqual([]);
  });

  it('shows each request with its words and reason; approve runs it, reject answers the agent', async () => {
    const panel = h.page.getByTestId('approvals');
    await panel.waitFor({ timeout: 20_000 });
    // Nothing waiting: the panel is one line (its agent row); the token shown once keeps it open, so hide it first.
    await h.page.getByTestId('agent-token').getByRole('button', { name: 'Hide' }).click();
    await expect.poll(() => panel.getAttribute('data-open')).toBe('false');
    expect((await panel.boundingBox())!.height).toBeLessThanOrEqual(34);
    const drag = client.callTool({
      name: 'drag',
      arguments: { start: [500, 900], end: [520, 900], target_description: 'nudge the free area', duration_ms: 200 },
    });
    // A request opens the panel and flashes the title bar.
    await expect
      .poll(() => h.page.getByTestId('titlebar').getAttribute('data-flash'), { timeout: 20_000, interval: 50 })
      .toBe('approval');
    expect(await panel.getAttribute('data-open')).toBe('true');
    const card = panel.locator('[data-testid=approval-request][data-tool=drag]');
    await card.waitFor({ timeout: 20_000 });
    await expect.poll(() => card.getByTestId('approval-summary').textContent()).toContain('start=[500,900]');
    await expect.poll(() => card.getByTestId('approval-reason').textContent()).toContain('nudge the free area');
    await expect.poll(() => card.getAttribute('data-agent')).toBe('e2e-agent');
    // The plan prepareCall makes on the selected device: the exact path in device pixels.
    await expect
      .poll(() => card.getByTestId('approval-plan').textContent(), { timeout: 20_000 })
      .toContain('(540,2159)→(561,2159)');
    // The same plan is drawn on the live stage (the focused request: the only one), with its target and verdict.
    const legend = h.page.getByTestId('stage-surface').getByTestId('stage-plan');
    await expect.poll(() => legend.getAttribute('data-paths'), { timeout: 20_000 }).toBe('1');
    await expect.poll(() => legend.textContent()).toContain('e2e-agent: drag — 1 pointer path');
    await expect
      .poll(() => legend.getAttribute('data-verdict'), { timeout: 20_000 })
      .toMatch(/^(VISIBLE|PARTLY_OCCLUDED|OCCLUDED) · press /);
    expect(await card.getAttribute('data-focused')).toBe('true');
    await shot('approvals-01-pending');
    await h.page.getByTestId('stage-surface').screenshot({ path: join(ARTIFACTS, 'approvals-01-stage-plan.png') });
    await card.getByTestId('approve').click();
    const approved = (await drag).structuredContent as {
      ok: boolean;
      code: string;
      metadata: { receipt: { status: string; owner: { client: string } } };
    };
    expect(approved).toMatchObject({
      ok: true,
      code: 'OK',
      metadata: { receipt: { status: 'completed', owner: { client: 'agent:e2e-agent' } } },
    });

    const home = client.callTool({ name: 'press_key', arguments: { key: 'home' } });
    const second = panel.locator('[data-testid=approval-request][data-tool=press_key]');
    await second.waitFor({ timeout: 20_000 });
    await expect.poll(() => panel.locator('[data-testid=approval-request]').count()).toBe(1);
    await second.getByTestId('reject-reason').fill('stay in the lab app');
    await shot('approvals-02-rejecting');
    await second.getByTestId('reject').click();
    const rejected = await home;
    expect(rejected.isError).toBe(true);
    expect(rejected.structuredContent).toMatchObject({ ok: false, code: 'UNSUPPORTED', detail: 'APPROVAL_REJECTED' });
    expect((rejected.structuredContent as { message: string }).message).toContain('stay in the lab app');
    await expect.poll(() => panel.locator('[data-testid=approval-request]').count()).toBe(0);
    // No request left: no plan on the stage.
    await expect.poll(() => h.page.getByTestId('stage-plan').count()).toBe(0);
    await shot('approvals-03-done');
  });

  it('a request whose agent disconnects leaves the queue and is shown as withdrawn', async () => {
    const panel = h.page.getByTestId('approvals');
    const leaver = new Client({ name: 'leaving-agent', version: '1.0.0' });
    await leaver.connect(
      new StreamableHTTPClientTransport(new URL(mcp.url), {
        requestInit: { headers: { authorization: `Bearer ${mcp.token}` } },
      }),
    );
    void leaver.callTool({ name: 'press_key', arguments: { key: 'back' } }).catch(() => undefined);
    const card = panel.locator('[data-testid=approval-request][data-agent=leaving-agent]');
    await card.waitFor({ timeout: 20_000 });
    await shot('approvals-04-before-disconnect');
    // The agent process goes away: its connection drops, no cancel, no DELETE.
    await leaver.close();
    await expect.poll(() => card.count(), { timeout: 20_000 }).toBe(0);
    const withdrawn = panel.locator('[data-testid=approval-withdrawn][data-agent=leaving-agent]');
    await withdrawn.waitFor({ timeout: 20_000 });
    expect(await withdrawn.getAttribute('data-tool')).toBe('press_key');
    expect(await withdrawn.textContent()).toContain('withdrawn');
    await expect
      .poll(() => withdrawn.getByTestId('withdrawn-reason').textContent())
      .toContain('the agent disconnected');
    // Nothing left to approve: no button on it.
    expect(await withdrawn.getByTestId('approve').count()).toBe(0);
    await shot('approvals-05-withdrawn');
  });
});
