// Agents' receipts belong to their session's run: an MCP session (over stdio the server itself, one client per
// process) is `mcp-<session>`, two in-memory servers are two runs, and every call of one session shares its run.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { describe, expect, it } from 'vitest';
import { RunIdSchema, runSourceOf, type Receipt } from '../../shared/receipts';
import { ApprovalQueue } from '../approvals';
import { runCommand } from '../bridge003/actions';
import { createMcpServer } from './server';

type Options = { serial: string; runId?: string };

function recordingExecutor() {
  const options: Options[] = [];
  const executor = {
    run: async (envelope: unknown, o: Options): Promise<Receipt> => {
      options.push(o);
      const { tool, args } = envelope as { tool: string; args: unknown };
      return {
        receipt_version: 1,
        operation_id: 'op',
        tool,
        device_serial: 's',
        owner: { pid: 1, hostname: 'h', client: 'agent:x' },
        started_at: '2026-01-01T00:00:00.000Z',
        finished_at: '2026-01-01T00:00:00.010Z',
        duration_ms: 10,
        args,
        status: 'completed',
        code: null,
        message: null,
        path: null,
        ...(o.runId && { run_id: o.runId }),
      };
    },
  };
  return { executor, options };
}

async function session(executor: ReturnType<typeof recordingExecutor>['executor']) {
  const server = createMcpServer({
    executor,
    approvals: new ApprovalQueue({ defaultPolicy: 'session' }),
    serial: 's',
    dialect: 'canonical',
  });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: 'unit', version: '1' });
  await client.connect(b);
  return client;
}

describe('run ids of agent sessions', () => {
  it('gives every call of one MCP session the same mcp- run, and another session another', async () => {
    const { executor, options } = recordingExecutor();
    const first = await session(executor);
    await first.callTool({ name: 'press_key', arguments: { key: 'back' } });
    await first.callTool({ name: 'press_key', arguments: { key: 'home' } });
    const second = await session(executor);
    const result = await second.callTool({ name: 'press_key', arguments: { key: 'back' } });
    const runs = options.map((o) => o.runId!);
    expect(runs.every((r) => RunIdSchema.safeParse(r).success && runSourceOf(r) === 'mcp')).toBe(true);
    expect(runs[0]).toBe(runs[1]);
    expect(runs[2]).not.toBe(runs[0]);
    // The ActionResult carries the receipt, and the receipt its run.
    expect((result.structuredContent as { metadata: { receipt: Receipt } }).metadata.receipt.run_id).toBe(runs[2]);
  });

  it('passes the bridge session run to every command', async () => {
    const { executor, options } = recordingExecutor();
    await runCommand(
      executor,
      's',
      { action: 'back', reason: 'r', payload: {} },
      new AbortController().signal,
      'bridge-s1',
    );
    expect(options.map((o) => o.runId)).toEqual(['bridge-s1']);
  });
});
