// Ctrl-C in `tactile run` (issue 10, Deliver 2): SIGINT stops the operation between events and the CLI still
// prints its receipt (`cancelled`), exits 1 and frees the device — on the virtual device behind a private adb server.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceLocks } from '../../electron/device/lock';
import { startExecutorRig, type ExecutorRig } from '../support/executor-rig';

describe('tactile run and SIGINT', () => {
  let rig: ExecutorRig;
  beforeAll(async () => {
    rig = await startExecutorRig('tactile-cli-sigint-');
  }, 120_000);
  afterAll(async () => {
    await rig?.stop();
  });

  it('cancels a 60 s wait: receipt cancelled, exit 1, lock free', async () => {
    const file = join(rig.dir, 'wait.json');
    writeFileSync(file, JSON.stringify({ tool: 'wait_for_delay', args: { time_in_ms: 60_000 } }));
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'cli/main.ts',
        'run',
        file,
        '--serial',
        rig.serial,
        '--server',
        `127.0.0.1:${rig.server.port}`,
        '--json',
      ],
      {
        cwd: process.cwd(),
        env: { ...process.env, TACTILE_DATA_DIR: rig.dir },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const locks = new DeviceLocks({ dir: join(rig.dir, 'locks') });
    const held = () => locks.status(rig.serial)[0]!.state === 'held';
    const deadline = Date.now() + 30_000;
    while (!held() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(held()).toBe(true);
    const t0 = Date.now();
    child.kill('SIGINT');
    expect(await exited).toBe(1);
    expect(Date.now() - t0).toBeLessThan(20_000); // stopped, not waited out
    expect(JSON.parse(stdout)).toMatchObject({
      tool: 'wait_for_delay',
      status: 'cancelled',
      code: 'CANCELLED',
      device_serial: rig.serial,
    });
    expect(locks.status(rig.serial)[0]!.state).toBe('free');
  }, 90_000);
});
