import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeviceLocks } from '../../electron/device/lock';
import type { CliIo } from '../command';
import { lockCommand } from './lock';

let dir: string;
let saved: string | undefined;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tactile-cli-lock-'));
  saved = process.env['TACTILE_DATA_DIR'];
  process.env['TACTILE_DATA_DIR'] = dir;
});
afterEach(() => {
  if (saved === undefined) delete process.env['TACTILE_DATA_DIR'];
  else process.env['TACTILE_DATA_DIR'] = saved;
  rmSync(dir, { recursive: true, force: true });
});

async function run(...argv: string[]) {
  let out = '';
  const io: CliIo = {
    stdout: { write: (c: string) => (out += c) },
    stderr: { write: () => true },
    readFile: async () => '',
  };
  const code = await lockCommand.run(argv, io);
  return { code, out };
}

describe('tactile lock status', () => {
  it('shows the holder of a held device and free for one nobody holds', async () => {
    const held = new DeviceLocks({ dir: join(dir, 'locks') }).acquire('emulator-5554', 'console', {
      operationId: 'op-42',
    });
    expect(held.ok).toBe(true);
    const all = await run('status', '--json');
    expect(all.code).toBe(0);
    const parsed = JSON.parse(all.out);
    expect(parsed.locks).toHaveLength(1);
    expect(parsed.locks[0]).toMatchObject({
      serial: 'emulator-5554',
      state: 'held',
      holder: { operation_id: 'op-42', owner: { client: 'console' } },
    });
    expect((await run('status')).out).toMatch(/^emulator-5554\theld\tconsole pid \d+ on .*\top op-42\tsince /);
    expect(JSON.parse((await run('status', '--serial', 'other', '--json')).out).locks).toMatchObject([
      { serial: 'other', state: 'free' },
    ]);
  });

  it('is a usage error without the status subcommand', async () => {
    expect((await run()).code).toBe(2);
    expect((await run('release')).code).toBe(2);
  });
});
