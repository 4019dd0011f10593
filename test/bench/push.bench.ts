// Push of a 20 MB file: the device layer (adbkit's sync SEND) vs the stock `adb push`, to the same private
// adb server and virtual device (issue 3 performance goal: adbkit ≥ 0.8 × adb's throughput). Run: npm run bench:push
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, startRig } from './device-rig';

const SIZE = 20 * 1024 * 1024;
const RUNS = 7;
const GOAL_RATIO = 0.8;

const dir = await mkdtemp(join(tmpdir(), 'tactile-push-bench-'));
const file = join(dir, 'payload.bin');
await writeFile(file, randomBytes(SIZE));
const rig = await startRig();
try {
  const { adb, serial, server } = rig;
  const remote = '/data/local/tmp/tactile-push-bench.bin';
  const stockPush = async () => {
    const r = await server.adb(['-s', serial, 'push', file, remote], { timeoutMs: 120_000 });
    if (r.code !== 0) throw new Error(`adb push failed: ${r.stderr}${r.stdout}`);
  };
  const adbkitPush = () => adb.push(serial, file, remote, { timeoutMs: 120_000 });
  const size = async () => (await adb.client.getDevice(serial).stat(remote)).size;

  await adbkitPush(); // warm-up both paths once
  await stockPush();
  const kit: number[] = [];
  const stock: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    // Alternate so machine load drifts affect both columns alike.
    let t0 = performance.now();
    await adbkitPush();
    kit.push(performance.now() - t0);
    if ((await size()) !== SIZE) throw new Error('adbkit push left a file of the wrong size');
    t0 = performance.now();
    await stockPush();
    stock.push(performance.now() - t0);
    if ((await size()) !== SIZE) throw new Error('adb push left a file of the wrong size');
  }
  const mbps = (t: number) => SIZE / 1024 / 1024 / (t / 1000);
  const kitMs = median(kit);
  const stockMs = median(stock);
  console.log(`push benchmark: ${SIZE / 1024 / 1024} MiB, ${RUNS} runs each, median`);
  console.log(`${'path'.padEnd(28)}${'ms'.padStart(10)}${'MiB/s'.padStart(10)}`);
  console.log(
    `${'adbkit (device layer)'.padEnd(28)}${kitMs.toFixed(0).padStart(10)}${mbps(kitMs).toFixed(1).padStart(10)}`,
  );
  console.log(
    `${'stock adb push'.padEnd(28)}${stockMs.toFixed(0).padStart(10)}${mbps(stockMs).toFixed(1).padStart(10)}`,
  );
  const ratio = stockMs / kitMs;
  console.log(
    `ratio adbkit/adb throughput: ${ratio.toFixed(2)} (goal ≥ ${GOAL_RATIO}: ${ratio >= GOAL_RATIO ? 'met' : 'NOT met'})`,
  );
  if (ratio < GOAL_RATIO) process.exitCode = 1;
  await adb.shell(serial, `rm ${remote}`);
} finally {
  await rig.stop();
  await rm(dir, { recursive: true, force: true });
}
