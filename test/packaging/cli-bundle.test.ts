// The `tactile` bundle as `npm run build` writes it (build/build.mjs buildCli, here into a temporary folder): each
// command is its own chunk, and what a start loads before the command runs is only what that command needs. Read
// from esbuild's metafile: the modules an output imports statically (dynamic imports load later, on demand).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli } from '../../build/build.mjs';
import { cliBundleIsFresh } from '../../build/cli-fresh.mjs';

const repo = join(import.meta.dirname, '..', '..');
const outdir = join(
  'node_modules',
  '.cache',
  'tactile-tests',
  `cli-bundle-${process.pid}-${randomBytes(4).toString('hex')}`,
);
let meta: Metafile;

beforeAll(async () => {
  meta = await buildCli(outdir);
}, 120_000);

afterAll(() => rmSync(join(repo, outdir), { recursive: true, force: true }));

/** The source files (and package files) loaded at once when `output` is imported: its static import closure. */
function loadedWith(output: string): string[] {
  const seen = new Set<string>();
  const stack = [output];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    for (const i of meta.outputs[next]!.imports) if (i.kind === 'import-statement' && !i.external) stack.push(i.path);
  }
  return [...seen].flatMap((o) => Object.keys(meta.outputs[o]!.inputs));
}

function chunkOf(command: string): string {
  const source = `cli/commands/${command}.ts`;
  // A dynamically imported module is an entry point of its own chunk.
  const found = Object.keys(meta.outputs).filter((o) => meta.outputs[o]!.entryPoint === source);
  expect(found, `${source} starts exactly one chunk`).toHaveLength(1);
  return found[0]!;
}

const entry = () => `${outdir}/tactile.mjs`;
const tactile = (...args: string[]) =>
  spawnSync(process.execPath, [join(repo, entry()), ...args], { encoding: 'utf8', cwd: repo });

describe('the tactile bundle', () => {
  it('starts with the dispatcher and the usage lines only: help loads no command, no package', () => {
    const loaded = loadedWith(entry());
    expect(loaded.filter((f) => !f.startsWith('cli/') || f.startsWith('cli/commands/'))).toEqual([]);
    expect(loaded).toEqual(expect.arrayContaining(['cli/main.ts', 'cli/catalog.ts', 'cli/usage.ts']));
  });

  it('gives every command its own chunk', () => {
    const commands = [
      'validate',
      'plan',
      'schema',
      'devices',
      'observe',
      'screenshot',
      'virtual-device',
      'lock',
      'run',
      'mcp',
      'bridge',
      'report',
      'flow',
    ];
    expect(new Set(commands.map(chunkOf)).size).toBe(commands.length);
  });

  it('mcp starts without adb, the executor, the HTTP server or the virtual device (loaded on the first call)', () => {
    const loaded = loadedWith(chunkOf('mcp'));
    expect(loaded).toContain('agents/mcp/server.ts');
    expect(
      loaded.filter((f) =>
        /^electron\/adb\/(index|adb-server|adbkit)\.ts$|^electron\/executor\/index\.ts$|^agents\/mcp\/http\.ts$|^virtual-device\/|@napi-rs|hono/.test(
          f,
        ),
      ),
    ).toEqual([]);
  });

  it('observe loads neither the MCP SDK nor the executor nor the virtual device', () => {
    const loaded = loadedWith(chunkOf('observe'));
    expect(loaded).toContain('electron/adb/index.ts');
    expect(loaded.filter((f) => /@modelcontextprotocol|^electron\/executor\/|^virtual-device\//.test(f))).toEqual([]);
  });

  it('is fresh once built: every input it lists is a file no newer than the bundle', () => {
    expect(cliBundleIsFresh(repo, outdir)).toBe(true);
  });

  it('runs: help lists the commands, schema and validate answer as from the sources', () => {
    const help = tactile('help');
    expect(help.status).toBe(0);
    expect((JSON.parse(help.stdout) as { commands: unknown[] }).commands).toHaveLength(13);
    const schema = tactile('schema', 'tap');
    expect(schema.status).toBe(0);
    expect(JSON.parse(schema.stdout)).toMatchObject({ type: 'object' });
    const invalid = tactile('validate', join(repo, 'docs', 'examples', 'click.json'), '--max-burst-actions', 'x');
    expect(invalid.status).toBe(2);
  });
});

describe('cliBundleIsFresh (what build/tactile.mjs runs: the bundle, or the sources through tsx)', () => {
  const root = mkdtempSync(join(tmpdir(), 'tactile-cli-fresh-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const at = (file: string, seconds: number) => utimesSync(join(root, file), seconds, seconds);

  it('is stale without a bundle, when a listed file is newer than the bundle, or when one is gone', () => {
    mkdirSync(join(root, 'src'));
    expect(cliBundleIsFresh(root, 'out')).toBe(false);
    mkdirSync(join(root, 'out'));
    writeFileSync(join(root, 'src', 'a.ts'), '');
    writeFileSync(join(root, 'out', 'tactile.mjs'), '');
    writeFileSync(join(root, 'out', 'inputs.json'), JSON.stringify({ inputs: ['src/a.ts'] }));
    at('src/a.ts', 1000);
    at('out/tactile.mjs', 2000);
    expect(cliBundleIsFresh(root, 'out')).toBe(true);
    at('src/a.ts', 3000);
    expect(cliBundleIsFresh(root, 'out')).toBe(false);
    at('src/a.ts', 1000);
    rmSync(join(root, 'src', 'a.ts'));
    expect(cliBundleIsFresh(root, 'out')).toBe(false);
  });
});
