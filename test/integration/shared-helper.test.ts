// One helper per device for every Tactile process (issue 25.2), end to end: the console's services run in this
// process and show the virtual device (mirror, overlay reads, the helper's capabilities), while `tactile flow
// run`, `tactile run` and `tactile mcp` run as child processes on the same device through a real adb server.
// Each attaches to the helper the console started instead of replacing it: the helper's pid never changes, the
// console's helper notice stays quiet, no receipt says DEVICE_LOST, and input is one owner at a time (the
// journal's input receipts of different processes never overlap; the device rejected no event).
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDeviceInfo, type AdbServer } from '../../electron/adb';
import { DeviceLocks } from '../../electron/device/lock';
import { helperPidsFromPs } from '../../electron/helper/stale-helper';
import { readReceipts } from '../../electron/receipts';
import { startAppServices, type AppServices } from '../../electron/services/app-services';
import { createConsoleExecutor } from '../../electron/services/console-executor';
import { FLOW_FORMAT } from '../../shared/flows';
import type { HelperNotice } from '../../shared/ipc/helper-notices';
import type { Receipt } from '../../shared/receipts';
import { startAdbServer, type AdbServer as TestAdbServer } from '../support/adb-server';
import { buildCliBundle } from '../support/cli-bundle';
import { labDump, testAdbClient } from '../support/executor-rig';

const LAB = 'com.tactile.lab:id/';
let dir: string;
let data: string;
let server: TestAdbServer;
let adb: AdbServer;
let serial: string;
let services: AppServices;
let cli: Awaited<ReturnType<typeof buildCliBundle>>;
let flowFile: string;
let clickFile: string;
let helperPid: number;
let console$: ReturnType<typeof consoleShowing> | undefined;

async function call<T = Record<string, unknown>>(channel: string, payload: unknown): Promise<T> {
  const reply = await services.dispatch(channel, payload);
  if (!reply.ok) throw new Error(`${channel}: ${reply.error.code} ${reply.error.message}`);
  return reply.result as T;
}

function tactile(args: string[]): Promise<{ code: number | null; json: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli.file, ...args], {
      env: { ...server.env, TACTILE_DATA_DIR: data },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      try {
        resolve({ code, json: JSON.parse(out) as Record<string, unknown> });
      } catch {
        reject(new Error(`not one JSON object (exit ${code}): ${out.slice(0, 500)} ${err.slice(0, 500)}`));
      }
    });
  });
}

/** The helper processes on the device (`ps`, as the host finds them). */
async function helpers(): Promise<number[]> {
  return helperPidsFromPs((await server.adb(['-s', serial, 'shell', 'ps -A -o PID,ARGS'])).stdout);
}

/**
 * The console showing the device: its overlay reads and its helper notice, polled in the background as the
 * renderer does, with whatever they ever reported that was not quiet.
 */
function consoleShowing() {
  const notices: HelperNotice[] = [];
  const failures: string[] = [];
  const backends = new Set<string>();
  let reads = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      try {
        const caps = await call<{ backend: string; notices?: HelperNotice[]; helper_problem?: string | null }>(
          'device.capabilities',
          { serial },
        );
        backends.add(caps.backend);
        notices.push(...(caps.notices ?? []));
        if (caps.helper_problem) failures.push(`helper problem: ${caps.helper_problem}`);
        await call('device.observe', { serial });
        reads++;
      } catch (e) {
        failures.push((e as Error).message);
      }
      await new Promise((r) => setTimeout(r, 200)); // the overlay's pace, not a wait for a result
    }
  })();
  return { notices, failures, backends, reads: () => reads, stop: async () => void ((stopped = true), await loop) };
}

/** Input receipts (they sent or may have sent input) of the journal, in time order. */
function inputReceipts(): Receipt[] {
  return readReceipts(join(data, 'receipts'))
    .entries.map((e) => e.value)
    .filter((r) => r.status === 'completed' || r.status === 'unknown' || r.status === 'cancelled')
    .filter((r) => ['click', 'swipe', 'action_sequence', 'long_press', 'drag'].includes(r.tool));
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tactile-shared-helper-'));
  data = join(dir, 'data');
  cli = await buildCliBundle();
  server = await startAdbServer();
  adb = testAdbClient(server);
  // The console's own virtual device (the mirror of an external one would need the scrcpy server download).
  services = await startAppServices({
    adbServers: [`127.0.0.1:${server.port}`],
    embedded: 'always',
    createExecutor: createConsoleExecutor,
    journalDir: join(data, 'receipts'),
    locks: new DeviceLocks({ dir: join(data, 'locks') }),
  });
  serial = services.embeddedSerial!;
  const info = await getDeviceInfo(adb, serial);
  const checkbox = {
    tool: 'action_sequence',
    args: { steps: [{ action: 'click', target: `${LAB}checkbox`, target_description: 'checkbox' }] },
  };
  const nudge = { tool: 'swipe', args: { start: [500, 900], end: [500, 850], duration_ms: 200 } };
  const until = (state: string) => ({
    tool: 'wait_until',
    args: { selector: { resource_id: `${LAB}checkbox` }, state },
  });
  flowFile = join(dir, 'ten.json');
  await writeFile(
    flowFile,
    JSON.stringify({
      format: FLOW_FORMAT,
      name: 'Ten steps',
      recorded_on: { screen: info.screen, density: info.density, rotation: info.rotation, sdk: info.sdk, packages: {} },
      // An even number of ticks: every run starts and ends with the checkbox clear.
      steps: [
        checkbox,
        nudge,
        until('checked'),
        checkbox,
        until('unchecked'),
        checkbox,
        nudge,
        until('checked'),
        checkbox,
        until('unchecked'),
      ],
    }),
  );
  clickFile = join(dir, 'click.json');
  await writeFile(clickFile, JSON.stringify({ tool: 'click', args: { target: [500, 500] } }));

  // The console shows the device: its mirror, and the helper it starts for the overlay and the capabilities.
  await call('mirror.start', { serial, max_size: 800 });
  const caps = await call<{ backend: string; notices?: HelperNotice[] }>('device.capabilities', { serial });
  expect(caps.backend).toBe('helper');
  expect(caps.notices ?? []).toEqual([]); // absent when there is nothing to say
  const running = await helpers();
  expect(running).toHaveLength(1);
  helperPid = running[0]!;
  console$ = consoleShowing();
}, 120_000);

afterAll(async () => {
  await console$?.stop();
  await services?.stop();
  await server?.stop();
  await cli?.remove();
  if (dir) await rm(dir, { recursive: true, force: true, maxRetries: 5 });
});

describe('one helper per device, shared by the console and the other Tactile processes', () => {
  it("the console showing the device, `tactile flow run` of a 10-step flow 10 times in a row: all green, on the console's helper", async () => {
    const before = (await labDump(adb, serial)).rejected_event_count;
    for (let run = 1; run <= 10; run++) {
      const r = await tactile(['flow', 'run', flowFile, '--serial', serial, '--json']);
      const cells = (r.json['replay'] as { cells: Array<{ state: string; code: string | null }> }).cells;
      expect(r.code, `run ${run}: ${JSON.stringify(cells)}`).toBe(0);
      expect(
        cells.map((c) => c.state),
        `run ${run}`,
      ).toEqual(Array(10).fill('succeeded'));
      expect(await helpers(), `run ${run}: the console's helper, never replaced`).toEqual([helperPid]);
    }
    expect((await labDump(adb, serial)).rejected_event_count).toBe(before);
    expect(console$!.failures).toEqual([]);
    expect(console$!.notices).toEqual([]);
    expect([...console$!.backends]).toEqual(['helper']);
    expect(console$!.reads()).toBeGreaterThan(0);
  }, 900_000);

  it('an MCP session and CLI runs on the device the console mirrors: no DEVICE_LOST, no helper restart, one owner at a time', async () => {
    const before = (await labDump(adb, serial)).rejected_event_count;
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [cli.file, 'mcp', '--serial', serial, '--server', `127.0.0.1:${server.port}`, '--approve', 'session'],
      env: { ...process.env, TACTILE_DATA_DIR: data } as Record<string, string>,
      stderr: 'pipe',
    });
    const mcp = new Client({ name: 'shared-helper-agent', version: '1.0.0' });
    await mcp.connect(transport);
    const codes: string[] = [];
    try {
      const agent = (async () => {
        for (let i = 0; i < 12; i++) {
          const tool =
            i % 3 === 2
              ? { name: 'observe_screen', arguments: { settle_ms: 0 } }
              : { name: 'click', arguments: { target: [500, 500] } };
          const r = await mcp.callTool(tool);
          const result = r.structuredContent as { code: string; metadata?: { receipt?: Receipt } };
          codes.push(result.metadata?.receipt?.code ?? result.code);
        }
      })();
      const runs = (async () => {
        for (let i = 0; i < 6; i++) {
          const r = await tactile(['run', clickFile, '--serial', serial, '--json']);
          codes.push(String(r.json['code'] ?? r.json['status']));
          expect(['completed', 'not_started']).toContain(r.json['status']);
          if (r.json['status'] === 'not_started') expect(r.json['code']).toBe('DEVICE_BUSY');
        }
      })();
      const consoleInput = (async () => {
        for (let i = 0; i < 6; i++) {
          const reply = await call<{ receipt: Receipt }>('device.execute', {
            serial,
            envelope: { tool: 'click', args: { target: [500, 500] } },
          });
          codes.push(reply.receipt.code ?? reply.receipt.status);
        }
      })();
      await Promise.all([agent, runs, consoleInput]);
    } finally {
      await mcp.close();
    }
    expect(codes).not.toContain('DEVICE_LOST');
    expect(codes.filter((c) => c !== 'DEVICE_BUSY' && c !== 'completed' && c !== 'OK')).toEqual([]);

    // Input strictly one owner at a time: no two processes' input receipts overlap in time, and the device
    // never had to reject an event (a second finger arriving in the middle of another owner's contact).
    const inputs = inputReceipts().sort((a, b) => Date.parse(a.started_at) - Date.parse(b.started_at));
    expect(new Set(inputs.map((r) => r.owner.pid)).size).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < inputs.length; i++) {
      const [prev, next] = [inputs[i - 1]!, inputs[i]!];
      if (prev.owner.pid === next.owner.pid) continue;
      expect(
        Date.parse(next.started_at),
        `${prev.operation_id} (${prev.owner.client}) then ${next.operation_id} (${next.owner.client})`,
      ).toBeGreaterThanOrEqual(Date.parse(prev.finished_at));
    }
    expect(readReceipts(join(data, 'receipts')).entries.filter((e) => e.value.code === 'DEVICE_LOST')).toEqual([]);
    expect((await labDump(adb, serial)).rejected_event_count).toBe(before);

    // The console's helper was never replaced nor restarted, and its notice stayed quiet throughout.
    expect(await helpers()).toEqual([helperPid]);
    const caps = await call<{ backend: string; notices?: HelperNotice[] }>('device.capabilities', { serial });
    expect(caps.backend).toBe('helper');
    expect(caps.notices ?? []).toEqual([]);
    expect(console$!.failures).toEqual([]);
    expect(console$!.notices).toEqual([]);
  }, 600_000);
});
