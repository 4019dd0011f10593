// SIGKILL of the process saving flows, at random moments during 100 saves: afterwards every file in the library
// parses and holds either its old content or the new one, never a mix, and no save is lost once reported.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FlowLibrary } from '../../electron/flows/library';
import { parseFlowText } from '../../shared/flows';
import { sampleFlow } from '../../shared/flows/test-fixtures';
import { buildNodeBundle } from '../support/cli-bundle';

const SAVES = 100;
const IDS = ['first.json', 'second.json', 'third.json'];
const NAMES = ['First', 'Second', 'Third'];

let dir: string;
let saver: Awaited<ReturnType<typeof buildNodeBundle>>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tactile-flow-kill-'));
  saver = await buildNodeBundle('test/support/flow-saver.ts', 'flow-saver');
}, 60_000);

afterAll(async () => {
  await saver?.remove();
  await rm(dir, { recursive: true, force: true });
});

const versionOf = (description: string) => Number(/^v(\d+) /.exec(description)?.[1]);

describe('flow library under SIGKILL', () => {
  it('leaves every file whole (old or new content) however the saving process is killed', async () => {
    const library = new FlowLibrary(join(dir, 'flows'));
    // Version k of file IDS[k % 3]: seed versions 0..2 so every file exists before the first kill.
    const seeds = [0, 1, 2].map((v) => ({ ...sampleFlow(), name: NAMES[v]!, description: `v${v} seed` }));
    for (const [i, seed] of seeds.entries()) expect((await library.save(seed)).id).toBe(IDS[i]);
    const confirmed = new Map(IDS.map((id, v) => [id, v]));
    let next = 3;
    let kills = 0;
    const deadline = Date.now() + 90_000;
    while (next < SAVES + 3 && Date.now() < deadline) {
      const child = spawn(process.execPath, [saver.file, library.dir, String(next), ...IDS], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      child.stdout.on('data', (c: Buffer) => (out += c.toString()));
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      // Wait for the first save to start, then kill at a random moment within its next dozen saves or so (a child's
      // start costs more than its saves, so each one is given a while).
      while (!out.includes('saving') && child.exitCode === null) await new Promise((r) => setTimeout(r, 2));
      await new Promise((r) => setTimeout(r, Math.random() * 500));
      child.kill('SIGKILL');
      await exited;
      kills++;
      const saved = [...out.matchAll(/^saved (\d+)$/gm)].map((m) => Number(m[1]));
      const started = [...out.matchAll(/^saving (\d+)$/gm)].map((m) => Number(m[1]));
      for (const v of saved) confirmed.set(IDS[v % IDS.length]!, v);
      const inFlight = started.filter((v) => !saved.includes(v));
      // Every visible file parses and holds its last confirmed version or the one in flight when killed.
      const names = (await readdir(library.dir)).filter((n) => !n.startsWith('.'));
      expect(names.sort()).toEqual([...IDS].sort());
      for (const id of IDS) {
        const parsed = parseFlowText(await readFile(join(library.dir, id), 'utf8'));
        expect(parsed.ok, `${id} after kill ${kills}`).toBe(true);
        if (!parsed.ok) return;
        const version = versionOf(parsed.flow.description);
        const allowed = [confirmed.get(id)!, ...inFlight.filter((v) => IDS[v % IDS.length] === id)];
        expect(allowed, `${id} holds v${version}`).toContain(version);
        confirmed.set(id, version);
      }
      next = Math.max(next, ...saved.map((v) => v + 1), ...inFlight.map((v) => v + 1));
    }
    expect(next).toBeGreaterThanOrEqual(SAVES + 3);
    expect(kills).toBeGreaterThan(1);
    console.log(`flow saves: ${next - 3} saves, ${kills} kills`);
    // Killed writers leave at most hidden temporary files, which the library never lists.
    expect((await library.list()).map((e) => e.id).sort()).toEqual([...IDS].sort());
    expect((await library.list()).every((e) => e.error === null)).toBe(true);
  }, 120_000);
});
