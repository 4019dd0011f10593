// A verified tap against an unverified one, side by side in one run on the same virtual device (its own process
// and adb server, like a phone): Tactile's MCP `click` (`tactile mcp --serial S` over stdio, driven by the MCP
// SDK's client: schema, lock, before-read, write-ahead intent, input, after-read, receipt, evidence) and
// @mobilenext/mobile-mcp 1.0.4's `mobile_click_on_screen_at_coordinates` (pinned devDependency: input only), at the
// same point, alternating so the machine's load falls on both alike. Prints p50/p99 of each, the goal beside the
// figure and the ratio. Goals: Tactile p50 ≤ 60 ms and within 2.5× of mobile-mcp's p50.
// mobile-mcp needs mobilecli's on-device DeviceServer; where the virtual device cannot run it the peer's row says
// so and is skipped (Tactile's figure is still measured).
// Run: npm run -s bench:mcp-peer (TAPS=… per side, default 40)
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { percentile, startRig } from './device-rig';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TAPS = Number(process.env['TAPS'] ?? 40);
const GOAL = { p50Ms: 60, ratio: 2.5 };
/** A point on the lab's main screen that no control takes (the tap changes nothing, as the same tap twice would). */
const POINT = { x: 540, y: 1700 };
const CALL_TIMEOUT = { timeout: 60_000 };

type ToolResult = { content: Array<{ type: string; text?: string }>; isError?: boolean; structuredContent?: unknown };
const textOf = (r: ToolResult) => r.content.map((c) => c.text ?? '').join('\n');

async function connect(name: string, params: ConstructorParameters<typeof StdioClientTransport>[0]): Promise<Client> {
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(new StdioClientTransport(params));
  return client;
}

const rig = await startRig();
const home = mkdtempSync(join(tmpdir(), 'tactile-bench-mcp-peer-'));
const clients: Client[] = [];
try {
  const load0 = loadavg()[0]!;
  const tactile = await connect('bench-tactile', {
    command: process.execPath,
    args: [
      '--import',
      'tsx',
      'cli/main.ts',
      'mcp',
      '--serial',
      rig.serial,
      '--server',
      `127.0.0.1:${rig.server.port}`,
      '--approve',
      'session',
    ],
    cwd: ROOT,
    env: { ...process.env, TACTILE_DATA_DIR: join(home, 'tactile') } as Record<string, string>,
    stderr: 'ignore',
  });
  clients.push(tactile);
  const { width, height } = { width: 1080, height: 2400 };
  const target = [Math.round((POINT.x * 1000) / width), Math.round((POINT.y * 1000) / height)];
  const tactileTap = async () => {
    const r = (await tactile.callTool({ name: 'click', arguments: { target } }, undefined, CALL_TIMEOUT)) as ToolResult;
    if (r.isError) throw new Error(`tactile click: ${textOf(r).slice(0, 300)}`);
  };

  let peer: (() => Promise<void>) | null = null;
  let peerSkipped = '';
  try {
    const entry = join(
      dirname(createRequire(import.meta.url).resolve('@mobilenext/mobile-mcp/package.json')),
      'lib',
      'index.js',
    );
    const mobile = await connect('bench-mobile-mcp', {
      command: process.execPath,
      args: [entry],
      cwd: home,
      // Its telemetry stays off; mobilecli finds adb on PATH and the private server through ANDROID_ADB_SERVER_PORT.
      env: {
        PATH: process.env['PATH'] ?? '',
        HOME: home,
        TMPDIR: home,
        ANDROID_ADB_SERVER_PORT: String(rig.server.port),
        MOBILEMCP_DISABLE_TELEMETRY: '1',
      },
      stderr: 'ignore',
    });
    clients.push(mobile);
    const tap = async () => {
      const r = (await mobile.callTool(
        { name: 'mobile_click_on_screen_at_coordinates', arguments: { device: rig.serial, ...POINT } },
        undefined,
        CALL_TIMEOUT,
      )) as ToolResult;
      const t = textOf(r);
      // mobile-mcp words its failures as text ("… Please fix the issue and try again.") as often as with isError.
      if (r.isError || /try again|^Error/m.test(t)) throw new Error(t.slice(0, 300));
    };
    await tap();
    peer = tap;
  } catch (e) {
    peerSkipped = (e as Error).message.split('\n')[0]!;
  }

  // Warm-up: the helper installed and connected, sessions open, JIT.
  for (let i = 0; i < 3; i++) {
    await tactileTap();
    await peer?.();
  }
  const ms = { tactile: [] as number[], peer: [] as number[] };
  const timed = async (fn: () => Promise<void>, into: number[]) => {
    const t0 = performance.now();
    await fn();
    into.push(performance.now() - t0);
  };
  for (let i = 0; i < TAPS; i++) {
    await timed(tactileTap, ms.tactile);
    if (peer) await timed(peer, ms.peer);
  }
  const load1 = loadavg()[0]!;

  const p = (v: number[], q: number) => `${percentile(v, q).toFixed(1)} ms`;
  const t50 = percentile(ms.tactile, 0.5);
  console.log(
    `MCP tap on the virtual device, ${TAPS} taps per side alternating, load average ${load0.toFixed(1)} → ${load1.toFixed(1)}`,
  );
  console.log('');
  console.log('| MCP tap | p50 | p99 | goal |');
  console.log('| --- | --- | --- | --- |');
  console.log(
    `| Tactile click (verified, receipt, evidence) | ${p(ms.tactile, 0.5)} | ${p(ms.tactile, 0.99)} | p50 ≤ ${GOAL.p50Ms} ms: ${t50 <= GOAL.p50Ms ? 'met' : 'MISSED'} |`,
  );
  if (peer) {
    const ratio = t50 / percentile(ms.peer, 0.5);
    console.log(`| mobile-mcp 1.0.4 click (unverified) | ${p(ms.peer, 0.5)} | ${p(ms.peer, 0.99)} | — |`);
    console.log('');
    console.log(
      `ratio (p50 Tactile / p50 mobile-mcp) ${ratio.toFixed(2)}×   goal ≤ ${GOAL.ratio}×: ${ratio <= GOAL.ratio ? 'met' : 'MISSED'}`,
    );
  } else {
    console.log(`| mobile-mcp 1.0.4 click (unverified) | skipped | skipped | — |`);
    console.log('');
    console.log(`mobile-mcp skipped: it cannot tap this virtual device (${peerSkipped}); no ratio`);
  }
} finally {
  for (const c of clients) await c.close().catch(() => undefined);
  await rig.stop();
  rmSync(home, { recursive: true, force: true });
}
