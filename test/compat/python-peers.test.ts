// Two Python adb clients nobody here wrote — adbutils 2.12 and pure-python-adb (pinned in py-peers/
// requirements.txt, installed into a cached venv) — drive the virtual device through the real adb server. Each
// script runs its library's calls and checks every answer the way that library's users read an Android 14 phone
// (app_current/get_top_activity after HOME, wlan_ip, app_info, battery, /proc CPU stats, root/reboot…); the test
// requires each call to pass, and adbutils to cover at least 60 calls.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVirtualDevice, type VirtualDevice } from '../../virtual-device/virtual-device';
import { startAdbServer, type AdbServer } from '../support/adb-server';
import { buildApk } from '../support/build-apk';
import { pythonVenv } from '../support/py-venv';

const run = promisify(execFile);
const PEERS = join(__dirname, 'py-peers');
const TIMEOUT = 600_000;

interface CallResult {
  call: string;
  ok: boolean;
  value?: string;
  error?: string;
}

describe('Python peer clients against the virtual device', () => {
  let server: AdbServer;
  let device: VirtualDevice;
  let python: string;
  let scratch: string;

  /** Runs a peer script and returns its last stdout line, parsed (the libraries print their own chatter before it). */
  const peer = async (script: string, apk: string): Promise<unknown> => {
    const out = join(scratch, script.replace(/\.py$/, ''));
    const { stdout } = await run(python, [join(PEERS, script)], {
      env: {
        ...process.env,
        ADB_PORT: String(server.port),
        SERIAL: device.serial,
        APK: apk,
        OUT: out,
        PYTHONDONTWRITEBYTECODE: '1',
      },
      timeout: 300_000,
      maxBuffer: 16 * 1024 * 1024,
    }).catch((e: { stdout?: string; stderr?: string; message: string }) => {
      throw new Error(`${script} failed: ${e.message}\n${e.stderr ?? ''}`);
    });
    const lines = stdout.trim().split('\n');
    return JSON.parse(lines[lines.length - 1]!) as unknown;
  };
  const apk = (name: string) => {
    const path = join(scratch, `${name}.apk`);
    writeFileSync(
      path,
      buildApk({ packageName: `com.tactile.${name}`, label: name, versionCode: 1, versionName: '1.0' }),
    );
    return path;
  };

  beforeAll(async () => {
    python = await pythonVenv(join(PEERS, 'requirements.txt'));
    scratch = mkdtempSync(join(tmpdir(), 'tactile-py-peers-'));
    for (const d of ['adbutils_peer', 'ppadb_peer']) mkdirSync(join(scratch, d));
    server = await startAdbServer();
    device = await startVirtualDevice();
    await server.connect(device.serial);
  }, TIMEOUT);

  afterAll(async () => {
    await device?.stop();
    await server?.stop();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it(
    'adbutils 2.12: its everyday API (60+ calls) answers like Android 14',
    async () => {
      const results = (await peer('adbutils_peer.py', apk('adbutils'))) as CallResult[];
      expect(results.filter((r) => !r.ok)).toEqual([]);
      expect(new Set(results.map((r) => r.call)).size).toBeGreaterThanOrEqual(60);
    },
    TIMEOUT,
  );

  it(
    'pure-python-adb: every call that reaches the server or the device answers like Android 14',
    async () => {
      const { results, excluded } = (await peer('ppadb_peer.py', apk('ppadb'))) as {
        results: CallResult[];
        excluded: Array<{ call: string }>;
      };
      expect(results.filter((r) => !r.ok)).toEqual([]);
      expect(results.length).toBeGreaterThanOrEqual(60);
      expect(excluded.map((e) => e.call)).toEqual([
        'device.framebuffer',
        'device.logcat',
        'device.input_roll',
        'client.kill',
      ]);
    },
    TIMEOUT,
  );
});
