// Every console channel answers while another client holds the device: `tactile run` (the CLI, its own process)
// holds the embedded virtual device's lock through a long wait, and the console sends every request channel of
// the contract at once, as a batch (issue 29: push begin/chunk, group.dispatch and device.screenshot hung the
// client for ten minutes). Each must answer before the CLI lets go: DEVICE_BUSY naming the holder for what needs
// the device's lock, its own answer or refusal for the rest. The wait is 5 minutes long; the CLI is then stopped.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket as NodeWebSocket } from 'ws';
import { startBridge, type Bridge } from '../../electron/bridge/bridge-server';
import { bridgeClient } from '../../renderer/ipc/bridge-client';
import { DeviceLocks } from '../../electron/device/lock';
import { startAppServices, type AppServices } from '../../electron/services/app-services';
import { createConsoleExecutor } from '../../electron/services/console-executor';
import { IpcError, REQUEST_CHANNELS, type RequestChannel, type TactileApi } from '../../shared/ipc';
import { sampleFlow } from '../../shared/flows/test-fixtures';
import { startAdbServer, type AdbServer } from '../support/adb-server';
import { buildCliBundle } from '../support/cli-bundle';

let data: string;
let adb: AdbServer;
let services: AppServices;
let serial: string;
let cli: ChildProcess | undefined;
let locks: DeviceLocks;
let removeBundle: (() => Promise<void>) | undefined;
let bridge: Bridge;
let api: TactileApi;

beforeAll(async () => {
  data = mkdtempSync(join(tmpdir(), 'tactile-busy-'));
  adb = await startAdbServer();
  locks = new DeviceLocks({ dir: join(data, 'locks') });
  services = await startAppServices({
    adbServers: [`127.0.0.1:${adb.port}`],
    embedded: 'always',
    createExecutor: createConsoleExecutor,
    journalDir: join(data, 'receipts'),
    locks,
  });
  serial = services.embeddedSerial!;
  // The console as the browser runs it: the renderer's bridge client over the loopback WebSocket.
  bridge = await startBridge({ dispatch: services.dispatch, events: services.events });
  vi.stubGlobal('WebSocket', NodeWebSocket);
  api = await bridgeClient(bridge.socketUrl);
  // The CLI holds the device: a wait of 5 minutes under the lock, in its own process (TACTILE_DATA_DIR shares locks).
  const bundle = await buildCliBundle();
  removeBundle = bundle.remove;
  const file = join(data, 'wait.json');
  writeFileSync(file, JSON.stringify({ tool: 'wait_for_delay', args: { time_in_ms: 300_000 } }));
  cli = spawn(process.execPath, [bundle.file, 'run', file, '--serial', serial, '--server', `127.0.0.1:${adb.port}`], {
    env: { ...process.env, TACTILE_DATA_DIR: data },
    stdio: 'ignore',
  });
  for (const deadline = Date.now() + 60_000; locks.status(serial)[0]?.state !== 'held';) {
    if (Date.now() > deadline) throw new Error('the CLI never took the lock');
    await new Promise((r) => setTimeout(r, 50));
  }
}, 120_000);

afterAll(async () => {
  cli?.kill('SIGINT');
  if (cli && cli.exitCode === null) await new Promise((r) => cli!.once('exit', r));
  await bridge?.close();
  vi.unstubAllGlobals();
  await services?.stop();
  await adb?.stop();
  await removeBundle?.();
  rmSync(data, { recursive: true, force: true });
});

/** The studio's empty document as the console autosaves it (shared/document/saved-document.ts). */
const emptyDocument = {
  format: 'tactile.document/1',
  saved_at: 1,
  steps: [],
  selection: [],
  history: { undos: [], redos: [], seq: 0 },
  step_seq: 0,
  flow: { id: null, name: 'Untitled flow', description: '', recorded_on: null, saved: null },
};

/** A valid request of every channel (the same the console's own panels send). */
function requests(flowId: string): Record<RequestChannel, unknown> {
  const transfer = randomUUID();
  return {
    'devices.list': {},
    'devices.connect': { target: '127.0.0.1:9' },
    'devices.disconnect': { target: '127.0.0.1:9' },
    'device.info': { serial },
    'device.observe': { serial },
    'device.screenshot': { serial },
    'device.execute': { serial, envelope: { tool: 'press_key', args: { key: 'home' } } },
    'device.cancel': { operation_id: randomUUID() },
    'device.capabilities': { serial },
    'device.occlusion': { serial, selector: { resource_id: 'com.tactile.lab:id/play' } },
    'lock.status': { serial },
    'receipts.list': { limit: 10 },
    'mirror.start': { serial, max_size: 720 },
    'mirror.stop': { session: 'none' },
    'mirror.keyframe': { session: 'none' },
    'mirror.screen-off': { serial, off: false },
    'approvals.list': {},
    'approvals.decide': { id: 'none', approve: false, reason: null },
    'approvals.set-policy': { agent: 'busy-test', policy: 'ask' },
    'approvals.stop-session': { agent: 'busy-test' },
    'agents.list': {},
    'agents.start': { kind: 'mcp', serial, port: 0, dialect: 'canonical', policy: 'ask' },
    'agents.stop': { id: 'none' },
    'runs.list': { limit: 10 },
    'receipts.page': { filter: {}, cursor: null, limit: 10, order: 'desc' },
    'evidence.get': { sha256: '0'.repeat(64) },
    'evidence.batch': { sha256s: ['0'.repeat(64)] },
    'report.generate': { selection: { last: 5 }, out: join(data, 'report.html') },
    'flows.list': {},
    'flows.open': { id: flowId },
    'flows.from-run': { run_id: 'cli-never-ran', save: false },
    'flows.save': { flow: sampleFlow() },
    'flows.rename': { id: flowId, name: 'Renamed while busy' },
    'flows.duplicate': { id: flowId },
    'flows.delete': { id: 'none.json' },
    'flows.import': {
      source: { kind: 'text', text: JSON.stringify({ ...sampleFlow(), name: 'Imported while busy' }) },
    },
    'flows.export': { id: flowId, path: join(data, 'exported.json') },
    'flows.replay.start': { source: { kind: 'library', id: flowId }, serials: [serial] },
    'flows.replay.pause': { replay_id: 'none' },
    'flows.replay.resume': { replay_id: 'none' },
    'flows.replay.stop': { replay_id: 'none' },
    'flows.replay.list': {},
    'group.dispatch': { serials: [serial], envelope: { tool: 'press_key', args: { key: 'home' } } },
    'logcat.read': { serial, since_ms: null, limit: 10 },
    'device.button': { serial, button: 'power' },
    'device.type': { serial, text: 'a' },
    'device.key': { serial, key: 'enter', ctrl: false, shift: false },
    'clipboard.get': { serial, copy: false },
    'clipboard.set': { serial, text: 'x', paste: false },
    'apps.list': { serial },
    'apps.action': { serial, package: 'com.tactile.lab', action: 'stop' },
    'files.list': { serial, path: '/sdcard' },
    'transfer.push-begin': { serial, kind: 'file', dir: '/sdcard', name: 'busy.bin', size: 4, transfer_id: transfer },
    'transfer.push-chunk': { transfer_id: transfer, offset: 0, data: new Uint8Array([1, 2, 3, 4]) },
    'transfer.push-end': { transfer_id: transfer },
    'files.pull': { serial, path: '/sdcard/none.bin', transfer_id: randomUUID() },
    'transfer.cancel': { transfer_id: randomUUID() },
    'capture.screenshot': { serial },
    'recording.start': { session: 'none' },
    'recording.stop': { recording: 'none' },
    'capture.save': { name: 'busy_overlay.png', offset: 0, data: new Uint8Array([1]), done: false },
    'devices.pair': { target: '127.0.0.1:9', code: '123456' },
    'document.load': {},
    'document.save': { document: new TextEncoder().encode(JSON.stringify(emptyDocument)) },
    'device.touch': {
      serial,
      contact: randomUUID(),
      seq: 0,
      page_time_ms: Date.now(),
      phase: 'down',
      kind: 'pointer',
      pointers: [{ id: 0, x: 540, y: 1200 }],
    },
  };
}

describe('console channels while the CLI holds the device', () => {
  it('every channel answers before the CLI lets go; the device work answers DEVICE_BUSY naming it', async () => {
    const saved = await services.dispatch('flows.save', { flow: sampleFlow() });
    expect(saved.ok).toBe(true);
    const flowId = (saved as { result: { entry: { id: string } } }).result.entry.id;
    const all = requests(flowId);
    expect(Object.keys(all).sort()).toEqual([...REQUEST_CHANNELS].sort());
    const answered = new Map<
      string,
      { reply: { ok: boolean; error?: { code: string; message: string }; result?: unknown } }
    >();
    // Push chunks follow their begin as the console sends them; everything else goes at once.
    const { 'transfer.push-chunk': chunk, 'transfer.push-end': end, ...batch } = all;
    const send = async (channel: string, payload: unknown) => {
      const reply = await api.request(channel as RequestChannel, payload as never).then(
        (result) => ({ ok: true, result }),
        (e: unknown) => ({
          ok: false,
          error: e instanceof IpcError ? { code: e.code, message: e.message } : { code: 'CLIENT', message: String(e) },
        }),
      );
      answered.set(channel, { reply });
      return reply;
    };
    const push = send('transfer.push-begin', (batch as Record<string, unknown>)['transfer.push-begin'])
      .then(() => send('transfer.push-chunk', chunk))
      .then(() => send('transfer.push-end', end));
    const rest = Object.entries(batch)
      .filter(([c]) => c !== 'transfer.push-begin')
      .map(([c, p]) => send(c, p));
    // Every answer arrives while the CLI still holds the device (its wait is 5 minutes).
    await Promise.all([push, ...rest]);
    expect(locks.status(serial)[0]!.state).toBe('held');
    const busy = (c: string) => answered.get(c)!.reply.error?.code;
    for (const c of ['device.button', 'apps.action']) {
      expect(busy(c), c).toBe('DEVICE_BUSY');
      expect(answered.get(c)!.reply.error!.message, c).toMatch(/is held by cli \(pid \d+/);
    }
    // Typing and the clipboard go over the mirror's control socket; with no mirror running they are refused before the lock.
    for (const c of ['device.type', 'device.key', 'clipboard.set'])
      expect(answered.get(c)!.reply.error, c).toMatchObject({
        code: 'UNAVAILABLE',
        message: expect.stringContaining('needs the live mirror'),
      });
    expect(answered.get('device.execute')!.reply).toMatchObject({
      ok: true,
      result: { receipt: { status: 'not_started', code: 'DEVICE_BUSY' } },
    });
    expect(answered.get('group.dispatch')!.reply).toMatchObject({
      ok: true,
      result: { results: [{ serial, receipt: { status: 'not_started', code: 'DEVICE_BUSY' } }] },
    });
    // The push of a file does not need the lock (adb sync): it completes.
    expect(answered.get('transfer.push-end')!.reply).toMatchObject({
      ok: true,
      result: { path: '/sdcard/busy.bin', size: 4 },
    });
    expect(answered.get('device.screenshot')!.reply).toMatchObject({ ok: true });
    for (const [c, a] of answered) {
      // Each is its handler's answer: the request passed the contract, and nothing failed inside.
      expect(a.reply.error?.code, `${c}: ${a.reply.error?.message}`).not.toBe('INTERNAL');
      expect(a.reply.error?.message ?? '', c).not.toContain('does not match the contract');
    }
  }, 300_000);
});
