// One Ctrl-C on `npm start` stops the console cleanly: the terminal sends SIGINT to the whole process group
// (npm, build/start.mjs's runChild and the console), so the console receives it more than once; the first stops
// it, the rest must not kill it mid-stop. Checked as a terminal does it: SIGINT to the group of runChild + the
// web console (serve-web.ts) on a private adb server, with a stand-in renderer page. Afterwards the virtual
// device the console started is gone from `adb devices` (not left `offline`), and the exit code is 0.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdbServer, type AdbServer } from '../support/adb-server';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let adb: AdbServer;
let dir: string;

beforeAll(async () => {
  adb = await startAdbServer();
  dir = mkdtempSync(join(tmpdir(), 'tactile-start-sigint-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>stand-in</title>');
}, 60_000);

afterAll(async () => {
  await adb?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const devices = async () =>
  (await adb.adb(['devices'])).stdout
    .split('\n')
    .slice(1)
    .filter((l) => l.trim() !== '');

describe.skipIf(process.platform === 'win32')('npm start and Ctrl-C', () => {
  it('a SIGINT to the whole process group disconnects the virtual device and exits 0', async () => {
    const script = `import { runChild } from './build/child-process.mjs'; runChild(process.execPath, ['--import', 'tsx', 'electron/bridge/serve-web.ts'], { cwd: process.cwd() });`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        TACTILE_ADB_SERVERS: `127.0.0.1:${adb.port}`,
        TACTILE_DATA_DIR: dir,
        TACTILE_RENDERER_DIR: dir,
      },
    });
    let stderr = '';
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout!.on('data', (c: Buffer) => {
          out += c.toString();
          const m = /http:\/\/127\.0\.0\.1:\d+\/\?token=\S+/.exec(out);
          if (m) resolve(m[0]);
        });
        child.once('exit', () => reject(new Error(`the console exited before serving: ${stderr}`)));
      });
      expect(url).toContain('token=');
      const serial = /started the virtual device (\S+)\./.exec(stderr)?.[1];
      expect(serial, stderr).toBeDefined();
      await expect.poll(devices, { timeout: 30_000 }).toContainEqual(`${serial}\tdevice`);
      // What the terminal does on Ctrl-C: SIGINT to every process of the foreground group; npm then passes it on
      // to its child once more, and it reaches the console again while it is stopping (signals that arrive
      // together are merged, so the later ones are sent once the stop has begun).
      process.kill(-child.pid!, 'SIGINT');
      await expect.poll(() => stderr, { timeout: 30_000 }).toContain('Stopping');
      for (const pid of [child.pid!, -child.pid!]) {
        try {
          process.kill(pid, 'SIGINT');
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code !== 'ESRCH') throw e; // already stopped: nothing left to interrupt
        }
      }
      expect(await exited).toEqual({ code: 0, signal: null });
      expect(stderr).toContain('Tactile console stopped.');
      expect((await devices()).filter((l) => l.startsWith(`${serial!}\t`))).toEqual([]);
    } finally {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
    }
  }, 120_000);
});
