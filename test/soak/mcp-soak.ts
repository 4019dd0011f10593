// `npm run soak:mcp -- --minutes N`: the MCP server as agents use it for N minutes (default 10), and its memory
// every minute. It runs `tactile mcp --http` (the CLI, its own process, --approve session) on the virtual device
// behind a private adb server; agents come one after another, each calls a handful of tools (observe_screen,
// get_ui_hierarchy, read_control, a tap on the status bar, take_screenshot) and leaves in one of three ways:
// closing its session (DELETE), vanishing (its session idles out after --session-idle-ms 20 s), or dropping
// the connection in the middle of a call. Each minute prints the server's resident memory (VmRSS) and how many
// calls ran; the end prints the curve's last half: its range and slope. Exit 1 when memory still grows there
// (slope over 0.5 MB/min and a range over 10 % of its start).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { freePort } from '../support/adb-server';
import { startAgentRig } from '../support/agent-rig';
import { buildCliBundle } from '../support/cli-bundle';

const { values } = parseArgs({ options: { minutes: { type: 'string', default: '10' } } });
const minutes = Number(values.minutes);
if (!(minutes > 0)) throw new Error(`--minutes must be a positive number, got ${values.minutes}`);

const rssMb = (pid: number): number => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

const rig = await startAgentRig('tactile-mcp-soak-');
const bundle = await buildCliBundle();
const port = await freePort();
const server = spawn(
  process.execPath,
  [
    bundle.file,
    'mcp',
    '--serial',
    rig.serial,
    '--server',
    `127.0.0.1:${rig.server.port}`,
    '--http',
    String(port),
    '--approve',
    'session',
    '--session-idle-ms',
    '20000',
  ],
  { env: { ...process.env, TACTILE_DATA_DIR: rig.dir }, stdio: ['ignore', 'pipe', 'inherit'] },
);
const first = await new Promise<string>((resolve) => createInterface({ input: server.stdout! }).once('line', resolve));
const { url, token } = JSON.parse(first) as { url: string; token: string };

const AGENT_EVERY_MS = 1000;
const reasons = new Set<string>();
let calls = 0;
let failures = 0;
let agents = 0;
const LAB = 'com.tactile.lab';
const CALLS: Array<{ name: string; arguments: Record<string, unknown> }> = [
  { name: 'observe_screen', arguments: { settle_ms: 0 } },
  { name: 'get_ui_hierarchy', arguments: {} },
  { name: 'read_control', arguments: { selector: { resource_id: `${LAB}:id/seekbar` } } },
  { name: 'click', arguments: { target: [500, 8] } },
  { name: 'take_screenshot', arguments: {} },
];

async function agent(n: number): Promise<void> {
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  const client = new Client({ name: `soak-${n % 7}`, version: '1' });
  await client.connect(transport);
  const leave = n % 3;
  for (const [i, call] of CALLS.entries()) {
    if (leave === 2 && i === 2) {
      // Drops the connection while its call runs.
      void client.callTool(call).catch(() => undefined);
      await transport.close();
      return;
    }
    const r = await client.callTool(call);
    calls++;
    if (r.isError) {
      failures++;
      if (reasons.size < 5) reasons.add(`${call.name}: ${JSON.stringify(r.structuredContent).slice(0, 200)}`);
    }
  }
  if (leave === 0) await transport.terminateSession();
  await client.close();
}

const samples: Array<{ minute: number; rss: number }> = [];
const sample = (minute: number) => {
  const rss = rssMb(server.pid!);
  samples.push({ minute, rss });
  console.log(
    `minute ${String(minute).padStart(3)}  rss ${rss.toFixed(1).padStart(7)} MB  agents ${String(agents).padStart(6)}  calls ${String(calls).padStart(7)}  failed ${failures}`,
  );
};

const t0 = Date.now();
sample(0);
let nextSample = 1;
try {
  while (Date.now() - t0 < minutes * 60_000) {
    const began = Date.now();
    await agent(agents++).catch((e: Error) => {
      failures++;
      if (reasons.size < 5) reasons.add(e.message.slice(0, 200));
    });
    // One agent every AGENT_EVERY_MS at most: a steady load, not a spin when the server refuses.
    await new Promise((r) => setTimeout(r, Math.max(0, AGENT_EVERY_MS - (Date.now() - began))));
    if (Date.now() - t0 >= nextSample * 60_000) sample(nextSample++);
  }
  if (samples.at(-1)!.minute < minutes) sample(minutes);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await bundle.remove();
  await rig.stop();
}

// The last half of the curve (the last 30 minutes of an hour): ordinary least squares slope and range.
const tail = samples.filter((s) => s.minute >= minutes / 2);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const mx = mean(tail.map((s) => s.minute));
const my = mean(tail.map((s) => s.rss));
const slope =
  tail.reduce((a, s) => a + (s.minute - mx) * (s.rss - my), 0) /
  Math.max(
    1e-9,
    tail.reduce((a, s) => a + (s.minute - mx) ** 2, 0),
  );
const lo = Math.min(...tail.map((s) => s.rss));
const hi = Math.max(...tail.map((s) => s.rss));
const growing = slope > 0.5 && hi - lo > 0.1 * tail[0]!.rss;
console.log(
  `last ${tail.length} samples (minute ${tail[0]!.minute}–${tail.at(-1)!.minute}): rss ${lo.toFixed(1)}–${hi.toFixed(1)} MB, slope ${slope.toFixed(2)} MB/min: ${growing ? 'STILL GROWING' : 'flat'}`,
);
console.log(
  `${agents} agents, ${calls} calls, ${failures} failed${reasons.size > 0 ? `; first failures: ${[...reasons].join(' | ')}` : ''}`,
);
process.exitCode = growing ? 1 : 0;
