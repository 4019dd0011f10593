// The flow library on a real folder: list/search/open/rename/duplicate/delete/import/export, atomic writes, and
// files that do not parse listed with their error and never rewritten.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleFlow } from '../../shared/flows/test-fixtures';
import { FlowLibrary, slugOf } from './library';

let dir: string;
let library: FlowLibrary;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tactile-flows-'));
  library = new FlowLibrary(join(dir, 'flows'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('flow library', () => {
  it('saves new flows under unique slugs and lists them, newest first, searchable', async () => {
    const a = await library.save(sampleFlow());
    const b = await library.save({ ...sampleFlow(), name: 'Play and check', description: 'second' });
    const c = await library.save({
      ...sampleFlow(),
      name: 'Settings: toggle Wi-Fi',
      description: '',
      steps: [{ tool: 'press_key', args: { key: 'home' } }],
    });
    expect([a.id, b.id, c.id]).toEqual(['play-and-check.json', 'play-and-check-2.json', 'settings-toggle-wi-fi.json']);
    expect(a).toMatchObject({
      name: 'Play and check',
      steps: 4,
      tools: ['action_sequence', 'drag', 'press_key', 'read_control'],
      error: null,
    });
    expect((await library.list()).map((e) => e.id).sort()).toEqual([a.id, b.id, c.id].sort());
    expect((await library.list('WI-FI')).map((e) => e.id)).toEqual([c.id]);
    expect((await library.list('tap play')).map((e) => e.id).sort()).toEqual([a.id, b.id].sort()); // a step label
    expect((await library.list('press_key')).length).toBe(3); // a tool
    // Nothing but the flows themselves is left in the folder (no temporary files).
    expect((await readdir(library.dir)).sort()).toEqual([a.id, b.id, c.id].sort());
  });

  it('refuses an invalid flow with the pointer into the request, writing nothing', async () => {
    const bad = { ...sampleFlow(), steps: [{ tool: 'click', args: { target: [2000, 1] } }] };
    await expect(library.save(bad)).rejects.toMatchObject({ code: 'OFF_SCREEN', path: '/flow/steps/0/args/target' });
    expect(await library.list()).toEqual([]);
  });

  it('opens, renames (same file), duplicates, exports, imports and deletes', async () => {
    const { id } = await library.save(sampleFlow());
    const renamed = await library.rename(id, 'Renamed');
    expect(renamed).toMatchObject({ id, name: 'Renamed' });
    const copy = await library.duplicate(id);
    expect(copy).toMatchObject({ id: 'renamed-copy.json', name: 'Renamed (copy)' });
    const opened = await library.open(copy.id);
    expect(opened.flow?.steps).toHaveLength(4);
    const out = join(dir, 'exported.json');
    await library.exportFlow(id, out);
    expect(JSON.parse(await readFile(out, 'utf8'))).toMatchObject({ format: 'tactile.flow/1', name: 'Renamed' });
    await expect(library.exportFlow(id, 'relative.json')).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      path: '/path',
    });
    const imported = await library.importFlow({ kind: 'path', path: out });
    expect(imported).toMatchObject({ id: 'renamed.json', name: 'Renamed' });
    const fromText = await library.importFlow({
      kind: 'text',
      text: JSON.stringify({ ...sampleFlow(), name: 'Pasted' }),
    });
    expect(fromText.id).toBe('pasted.json');
    await expect(library.importFlow({ kind: 'text', text: '{"format":"tactile.flow/1"}' })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      path: '/name',
    });
    expect(await library.delete(copy.id)).toBe(true);
    expect(await library.delete(copy.id)).toBe(false);
    await expect(library.open(copy.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('lists a file that does not parse with its error and never rewrites or drops it', async () => {
    await library.save(sampleFlow());
    const broken = '{"format":"tactile.flow/1","name":"half';
    const wrongStep = JSON.stringify({ ...sampleFlow(), steps: [{ tool: 'nope' }] });
    await writeFile(join(library.dir, 'broken.json'), broken);
    await writeFile(join(library.dir, 'wrong-step.json'), wrongStep);
    await writeFile(join(library.dir, 'notes.txt'), 'not a flow');
    const list = await library.list();
    expect(list.find((e) => e.id === 'broken.json')).toMatchObject({
      name: null,
      steps: null,
      error: { code: 'INVALID_ARGUMENT', path: '' },
    });
    expect(list.find((e) => e.id === 'wrong-step.json')).toMatchObject({
      error: { code: 'UNKNOWN_TOOL', path: '/steps/0/tool' },
    });
    expect(list.some((e) => e.id === 'notes.txt')).toBe(false);
    expect(await library.open('wrong-step.json')).toMatchObject({ flow: null, errors: [{ code: 'UNKNOWN_TOOL' }] });
    // Saving over it, renaming or duplicating it is refused: the file stays byte for byte as it was.
    await expect(library.save(sampleFlow(), 'broken.json')).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(library.rename('wrong-step.json', 'x')).rejects.toMatchObject({ code: 'UNKNOWN_TOOL' });
    await expect(library.duplicate('broken.json')).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect(await readFile(join(library.dir, 'broken.json'), 'utf8')).toBe(broken);
    expect(await readFile(join(library.dir, 'wrong-step.json'), 'utf8')).toBe(wrongStep);
  });

  it('refuses ids that are not library file names', async () => {
    await expect(library.open('../escape.json')).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', path: '/id' });
    await expect(library.open('.hidden.json')).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', path: '/id' });
  });

  it('makes file names from any flow name', () => {
    expect(slugOf('Play & check the Seek-Bar!')).toBe('play-check-the-seek-bar');
    expect(slugOf('Café crème')).toBe('cafe-creme');
    expect(slugOf('日本語')).toBe('flow');
    expect(slugOf('x'.repeat(200))).toHaveLength(60);
  });
});

describe('flow import by path: only regular files, never quoted', () => {
  // A secret-looking first line: no refusal may carry any of it.
  const SECRET = 'root:$6$saltsalt$hash:19000:0:99999:7:::';
  const refusal = async (path: string) => {
    const e = (await library.importFlow({ kind: 'path', path }).then(
      () => null,
      (error: unknown) => error,
    )) as { code: string; path: string; message: string } | null;
    expect(e, `${path} was imported`).not.toBeNull();
    expect(e!.message).not.toContain('root');
    expect(e!.message).not.toContain('$6$');
    expect(e!.path).toBe('/source/path');
    return e!;
  };

  it('refuses /dev/zero, a FIFO, a symlink and a directory without reading them, saying what each is', async () => {
    const fifo = join(dir, 'pipe.json');
    execFileSync('mkfifo', [fifo]);
    const target = join(dir, 'shadow');
    await writeFile(target, SECRET + '\n');
    const link = join(dir, 'link.json');
    await symlink(target, link);
    if (process.platform !== 'win32')
      expect(await refusal('/dev/zero')).toMatchObject({
        code: 'INVALID_ARGUMENT',
        message: expect.stringContaining('/dev/zero is a character device: expected a flow file'),
      });
    // A FIFO with no writer: reading it would block forever (and hold a libuv thread).
    expect(await refusal(fifo)).toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('is a FIFO (named pipe)'),
    });
    expect(await refusal(link)).toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('is a symbolic link'),
    });
    expect(await refusal(dir)).toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('is a directory'),
    });
    expect(await refusal(join(dir, 'absent.json'))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await library.list()).toEqual([]);
  });

  it('refuses a file over 8 MiB by its size, and a readable non-flow file without quoting it', async () => {
    const big = join(dir, 'big.json');
    await writeFile(big, Buffer.alloc(8 * 1024 * 1024 + 1, 0x20));
    expect(await refusal(big)).toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining(
        `is ${8 * 1024 * 1024 + 1} bytes: expected a flow file (tactile.flow/1 JSON) of at most ${8 * 1024 * 1024} bytes`,
      ),
    });
    const text = join(dir, 'passwd');
    await writeFile(text, SECRET + '\nbin:x:1:1::/:/usr/sbin/nologin\n');
    const e = await library.importFlow({ kind: 'path', path: text }).then(
      () => null,
      (error: { code: string; path: string; message: string }) => error,
    );
    expect(e).toMatchObject({
      code: 'INVALID_ARGUMENT',
      path: '',
      message: expect.stringContaining(`The flow from ${text} does not parse as a flow file`),
    });
    expect(e!.message).not.toContain('root');
    const binary = join(dir, 'binary.json');
    await writeFile(binary, Buffer.from([0x7b, 0xff, 0xfe, 0x7d]));
    expect(await refusal(binary)).toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('is not UTF-8 text'),
    });
  });

  it('lists a FIFO in the library folder as unreadable instead of blocking on it', async () => {
    await library.save(sampleFlow());
    for (const n of [1, 2, 3, 4, 5]) execFileSync('mkfifo', [join(library.dir, `pipe-${n}.json`)]);
    const entries = await library.list();
    expect(entries).toHaveLength(6);
    const pipes = entries.filter((e) => e.id.startsWith('pipe-'));
    expect(pipes.every((e) => e.error?.code === 'READ_FAILED' && e.error.message.includes('is a FIFO'))).toBe(true);
    expect(entries.find((e) => e.id === 'play-and-check.json')).toMatchObject({ error: null, steps: 4 });
  });
});
