// Start-up of the `tactile` CLI as a user meets it (issue 32): `help`, `observe --json` against the virtual device,
// and `mcp` until its answer to an MCP client's `initialize`, each a fresh process of `node build/tactile.mjs …`
// (what `npm run tactile` runs) from the bundle built first, beside `node -e 0`, the floor no Node CLI can beat.
// The four are run in interleaved rounds (one of each per round, so machine load hits them alike) and reported as
// medians with their goal and their ratio to the floor. Run: npm run bench:startup
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { buildCli, CLI_DIR } from '../../build/build.mjs';
import { cliBundleIsFresh } from '../../build/cli-fresh.mjs';
import { median, startRig } from './device-rig';

const ROUNDS = 11;
/** A run that has not finished by then is a failure of the bench, not a figure. */
const RUN_DEADLINE_MS = 60_000;
const LAUNCHER = 'build/tactile.mjs';

interface Case {
  name: string;
  goalMs: number | null;
  /** One fresh process; resolves with the milliseconds from spawn to the moment the case counts as done. */
  run(): Promise<number>;
}

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;

/** Spawn → exit (status 0 required). */
function untilExit(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'ignore'] });
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_DEADLINE_MS);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      const took = ms(t0);
      clearTimeout(timer);
      if (code === 0) resolve(took);
      else reject(new Error(`node ${args.join(' ')} exited ${code ?? signal}`));
    });
  });
}

/** Spawn → the answer to `initialize` on stdout (the server is ready for its first request); then stdin closes. */
function untilInitialized(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(process.execPath, args, { env, stdio: ['pipe', 'pipe', 'ignore'] });
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_DEADLINE_MS);
    let took: number | null = null;
    child.once('error', reject);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (took !== null || (JSON.parse(line) as { id?: unknown }).id !== 1) return;
      took = ms(t0);
      child.stdin!.end(); // the client leaves: the server exits on its own
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (took !== null && code === 0) resolve(took);
      else
        reject(
          new Error(
            `tactile mcp ${took === null ? 'never answered initialize' : 'answered'} and exited ${code ?? signal}`,
          ),
        );
    });
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'startup-bench', version: '1' } },
    };
    child.stdin!.write(JSON.stringify(initialize) + '\n');
  });
}

await buildCli();
// The launcher would otherwise run the sources through tsx: not what this bench is about.
if (!cliBundleIsFresh(process.cwd(), CLI_DIR))
  throw new Error(`the bundle in ${CLI_DIR} is not fresh right after its build`);
const dataDir = mkdtempSync(join(tmpdir(), 'tactile-startup-bench-'));
const rig = await startRig();
try {
  const env = { ...rig.server.env, TACTILE_DATA_DIR: dataDir };
  const device = ['--serial', rig.serial, '--server', `127.0.0.1:${rig.server.port}`];
  const cases: Case[] = [
    { name: 'node -e 0 (floor)', goalMs: null, run: () => untilExit(['-e', '0'], env) },
    { name: 'tactile help', goalMs: 300, run: () => untilExit([LAUNCHER, 'help'], env) },
    {
      name: 'tactile observe --json',
      goalMs: 700,
      run: () => untilExit([LAUNCHER, 'observe', ...device, '--json'], env),
    },
    {
      name: 'tactile mcp until initialize answered',
      goalMs: 500,
      run: () => untilInitialized([LAUNCHER, 'mcp', ...device, '--approve', 'read-only'], env),
    },
  ];
  const loadBefore = loadavg();
  for (const c of cases) await c.run(); // warm the file cache and the device once, not measured
  const times = new Map(cases.map((c) => [c.name, [] as number[]]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const c of cases) times.get(c.name)!.push(await c.run());
  }
  const loadAfter = loadavg();

  const floor = median(times.get(cases[0]!.name)!);
  const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(' ');
  console.log(
    `start-up benchmark: ${ROUNDS} interleaved rounds, medians; load average before ${load(loadBefore)}, after ${load(loadAfter)}`,
  );
  console.log(
    `${'what'.padEnd(40)}${'median ms'.padStart(11)}${'min ms'.padStart(9)}${'goal ms'.padStart(9)}${'× node -e 0'.padStart(13)}  verdict`,
  );
  let missed = 0;
  for (const c of cases) {
    const t = times.get(c.name)!;
    const m = median(t);
    const verdict = c.goalMs === null ? '' : m <= c.goalMs ? 'met' : 'NOT met';
    if (c.goalMs !== null && m > c.goalMs) missed++;
    console.log(
      `${c.name.padEnd(40)}${m.toFixed(0).padStart(11)}${Math.min(...t)
        .toFixed(0)
        .padStart(
          9,
        )}${(c.goalMs === null ? '' : `≤ ${c.goalMs}`).padStart(9)}${(m / floor).toFixed(2).padStart(13)}  ${verdict}`,
    );
  }
  if (missed > 0) process.exitCode = 1;
} finally {
  await rig.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
