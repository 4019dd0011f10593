// The agent commands as a user runs them: `tactile bridge` writes a device-scoped token to --token-file with
// mode 0600 (never to stdout) and serves until SIGTERM; `tactile mcp --http` prints its token once; bad flags are
// usage errors (exit 2) before anything starts.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/adb-server';
import { startAgentRig, type AgentRig } from '../support/agent-rig';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let rig: AgentRig | undefined;

function tactile(args: string[]): { child: ChildProcess; firstLine: Promise<string>; exit: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'cli/main.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, TACTILE_DATA_DIR: rig!.dir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const firstLine = new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, firstLine, exit };
}

beforeAll(async () => {
  rig = await startAgentRig('tactile-agent-cli-');
}, 60_000);

afterAll(() => rig?.stop());

describe('tactile bridge and tactile mcp --http', () => {
  it('bridge writes its token to a 0600 file, prints only where to reach it, and answers with that token', async () => {
    const file = join(rig!.dir, 'bridge-token');
    const port = await freePort();
    const run = tactile([
      'bridge',
      '--serial',
      rig!.serial,
      '--server',
      `127.0.0.1:${rig!.server.port}`,
      '--port',
      String(port),
      '--token-file',
      file,
    ]);
    const line = JSON.parse(await run.firstLine) as Record<string, unknown>;
    expect(line).toMatchObject({ ok: true, url: `http://127.0.0.1:${port}`, token_file: file, approve: 'ask' });
    const token = readFileSync(file, 'utf8').trim();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(token).toMatch(new RegExp(`^tactile_bridge_${line['device_id'] as string}_`));
    expect(JSON.stringify(line)).not.toContain(token);
    const device = await fetch(`http://127.0.0.1:${port}/api/agent/device`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await device.json()).toMatchObject({ id: line['device_id'], localApprovalRequired: true });
    run.child.kill('SIGTERM');
    expect(await run.exit).toBe(0);
  }, 60_000);

  it('bridge refuses a --token-file that is a symlink and leaves its target alone (exit 2)', async () => {
    const target = join(rig!.dir, 'bashrc');
    writeFileSync(target, 'export PATH\n', { mode: 0o644 });
    const link = join(rig!.dir, 'token-link');
    symlinkSync(target, link);
    const run = tactile([
      'bridge',
      '--serial',
      rig!.serial,
      '--server',
      `127.0.0.1:${rig!.server.port}`,
      '--port',
      String(await freePort()),
      '--token-file',
      link,
    ]);
    expect(JSON.parse(await run.firstLine)).toMatchObject({
      ok: false,
      errors: [{ message: expect.stringContaining('is a symbolic link') }],
    });
    expect(await run.exit).toBe(2);
    expect(readFileSync(target, 'utf8')).toBe('export PATH\n');
    expect(statSync(target).mode & 0o777).toBe(0o644);
  }, 60_000);

  it('mcp --http prints its bearer token once and refuses requests without it', async () => {
    const port = await freePort();
    const run = tactile([
      'mcp',
      '--serial',
      rig!.serial,
      '--server',
      `127.0.0.1:${rig!.server.port}`,
      '--http',
      String(port),
      '--approve',
      'read-only',
    ]);
    const line = JSON.parse(await run.firstLine) as { url: string; token: string; approve: string };
    expect(line).toMatchObject({ url: `http://127.0.0.1:${port}/mcp`, approve: 'read-only' });
    expect(line.token).toMatch(/^tactile_mcp_[A-Za-z0-9_-]{43}$/);
    expect((await fetch(line.url, { method: 'POST', body: '{}' })).status).toBe(401);
    run.child.kill('SIGTERM');
    expect(await run.exit).toBe(0);
  }, 60_000);

  it('refuses bad flags with exit 2', async () => {
    const runs: Array<Promise<void>> = [];
    for (const args of [
      ['mcp', '--serial', 's', '--approve', 'always'],
      ['mcp', '--listen', '0.0.0.0'],
      ['mcp', '--serial', 's', '--session-idle-ms', '1000'],
      ['mcp', '--serial', 's', '--http', '1', '--session-idle-ms', '0'],
      ['bridge', '--serial', 's', '--port', '1', '--token-file', 'f', '--approve', 'read-only'],
      ['bridge', '--serial', 's', '--token-file', 'f'],
    ]) {
      runs.push(tactile(args).exit.then((code) => expect(code, args.join(' ')).toBe(2)));
    }
    await Promise.all(runs);
  }, 60_000);
});
