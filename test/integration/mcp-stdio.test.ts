// `tactile mcp --serial S --approve session` spawned as an MCP client would (stdio), driven by the SDK's own
// client: the 23 seed tools with the seed's schemas, and click, read_control, a calibrated drag and a refused
// call answered with seed 000's ActionResult carrying the receipt. `dumpsys tactile_lab` proves what happened.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApprovalInbox, ApprovalQueue } from '../../agents/approvals';
import { SEED_000_TOOLS, actionResultSchema, observeResultSchema } from '../../agents/contracts';
import { startAgentRig, seedAjv, type AgentRig } from '../support/agent-rig';
import { labDump } from '../support/executor-rig';
import { VERIFY_TOOL_NAMES } from '../../shared/actions';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LAB = 'com.tactile.lab';
let rig: AgentRig | undefined;
let client: Client;
const ajv = seedAjv();
const validAction = ajv.compile(actionResultSchema());
const validObserve = ajv.compile(observeResultSchema());

type Result = { ok: boolean; code: string; detail: string | null; metadata: Record<string, unknown> } & Record<
  string,
  unknown
>;

async function call(name: string, args: Record<string, unknown>): Promise<Result> {
  const r = await client.callTool({ name, arguments: args });
  const result = r.structuredContent as Result;
  expect(JSON.parse((r.content as Array<{ text: string }>)[0]!.text)).toEqual(result);
  expect(r.isError).toBe(!result.ok);
  return result;
}

async function spawnClient(name: string, approve: string): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [
      '--import',
      'tsx',
      'cli/main.ts',
      'mcp',
      '--serial',
      rig!.serial,
      '--server',
      `127.0.0.1:${rig!.server.port}`,
      '--approve',
      approve,
    ],
    cwd: ROOT,
    env: { ...process.env, TACTILE_DATA_DIR: rig!.dir } as Record<string, string>,
    stderr: 'pipe',
  });
  const c = new Client({ name, version: '1.0.0' });
  await c.connect(transport);
  return c;
}

beforeAll(async () => {
  rig = await startAgentRig('tactile-mcp-stdio-');
  client = await spawnClient('stdio-test-agent', 'session');
}, 60_000);

afterAll(async () => {
  await client?.close();
  await rig?.stop();
});

describe('tactile mcp over stdio', () => {
  it('lists the 23 seed tools with the seed descriptions, input and output schemas, and annotations', async () => {
    const { tools: all } = await client.listTools();
    // Seed 000's 23 first, exactly; seed 004's follow (verify-mcp test).
    expect(all.map((t) => t.name)).toEqual([...Object.keys(SEED_000_TOOLS), ...VERIFY_TOOL_NAMES]);
    const tools = all.slice(0, 23);
    for (const t of tools) {
      const seed = SEED_000_TOOLS[t.name]!;
      expect(t.description).toBe(seed.description);
      expect(t.inputSchema).toEqual(seed.inputSchema);
      if (seed.outputSchema) expect(t.outputSchema).toEqual(seed.outputSchema);
      else expect(t.outputSchema).toBeUndefined();
    }
    const byName = new Map(tools.map((t) => [t.name, t.annotations]));
    for (const name of [
      'observe_screen',
      'read_control',
      'wait_until',
      'wait_for_text',
      'wait_for_delay',
      'take_screenshot',
      'get_ui_hierarchy',
    ]) {
      expect(byName.get(name)?.readOnlyHint, name).toBe(true);
    }
    expect(byName.get('click')?.readOnlyHint).toBe(false);
    expect(byName.get('manage_app')?.destructiveHint).toBe(true);
    expect(byName.get('click')?.destructiveHint).toBe(false);
  });

  it('observes, then clicks the checkbox it saw; the ActionResult carries the receipt of agent:<client>', async () => {
    const seen = await call('observe_screen', { settle_ms: 0 });
    expect(validObserve(seen), JSON.stringify(validObserve.errors)).toBe(true);
    expect(seen).toMatchObject({ ok: true, code: 'OK', width: 1080, height: 2400, screenshot_path: null });
    const box = (seen['elements'] as Array<{ resource_id: string | null; bounds: number[] }>).find(
      (e) => e.resource_id === `${LAB}:id/checkbox`,
    )!.bounds;
    const before = (await labDump(rig!.adb, rig!.serial)).controls[`${LAB}:id/checkbox`]!;
    const target = [Math.floor((box[0]! + box[2]!) / 2), Math.floor((box[1]! + box[3]!) / 2)];
    const clicked = await call('click', { target });
    expect(validAction(clicked), JSON.stringify(validAction.errors)).toBe(true);
    expect(clicked).toMatchObject({
      ok: true,
      code: 'OK',
      action: 'click',
      normalized_coordinates: target,
      detail: null,
    });
    const receipt = clicked.metadata['receipt'] as { status: string; owner: { client: string }; tool: string };
    expect(receipt).toMatchObject({ status: 'completed', tool: 'click', owner: { client: 'agent:stdio-test-agent' } });
    expect(clicked.metadata['approval']).toMatchObject({ verdict: 'approved', by: 'policy:session' });
    const after = (await labDump(rig!.adb, rig!.serial)).controls[`${LAB}:id/checkbox`]!;
    expect(after['click_count']).toBe((before['click_count'] as number) + 1);
  });

  it('reads the seek bar with read_control', async () => {
    const read = await call('read_control', { selector: { resource_id: `${LAB}:id/seekbar` } });
    expect(validAction(read)).toBe(true);
    expect(read).toMatchObject({ ok: true, code: 'OK', action: 'read_control' });
    expect((read.metadata['receipt'] as { control: { range: unknown } }).control.range).toMatchObject({
      min: 0,
      max: 100,
    });
  });

  it('moves the seek bar to 75 with a calibrated drag in pixels', async () => {
    const read = await call('read_control', { selector: { resource_id: `${LAB}:id/seekbar` } });
    const control = (read.metadata['receipt'] as { control: { bounds_px: number[]; range: { current: number } } })
      .control;
    const [l, t, r, b] = control.bounds_px as [number, number, number, number];
    // The lab's track is inset by half the bar's height at both ends (as Android's SeekBar pads its thumb).
    const inset = (b - t) / 2;
    const at = (v: number) => l + inset + (v / 100) * (r - l - 2 * inset);
    const y = Math.round((t + b) / 2);
    const drag = await call('drag', {
      start: [Math.round(at(control.range.current)), y],
      target_description: 'volume seek bar thumb',
      coordinate_space: 'pixel',
      duration_ms: 300,
      calibration: {
        axis: 'x',
        mode: 'thumb',
        anchors: [
          { position: at(0), value: 0 },
          { position: at(100), value: 100 },
        ],
        target_value: 75,
        tolerance: 1,
      },
    });
    expect(validAction(drag), JSON.stringify(validAction.errors)).toBe(true);
    expect(drag).toMatchObject({ ok: true, code: 'OK', action: 'drag', normalized_coordinates: null });
    expect((drag.metadata['receipt'] as { calibration: unknown }).calibration).toBeTruthy();
    const progress = (await labDump(rig!.adb, rig!.serial)).controls[`${LAB}:id/seekbar`]!['progress'] as number;
    expect(Math.abs(progress - 75)).toBeLessThanOrEqual(1);
  });

  it('refuses an off-screen click with INVALID_ARGS and sends nothing, even under a session', async () => {
    const before = (await labDump(rig!.adb, rig!.serial)).input_event_count;
    const refused = await call('click', { target: [500, 1001] });
    expect(validAction(refused)).toBe(true);
    expect(refused).toMatchObject({ ok: false, code: 'INVALID_ARGS', action: 'click' });
    expect(refused.detail).toMatch(/^OFF_SCREEN at \/args\/target/);
    expect((refused.metadata['receipt'] as { status: string }).status).toBe('not_started');
    expect((await labDump(rig!.adb, rig!.serial)).input_event_count).toBe(before);
  });

  it('under ask, a standalone server waits for the console: the owner answers through the inbox', async () => {
    const asking = await spawnClient('asking-agent', 'ask');
    const console_ = new ApprovalQueue({
      inbox: { inbox: new ApprovalInbox(join(rig!.dir, 'approvals', 'inbox')), publish: false, pollMs: 50 },
    });
    const next = async () => {
      await expect.poll(() => console_.list().length, { timeout: 20_000, interval: 25 }).toBeGreaterThan(0);
      return console_.list()[0]!;
    };
    try {
      const reading = asking.callTool({
        name: 'read_control',
        arguments: { selector: { resource_id: `${LAB}:id/seekbar` } },
      });
      const first = await next();
      expect(first).toMatchObject({ agent: 'asking-agent', tool: 'read_control', read_only: true });
      expect(console_.decide(first.id, true)).toBe(true);
      expect((await reading).structuredContent).toMatchObject({
        ok: true,
        metadata: { approval: { verdict: 'approved', by: 'owner' } },
      });
      const events = (await labDump(rig!.adb, rig!.serial)).input_event_count;
      const home = asking.callTool({ name: 'press_key', arguments: { key: 'home' } });
      const second = await next();
      expect(console_.decide(second.id, false, 'stay here')).toBe(true);
      expect((await home).structuredContent).toMatchObject({
        ok: false,
        code: 'UNSUPPORTED',
        detail: 'APPROVAL_REJECTED',
      });
      expect((await labDump(rig!.adb, rig!.serial)).input_event_count).toBe(events);
    } finally {
      console_.close();
      await asking.close();
    }
  }, 60_000);

  it('journals every decision of the session policy', () => {
    const dir = join(rig!.dir, 'approvals');
    const lines = readdirSync(dir)
      .filter((f) => f.endsWith('.jsonl'))
      .flatMap((f) => readFileSync(join(dir, f), 'utf8').trim().split('\n'))
      .map((l) => JSON.parse(l) as { request: { tool: string; agent: string }; decision: { by: string } });
    expect(lines.length).toBeGreaterThanOrEqual(4);
    const session = lines.filter((l) => l.request.agent === 'stdio-test-agent');
    expect(session.length).toBeGreaterThanOrEqual(4);
    expect(session.every((l) => l.decision.by === 'policy:session')).toBe(true);
    expect(lines.filter((l) => l.request.agent === 'asking-agent').map((l) => l.decision.by)).toEqual([
      'owner',
      'owner',
    ]);
    expect(session.map((l) => l.request.tool)).toEqual(
      expect.arrayContaining(['observe_screen', 'click', 'read_control', 'drag']),
    );
  });
});
