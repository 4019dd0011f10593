import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliCommand, CliIo } from './command';
import { dispatch, type CommandEntry } from './dispatch';
import { COMMANDS as CATALOG } from './catalog';
import { USAGE } from './usage';
import { planCommand } from './commands/plan';
import { lockCommand } from './commands/lock';
import { observeCommand } from './commands/observe';
import { runCommand } from './commands/run';
import { screenshotCommand } from './commands/screenshot';
import { schemaCommand } from './commands/schema';
import { validateCommand } from './commands/validate';
import { virtualDeviceCommand } from './commands/virtual-device';
import { DRAG_SETTLE_MS } from '../shared/gesture';

/** An already loaded command as the dispatcher's entry. */
const loaded = (command: CliCommand): CommandEntry => ({
  name: command.name,
  usage: command.usage,
  load: async () => command,
});
const COMMANDS = [validateCommand, planCommand, schemaCommand];

/** In-memory files and captured output. */
function fakeIo(files: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    stdout: { write: (s: string) => out.push(s) },
    stderr: { write: (s: string) => err.push(s) },
    readFile: async (p) => {
      if (!(p in files)) throw Object.assign(new Error(`ENOENT: ${p}`), { code: 'ENOENT' });
      return files[p]!;
    },
  };
  return { io, out, err };
}

async function run(argv: string[], files: Record<string, string> = {}, commands: CliCommand[] = COMMANDS) {
  const f = fakeIo(files);
  const code = await dispatch(commands.map(loaded), argv, f.io);
  expect(f.out).toHaveLength(1); // exactly one JSON object on stdout
  return { code, json: JSON.parse(f.out[0]!) as Record<string, unknown>, stderr: f.err.join('') };
}

const json = (v: unknown) => JSON.stringify(v);
const pinch = json({
  tool: 'pinch',
  args: { center: [500, 500], start_span: 200, end_span: 400, target_description: 'map', duration_ms: 32 },
});
const drag = json({ tool: 'drag', args: { start: [100, 500], end: [900, 500], target_description: 'seek' } });

describe('tactile validate', () => {
  it('prints the call with defaults filled, exit 0', async () => {
    const r = await run(['validate', 'p.json'], { 'p.json': pinch });
    expect(r.code).toBe(0);
    expect(r.json).toEqual({
      ok: true,
      tool: 'pinch',
      args: {
        center: [500, 500],
        start_span: 200,
        end_span: 400,
        angle_degrees: 0,
        rotation_degrees: 0,
        duration_ms: 32,
        coordinate_space: 'normalized',
        target_description: 'map',
        require_visible: null,
        region: null,
      },
    });
  });

  it('invalid content: errors with code/path/message, exit 1', async () => {
    const bad = await run(['validate', 'b.json'], {
      'b.json': json({ tool: 'click', args: { target: [1, 2], times: 0 } }),
    });
    expect(bad).toMatchObject({
      code: 1,
      json: { ok: false, errors: [{ code: 'INVALID_ARGUMENT', path: '/args/times' }] },
    });
    const unknown = await run(['validate', 'u.json'], { 'u.json': json({ tool: 'fly', args: {} }) });
    expect(unknown).toMatchObject({ code: 1, json: { ok: false, errors: [{ code: 'UNKNOWN_TOOL', path: '/tool' }] } });
    const notJson = await run(['validate', 'n.json'], { 'n.json': '{"tool":' });
    expect(notJson).toMatchObject({ code: 1, json: { ok: false, errors: [{ code: 'INVALID_ARGUMENT', path: '' }] } });
  });

  it('semantic refusals come from validation (OFF_SCREEN without a screen)', async () => {
    const r = await run(['validate', 'o.json'], { 'o.json': json({ tool: 'click', args: { target: [1001, 5] } }) });
    expect(r).toMatchObject({ code: 1, json: { ok: false, errors: [{ code: 'OFF_SCREEN' }] } });
  });

  it('--max-burst-actions bounds sequences', async () => {
    const seq = json({
      tool: 'action_sequence',
      args: {
        steps: [
          { action: 'wait', time_in_ms: 1 },
          { action: 'wait', time_in_ms: 1 },
        ],
      },
    });
    expect((await run(['validate', 's.json', '--max-burst-actions', '1'], { 's.json': seq })).json).toMatchObject({
      errors: [{ code: 'TOO_MANY_MEMBERS' }],
    });
    expect((await run(['validate', 's.json', '--max-burst-actions', '2'], { 's.json': seq })).code).toBe(0);
  });

  it('--dialect agent converts to the canonical form', async () => {
    const agent = json({ tool: 'press_key', args: { key: 'HOME' } });
    expect(await run(['validate', 'a.json', '--dialect', 'agent'], { 'a.json': agent })).toMatchObject({
      code: 0,
      json: { ok: true, tool: 'press_key', args: { key: 'home' } },
    });
    expect((await run(['validate', 'a.json'], { 'a.json': agent })).code).toBe(1);
  });

  it.each([
    [['validate']],
    [['validate', 'a.json', 'b.json']],
    [['validate', 'missing.json']],
    [['validate', 'p.json', '--dialect', 'robot']],
    [['validate', 'p.json', '--frob']],
    [['validate', 'p.json', '--max-burst-actions', '0']],
    [['plan', 'p.json']],
    [['plan', 'p.json', '--screen', '1080']],
    [['plan', 'p.json', '--screen', '0x100']],
    [['schema', 'a', 'b']],
    [['nope']],
    [[]],
  ])('usage error %j: exit 2, usage on stderr', async (argv) => {
    const r = await run(argv, { 'p.json': pinch });
    expect(r.code).toBe(2);
    expect(r.json).toMatchObject({
      ok: false,
      errors: [{ code: 'INVALID_ARGUMENT', path: '', message: expect.any(String) }],
    });
    expect(r.stderr).toMatch(/^usage: tactile/);
  });
});

describe('tactile plan', () => {
  it('prints pointers in device pixels', async () => {
    const r = await run(['plan', 'd.json', '--screen', '1001x2001'], { 'd.json': drag });
    expect(r).toEqual({
      code: 0,
      stderr: '',
      json: {
        ok: true,
        tool: 'drag',
        drag_profile: { move_ms: 300, settle_ms: DRAG_SETTLE_MS },
        pointers: [
          {
            id: 0,
            keyframes: [
              { t_ms: 0, x: 100, y: 1000 },
              { t_ms: 300, x: 900, y: 1000 },
              { t_ms: 300 + DRAG_SETTLE_MS, x: 900, y: 1000 },
            ],
          },
        ],
      },
    });
  });

  it('validates against the screen before planning', async () => {
    const px = json({
      tool: 'action_sequence',
      args: { steps: [{ action: 'click', target: [1080, 10], target_description: 'x', coordinate_space: 'pixel' }] },
    });
    expect(await run(['plan', 'x.json', '--screen', '1080x2400'], { 'x.json': px })).toMatchObject({
      code: 1,
      json: { ok: false, errors: [{ code: 'OFF_SCREEN', path: expect.stringMatching(/^\/args\/steps\/0\/target/) }] },
    });
  });
});

describe('tactile run (before any device)', () => {
  it('an unreadable FILE is a usage error; content that is not JSON is invalid, exit 1', async () => {
    const missing = await run(['run', 'missing.json', '--serial', 'emulator-5554'], {}, [runCommand]);
    expect(missing).toMatchObject({
      code: 2,
      json: { ok: false, errors: [{ code: 'INVALID_ARGUMENT', message: 'Cannot read "missing.json" (ENOENT).' }] },
    });
    const notJson = await run(['run', 'n.json', '--serial', 'emulator-5554'], { 'n.json': '{"tool":' }, [runCommand]);
    expect(notJson).toMatchObject({
      code: 1,
      json: {
        ok: false,
        errors: [{ code: 'INVALID_ARGUMENT', path: '', message: expect.stringMatching(/^FILE is not valid JSON/) }],
      },
    });
  });
  it('a --serial that cannot name a device is INVALID_SERIAL (exit 2) before adb or the lock, with no path in the message', async () => {
    const files = { 'c.json': json({ tool: 'click', args: { target: [500, 500] } }) };
    for (const serial of ['\u0000', '127.0.0.1:6621\n', '', 's:'.repeat(128)]) {
      const r = await run(['run', 'c.json', '--serial', serial], files, [
        runCommand,
        observeCommand,
        screenshotCommand,
        lockCommand,
      ]);
      expect(r, JSON.stringify(serial)).toMatchObject({
        code: 2,
        json: { ok: false, errors: [{ code: 'INVALID_SERIAL', path: '' }] },
      });
      expect(JSON.stringify(r.json)).not.toMatch(/\.lock|\/tmp\/|tactile-/);
    }
    for (const argv of [
      ['observe', '--serial', '\u0000'],
      ['screenshot', '--serial', '', '-o', 'x.png'],
      ['lock', 'status', '--serial', 'a\nb'],
    ]) {
      expect(await run(argv, {}, [observeCommand, screenshotCommand, lockCommand]), argv.join(' ')).toMatchObject({
        code: 2,
        json: { errors: [{ code: 'INVALID_SERIAL' }] },
      });
    }
  });
});

describe('deep or huge JSON (issue 10, Found 2)', () => {
  const deep = `{"tool":"click","args":{"target":${'['.repeat(5000)}${']'.repeat(5000)}}}`;
  const huge = json({ tool: 'input_text', args: { text: 'x'.repeat(2 * 1024 * 1024) } });

  it.each([
    ['validate', ['validate', 'f.json']],
    ['plan', ['plan', 'f.json', '--screen', '1080x2400']],
    ['run', ['run', 'f.json', '--serial', 'emulator-5554']],
  ])('%s: 5,000 nesting levels and 2 MB are INVALID_ARGUMENT at "", exit 1, before any device', async (_name, argv) => {
    for (const content of [deep, huge]) {
      const r = await run(argv, { 'f.json': content }, [validateCommand, planCommand, runCommand]);
      expect(r).toMatchObject({ code: 1, json: { ok: false, errors: [{ code: 'INVALID_ARGUMENT', path: '' }] } });
    }
  });
});

describe('tactile virtual-device', () => {
  it('refuses a malformed --size before starting anything, exit 2', async () => {
    const r = await run(['virtual-device', '--size', '720'], {}, [virtualDeviceCommand]);
    expect(r.code).toBe(2);
    expect(r.json).toMatchObject({
      ok: false,
      errors: [{ code: 'INVALID_ARGUMENT', path: '', message: expect.stringMatching(/^--size must be WIDTHxHEIGHT/) }],
    });
  });
});

describe('tactile schema', () => {
  it('prints one tool bare, or all tools', async () => {
    const one = await run(['schema', 'wait_for_delay']);
    expect(one.code).toBe(0);
    expect(one.json).toMatchObject({ type: 'object', required: ['time_in_ms'], additionalProperties: false });
    const all = await run(['schema']);
    expect(Object.keys(all.json.tools as object)).toHaveLength(23);
    expect(await run(['schema', 'fly'])).toMatchObject({ code: 2, json: { errors: [{ code: 'UNKNOWN_TOOL' }] } });
  });
});

describe('dispatch', () => {
  it('reports a throwing command as INTERNAL, exit 3, without a stack', async () => {
    const boom: CliCommand = {
      name: 'boom',
      usage: 'tactile boom',
      run: async () => {
        throw new Error('kaput');
      },
    };
    const r = await run(['boom'], {}, [boom]);
    expect(r).toMatchObject({
      code: 3,
      json: { ok: false, errors: [{ code: 'INTERNAL', message: 'Internal error in "boom": kaput' }] },
    });
    expect(JSON.stringify(r.json)).not.toMatch(/\n\s+at /);
  });

  it('help lists the commands', async () => {
    expect(await run(['help'])).toMatchObject({
      code: 0,
      json: { ok: true, commands: [{ name: 'validate' }, { name: 'plan' }, { name: 'schema' }] },
    });
  });

  it('the catalog lists every command once, with the name and usage line the loaded command prints', async () => {
    expect(CATALOG.map((c) => c.name)).toEqual(Object.keys(USAGE));
    for (const entry of CATALOG) {
      const command = await entry.load();
      expect({ name: command.name, usage: command.usage }).toEqual({ name: entry.name, usage: entry.usage });
    }
  });

  it('loads a command only when it runs', async () => {
    let loads = 0;
    const lazy: CommandEntry = {
      name: 'schema',
      usage: schemaCommand.usage,
      load: async () => {
        loads++;
        return schemaCommand;
      },
    };
    const f = fakeIo({});
    await dispatch([lazy], ['help'], f.io);
    await dispatch([lazy], ['nope'], f.io);
    expect(loads).toBe(0);
    expect(await dispatch([lazy], ['schema', 'tap'], f.io)).toBe(0);
    expect(loads).toBe(1);
  });
});

describe('the tactile process (spawned)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tactile-cli-'));
  const tactile = (...args: string[]) =>
    spawnSync('npx', ['tsx', 'cli/main.ts', ...args], { encoding: 'utf8', cwd: process.cwd() });

  it('exit 0 with one JSON line for a valid file', () => {
    writeFileSync(join(dir, 'p.json'), pinch);
    const r = tactile('plan', join(dir, 'p.json'), '--screen', '1080x2400');
    expect(r.status).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, tool: 'pinch', pointers: [{ id: 0 }, { id: 1 }] });
  });

  it('a reader that stops early (`tactile schema flow | head`) ends it quietly with exit 0', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'cli/main.ts', 'schema', 'flow'], {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    // The reader is gone before the output comes (what `head` is once it has its lines): the pipe is closed.
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  }, 60_000);

  it('exit 1 for an invalid file, exit 2 for an unreadable one; never a stack trace', () => {
    writeFileSync(join(dir, 'bad.json'), json({ tool: 'swipe', args: { start: [1, 2] } }));
    const invalid = tactile('validate', join(dir, 'bad.json'));
    expect(invalid.status).toBe(1);
    expect(JSON.parse(invalid.stdout)).toEqual({
      ok: false,
      errors: [{ code: 'INVALID_ARGUMENT', path: '/args/end', message: expect.any(String) }],
    });
    const missing = tactile('validate', join(dir, 'none.json'));
    expect(missing.status).toBe(2);
    expect(JSON.parse(missing.stdout)).toMatchObject({ ok: false });
    expect(invalid.stderr + missing.stderr + missing.stdout).not.toMatch(/\n\s+at /);
  });
});
