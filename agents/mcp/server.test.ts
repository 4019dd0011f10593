// The MCP server in process (the SDK's in-memory transport) over a recording executor: the agent dialect's
// tools and element indices (resolved against the session's last observe_screen), and the ActionResult of a
// receipt. Device behaviour is covered by test/integration/mcp-*.test.ts.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { describe, expect, it } from 'vitest';
import type { Receipt } from '../../shared/receipts';
import { ApprovalQueue } from '../approvals';
import { TOOL_NAMES, VERIFY_TOOL_NAMES, toolJsonSchema } from '../../shared/actions';
import { SEED_000_TOOLS, SEED_001_AGENT_TOOLS, SEED_004_DESCRIPTIONS } from '../contracts';
import { createMcpServer } from './server';

const flags = {
  clickable: true,
  checkable: false,
  checked: false,
  enabled: true,
  focused: false,
  focusable: true,
  scrollable: false,
  long_clickable: false,
  selected: false,
  password: false,
};
const node = (index: number, resource_id: string, bounds: [number, number, number, number]) => ({
  index,
  parent: null,
  depth: 0,
  window: 0,
  class_name: 'android.widget.Button',
  resource_id,
  text: 'OK',
  content_desc: null,
  package_name: 'p',
  bounds_px: bounds,
  bounds,
  flags,
  native_selector: { resource_id },
});

function receipt(envelope: { tool: string; args: unknown }, extra: Partial<Receipt> = {}): Receipt {
  const observed = envelope.tool === 'observe_screen';
  return {
    receipt_version: 1,
    operation_id: 'op',
    tool: envelope.tool,
    device_serial: 's',
    owner: { pid: 1, hostname: 'h', client: 'agent:x' },
    started_at: '2026-01-01T00:00:00.000Z',
    finished_at: '2026-01-01T00:00:00.010Z',
    duration_ms: 10,
    args: envelope.args,
    status: observed ? 'observed' : 'completed',
    code: null,
    message: null,
    path: null,
    ...(observed && {
      observation_after: { screen: { width: 1000, height: 1000 }, nodes: [node(3, 'p:id/ok', [100, 200, 301, 401])] },
    }),
    ...extra,
  } as Receipt;
}

async function connect(dialect: 'canonical' | 'agent', capabilities?: () => Promise<{ tools: readonly string[] }>) {
  const runs: Array<{ tool: string; args: Record<string, unknown> }> = [];
  const executor = {
    run: async (envelope: unknown) => (
      runs.push(envelope as (typeof runs)[number]),
      receipt(envelope as (typeof runs)[number])
    ),
    ...(capabilities && { capabilities }),
  };
  const approvals = new ApprovalQueue({ defaultPolicy: 'session' });
  const server = createMcpServer({ executor, approvals, serial: 's', dialect });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: 'unit', version: '1' });
  await client.connect(b);
  return { client, runs };
}

describe('MCP server, seed 004', () => {
  it("lists seed 004's tools after seed 000's with the seed's descriptions and the schemas Tactile enforces", async () => {
    const { client } = await connect('canonical');
    const { tools } = await client.listTools();
    const added = tools.slice(23);
    expect(added.map((t) => t.name)).toEqual([...VERIFY_TOOL_NAMES]);
    for (const t of added) {
      expect(t.description).toBe(SEED_004_DESCRIPTIONS[t.name]);
      expect(t.inputSchema).toEqual(toolJsonSchema(t.name as (typeof VERIFY_TOOL_NAMES)[number]));
    }
    const hints = new Map(added.map((t) => [t.name, t.annotations]));
    expect(hints.get('expect_screen')).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(hints.get('tap_element')).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(hints.get('reset_app_data')).toMatchObject({ readOnlyHint: false, destructiveHint: true });
  });

  it('answers a seed-004 tool with its envelope and result fields at the top level', async () => {
    const { client } = await connect('canonical');
    const answer = await client.callTool({ name: 'tap', arguments: { x: 10, y: 20 } });
    expect(answer.structuredContent).toMatchObject({ ok: true, code: null, metadata: { receipt: { tool: 'tap' } } });
  });
});

describe('MCP server, arguments as decoded', () => {
  it('hands an own __proto__ key of the arguments to validation (the SDK record copy would drop it)', async () => {
    const { client, runs } = await connect('canonical');
    await client.callTool({
      name: 'press_key',
      arguments: JSON.parse('{"key":"home","__proto__":{"x":1}}') as Record<string, unknown>,
    });
    // The executor's first step (validateToolCall) refuses it at /args/__proto__; here it must still be there.
    expect(Object.hasOwn(runs.at(-1)!.args, '__proto__')).toBe(true);
  });
});

describe('MCP server, agent dialect', () => {
  it("lists seed 001's description and parameters for its 9 tools and seed 000's for the rest", async () => {
    const { client } = await connect('agent');
    const { tools: all } = await client.listTools();
    // Seed 000's 23, then seed 004's 30 (its swipe and get_ui_hierarchy are seed 000's).
    expect(all).toHaveLength(23 + 30);
    const tools = all.slice(0, 23);
    expect(tools.map((t) => t.name)).toEqual([...TOOL_NAMES]);
    for (const t of tools) {
      const agent = SEED_001_AGENT_TOOLS[t.name]?.function;
      expect(t.description).toBe(agent?.description ?? SEED_000_TOOLS[t.name]!.description);
      expect(t.inputSchema).toEqual(agent?.parameters ?? SEED_000_TOOLS[t.name]!.inputSchema);
    }
  });

  it('resolves an element index against the last observe_screen of the session', async () => {
    const { client, runs } = await connect('agent');
    const refused = await client.callTool({ name: 'click', arguments: { target: 3 } });
    expect(refused.structuredContent).toMatchObject({ ok: false, code: 'INVALID_ARGS' });
    expect(runs).toEqual([]);
    const seen = await client.callTool({ name: 'observe_screen', arguments: {} });
    expect(seen.structuredContent).toMatchObject({
      ok: true,
      width: 1000,
      elements_text: expect.stringContaining('[3] Button "OK" id=p:id/ok clickable'),
    });
    const clicked = await client.callTool({ name: 'click', arguments: { target: 3 } });
    expect(runs.at(-1)).toMatchObject({ tool: 'click', args: { target: [200, 300], expected_resource_id: 'p:id/ok' } });
    expect(clicked.structuredContent).toMatchObject({
      ok: true,
      code: 'OK',
      action: 'click',
      normalized_coordinates: [200, 300],
      metadata: { approval: { by: 'policy:session' } },
    });
  });
});

describe('MCP server, tools the device can run (seed 002)', () => {
  it("lists only the seed-000 tools the device's backend offers, asked on every tools/list; seed 004's stay", async () => {
    let offered: string[] = TOOL_NAMES.filter((t) => t !== 'pinch' && t !== 'touch_gesture');
    const { client } = await connect('canonical', async () => ({ tools: offered }));
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual([...offered, ...VERIFY_TOOL_NAMES]);
    offered = TOOL_NAMES.filter((t) => t !== 'drag');
    expect((await client.listTools()).tools.map((t) => t.name)).not.toContain('drag');
  });

  it('a device that cannot be asked (gone, unauthorized) keeps the full list: its calls say why', async () => {
    const { client } = await connect('canonical', async () => Promise.reject(new Error('device not found')));
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual([...TOOL_NAMES, ...VERIFY_TOOL_NAMES]);
  });
});
