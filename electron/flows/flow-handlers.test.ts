// The flow channels through the contract's dispatcher (request parsing, defaults, error codes and pointers) and the
// console's handlers: library round trip, a replay announced as flows.replay.changed with its receipts as
// receipt.completed, and group.dispatch fanning one call out (pixel coordinates refused for every device).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleFlow } from '../../shared/flows/test-fixtures';
import { createDispatcher, type Dispatch, type ReplayView } from '../../shared/ipc';
import { sampleReceipt } from '../../test/support/receipts/sample-receipt';
import { EventHub } from '../services/event-hub';
import { createHandlers, type HandlerDeps } from '../services/handlers';

let dir: string;
let dispatch: Dispatch;
let heard: Array<{ channel: string; payload: unknown }>;
let runs: Array<{ serial: string; envelope: unknown }>;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tactile-flow-ipc-'));
  const events = new EventHub();
  heard = [];
  runs = [];
  events.onAny((channel, payload) => heard.push({ channel, payload }));
  const executor = {
    run: async (envelope: unknown, o: { serial: string; operationId?: string }) => {
      runs.push({ serial: o.serial, envelope });
      return { ...sampleReceipt(o.operationId ?? `op-${runs.length}`), device_serial: o.serial };
    },
    cancel: () => false,
    capabilities: async () => ({ backend: null, tools: [], capabilities: [] }),
    occlusion: async () => {
      throw new Error('unused');
    },
  };
  const directory = {
    resolve: async (serial: string) => ({ serial, identity: serial, server: null }),
    info: async () => ({ screen: { width: 1080, height: 2400 }, density: 420, rotation: 0 }),
    session: () => ({ observe: async () => ({ screen: { width: 1080, height: 2400 }, rotation: 0, nodes: [] }) }),
  };
  dispatch = createDispatcher(
    createHandlers({ executor, events, directory, journalDir: join(dir, 'receipts') } as unknown as HandlerDeps),
  );
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const ok = async (channel: string, payload: unknown) => {
  const reply = await dispatch(channel, payload);
  if (!reply.ok) throw new Error(`${channel}: ${JSON.stringify(reply.error)}`);
  return reply.result as Record<string, unknown>;
};

describe('flow channels', () => {
  it('save → list → open → rename → duplicate → delete, in <data dir>/flows beside the receipts', async () => {
    const saved = (await ok('flows.save', { flow: sampleFlow() }))['entry'] as { id: string; file: string };
    expect(saved.file).toBe(join(dir, 'flows', 'play-and-check.json'));
    expect(((await ok('flows.list', {}))['flows'] as unknown[]).length).toBe(1);
    expect(await ok('flows.list', { query: 'nothing like it' })).toMatchObject({ flows: [] });
    expect(await ok('flows.open', { id: saved.id })).toMatchObject({
      flow: { name: 'Play and check', steps: [{ tool: 'action_sequence' }, {}, {}, {}] },
      errors: [],
    });
    expect(await ok('flows.rename', { id: saved.id, name: 'Renamed' })).toMatchObject({
      entry: { id: saved.id, name: 'Renamed' },
    });
    expect(await ok('flows.duplicate', { id: saved.id })).toMatchObject({ entry: { id: 'renamed-copy.json' } });
    expect(await ok('flows.delete', { id: 'renamed-copy.json' })).toEqual({ deleted: true });
  });

  it('refuses an invalid flow with its pointer, and a bad id at the contract', async () => {
    const bad = await dispatch('flows.save', {
      flow: { ...sampleFlow(), steps: [{ tool: 'click', args: { target: [1, 2], times: 0 } }] },
    });
    expect(bad).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT', path: '/flow/steps/0/args/times' } });
    expect(await dispatch('flows.open', { id: '../x.json' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT', path: '/id' },
    });
    expect(await dispatch('flows.open', { id: 'absent.json' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    expect(
      await dispatch('flows.replay.start', {
        source: { kind: 'inline', flow: sampleFlow() },
        serials: ['a'],
        mode: 'single',
        step: 9,
      }),
    ).toMatchObject({ ok: false, error: { path: '/step' } });
    expect(
      await dispatch('flows.replay.start', { source: { kind: 'inline', flow: sampleFlow() }, serials: ['a', 'a'] }),
    ).toMatchObject({ ok: false, error: { path: '/serials/1' } });
  });

  it('replays a library flow on two devices, announcing the matrix and every receipt', async () => {
    const { id } = (await ok('flows.save', { flow: sampleFlow() }))['entry'] as { id: string };
    const started = (await ok('flows.replay.start', { source: { kind: 'library', id }, serials: ['a', 'b'] }))[
      'replay'
    ] as ReplayView;
    expect(started).toMatchObject({ flow_id: id, mode: 'all', scale_coordinates: false, pause_after_each: false });
    const deadline = Date.now() + 10_000;
    const last = () =>
      [...heard].reverse().find((h) => h.channel === 'flows.replay.changed')?.payload as
        { replay: ReplayView } | undefined;
    while (last()?.replay.state !== 'finished' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(last()!.replay.cells.every((c) => c.state === 'succeeded')).toBe(true);
    expect(heard.filter((h) => h.channel === 'receipt.completed')).toHaveLength(10);
    expect(((await ok('flows.replay.list', {}))['replays'] as ReplayView[])[0]!.replay_id).toBe(started.replay_id);
    expect(await dispatch('flows.replay.stop', { replay_id: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
  });

  it('group.dispatch sends one call to every device; pixel coordinates are refused for all, nothing sent', async () => {
    const click = { tool: 'click', args: { target: [500, 500] } };
    const r = await ok('group.dispatch', { serials: ['a', 'b'], envelope: click });
    expect(
      (r['results'] as Array<{ serial: string; receipt: unknown; error: unknown }>).map((x) => [
        x.serial,
        x.receipt !== null,
        x.error,
      ]),
    ).toEqual([
      ['a', true, null],
      ['b', true, null],
    ]);
    expect(runs.map((x) => x.serial)).toEqual(['a', 'b']);
    const pixel = {
      tool: 'drag',
      args: { start: [10, 10], end: [100, 10], coordinate_space: 'pixel', target_description: 'x' },
    };
    const refused = await ok('group.dispatch', { serials: ['a', 'b'], envelope: pixel });
    expect(refused['results']).toEqual([
      { serial: 'a', receipt: null, error: expect.objectContaining({ code: 'INVALID_ARGUMENT', path: '/args/start' }) },
      { serial: 'b', receipt: null, error: expect.objectContaining({ code: 'INVALID_ARGUMENT', path: '/args/start' }) },
    ]);
    expect(runs).toHaveLength(2);
  });
});
