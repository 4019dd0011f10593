// <data dir>/document.json as main keeps it: a save is validated (a wrong document refused with its path,
// nothing written), replaces the file atomically, saves land in arrival order, and a restart (a new store on
// the same file) loads what was saved last; a file that no longer parses loads as none.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDispatcher, type Handlers } from '../../shared/ipc';
import { DocumentStore, documentHandlers } from './document-store';

const doc = (steps: number) => ({
  format: 'tactile.document/1',
  saved_at: 1,
  selection: [],
  history: { undos: [], redos: [], seq: 0 },
  step_seq: steps,
  flow: { id: null, name: 'Untitled flow', description: '', recorded_on: null, saved: null },
  steps: Array.from({ length: steps }, (_, i) => ({
    id: `step${i + 1}`,
    envelope: { tool: 'press_key', args: { key: 'home' } },
    source: 'manual',
  })),
});
const bytes = (v: unknown) => new TextEncoder().encode(JSON.stringify(v));

function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'tactile-document-'));
  const file = join(dir, 'data', 'document.json');
  const dispatch = createDispatcher(documentHandlers(new DocumentStore(file)) as unknown as Handlers);
  return { dir, file, dispatch };
}

describe('document store', () => {
  it('saves atomically and a new store on the same file (a restart) loads the last save', async () => {
    const { dir, file, dispatch } = setup();
    expect(await dispatch('document.load', {})).toEqual({ ok: true, result: { document: null } });
    const saves = [1, 2, 3, 4, 5].map((n) => dispatch('document.save', { document: bytes(doc(n)) }));
    expect((await Promise.all(saves)).every((r) => r.ok)).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8')).steps).toHaveLength(5);
    expect(readdirSync(join(dir, 'data'))).toEqual(['document.json']); // no temporary file left
    const restarted = await new DocumentStore(file).load();
    expect(JSON.parse(new TextDecoder().decode(restarted!)).steps).toHaveLength(5);
  });

  it('refuses a document that does not match, with its path, and writes nothing', async () => {
    const { file, dispatch } = setup();
    await dispatch('document.save', { document: bytes(doc(1)) });
    const bad = doc(2);
    (bad.steps[1] as { source: string }).source = 'typed';
    const reply = await dispatch('document.save', { document: bytes(bad) });
    expect(reply).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT', path: '/document/steps/1/source' } });
    expect(await dispatch('document.save', { document: new TextEncoder().encode('{"format":') })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT' },
    });
    expect(JSON.parse(readFileSync(file, 'utf8')).steps).toHaveLength(1);
  });

  it('a file that no longer parses loads as none', async () => {
    const { file, dispatch } = setup();
    await dispatch('document.save', { document: bytes(doc(1)) });
    writeFileSync(file, '{"format":"tactile.document/1"');
    expect(await dispatch('document.load', {})).toEqual({ ok: true, result: { document: null } });
  });
});
