// The virtual device's shell through the stock adb CLI: what an adb user types reaches mksh-like
// parsing on the device (adb joins its arguments with spaces; the device shell splits them again).
// Assertions hold with plain `shell:` (stderr merged into stdout) and with shell_v2 (stderr apart).

import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVirtualDevice, type VirtualDevice } from '../../virtual-device/virtual-device';
import { startAdbServer, type AdbServer } from '../support/adb-server';

const TIMEOUT = 60_000;

describe('virtual shell behind the stock adb CLI', () => {
  let adb: AdbServer;
  let device: VirtualDevice;
  beforeAll(async () => {
    adb = await startAdbServer();
    device = await startVirtualDevice({});
    await adb.connect(device.serial);
  }, TIMEOUT);
  afterAll(async () => {
    await device?.stop();
    await adb?.stop();
  });
  const sh = (...args: string[]) => adb.adb(['-s', device.serial, 'shell', ...args]);

  it(
    "expands $? after a failed ls and prints toybox's error",
    async () => {
      const r = await sh('ls /nonexistent; echo $?');
      expect(r.stdout.endsWith('1\n')).toBe(true);
      expect(r.stdout + r.stderr).toContain('ls: /nonexistent: No such file or directory\n');
    },
    TIMEOUT,
  );

  it(
    'runs variables, lists, pipes and redirection sent as separate adb arguments',
    async () => {
      expect(
        (await sh('A=tactile;', 'echo', '"$A"', '&&', 'getprop', 'ro.product.manufacturer', '|', 'tr', 'a-z', 'A-Z'))
          .stdout,
      ).toBe('tactile\nTACTILE\n');
      expect((await sh("echo 'a  b' > /data/local/tmp/q && cat /data/local/tmp/q | wc -c")).stdout).toBe('5\n');
      expect((await sh('dumpsys', 'window', '|', 'grep', '-c', 'mCurrentFocus')).stdout).toBe('1\n');
      expect((await sh("sh -c 'echo $0 $1' zero one")).stdout).toBe('zero one\n');
    },
    TIMEOUT,
  );

  it(
    '`adb logcat -s TAG` streams lines written after it started and keeps running; -d prints and exits',
    async () => {
      const reader = spawn('adb', ['-s', device.serial, 'logcat', '-v', 'brief', '-s', 'PeerTag'], {
        env: adb.env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      reader.stdout!.on('data', (c: Buffer) => (out += c.toString()));
      const exited = new Promise<number | null>((resolve) => reader.once('close', resolve));
      try {
        // The reader may attach after the first line: write until one reaches it, then one more that must follow.
        await expect
          .poll(async () => (await sh('log', '-t', 'PeerTag', 'first'), out), { timeout: 20_000 })
          .toContain('I/PeerTag');
        await sh('log', '-t', 'OtherTag', 'filtered out');
        await sh('log', '-p', 'w', '-t', 'PeerTag', 'streamed');
        await expect.poll(() => out, { timeout: 20_000 }).toMatch(/W\/PeerTag\s*\(\s*\d+\): streamed\r?\n/);
        expect(out).not.toContain('OtherTag');
        expect(reader.exitCode).toBeNull();
      } finally {
        reader.kill();
        await exited;
      }
      const dumped = await adb.adb(['-s', device.serial, 'logcat', '-d', '-v', 'brief', '-s', 'PeerTag']);
      expect(dumped.code).toBe(0);
      expect(dumped.stdout).toMatch(/W\/PeerTag\s*\(\s*\d+\): streamed/);
    },
    TIMEOUT,
  );
});
