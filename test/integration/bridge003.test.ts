// Seed 003's bridge against the virtual device, every response checked against the seed's OpenAPI: auth, the
// device status, every 400, approval then execution, the duplicate key (never executed twice), one at a time
// (409), rejection, expiry and purge on an injected clock, input_text only into a focused field, the rate
// limit (429) and stop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApprovalQueue } from '../../agents/approvals';
import { startBridge, type BridgeServer } from '../../agents/bridge003/server';
import { issueToken } from '../../agents/security/token';
import { labDump, startExecutorRig, type ExecutorRig } from '../support/executor-rig';
import { checkResponse } from '../support/seed003';

const LAB = 'com.tactile.lab';
let rig: ExecutorRig | undefined;
let bridge: BridgeServer;
let approvals: ApprovalQueue;
let t = Date.now();
const clock = () => t;
const issued = issueToken('tactile_bridge_test_');
let keyNo = 0;
const newKey = () => `key-${Date.now()}-${++keyNo}`;

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

async function api(
  method: string,
  path: string,
  opts: { key?: string; body?: unknown; raw?: string; token?: string | null; on?: BridgeServer } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (opts.token !== null) headers['authorization'] = `Bearer ${opts.token ?? issued.token}`;
  if (opts.key !== undefined) headers['idempotency-key'] = opts.key;
  const payload = opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
  const res = await fetch((opts.on ?? bridge).url + path, {
    method,
    headers,
    ...(payload !== undefined && { body: payload }),
  });
  const body = (await res.json()) as Record<string, unknown>;
  checkResponse(method, path, res.status, body);
  return { status: res.status, body };
}

const command = (action: string, payload: Record<string, unknown> = {}, reason = 'test') => ({
  action,
  reason,
  payload,
});
const pending = () => approvals.list().filter((r) => r.agent === 'bridge');

async function approveNext(approve = true, reason: string | null = null): Promise<void> {
  await expect.poll(() => pending().length, { timeout: 20_000, interval: 10 }).toBeGreaterThan(0);
  expect(approvals.decide(pending()[0]!.id, approve, reason)).toBe(true);
  await bridge.idle();
}

beforeAll(async () => {
  rig = await startExecutorRig('tactile-bridge003-');
  approvals = new ApprovalQueue({ now: clock });
  bridge = await startBridge({
    executor: rig.executor,
    approvals,
    serial: rig.serial,
    deviceName: 'Lab',
    verifier: issued.verifier,
    policy: 'ask',
    port: 0,
    now: clock,
  });
}, 60_000);

afterAll(async () => {
  await bridge?.close();
  approvals?.close();
  await rig?.stop();
});

describe('seed 003 bridge', () => {
  it('refuses every path without the device token (401) and answers the device status', async () => {
    for (const [m, p] of [
      ['GET', '/api/agent/device'],
      ['POST', '/api/agent/commands'],
      ['GET', '/api/agent/commands/x'],
      ['POST', '/api/agent/stop'],
    ] as const) {
      const body = m === 'POST' ? command('back') : undefined;
      expect((await api(m, p, { token: null, key: newKey(), body })).status).toBe(401);
      expect((await api(m, p, { token: 'tactile_bridge_other', key: newKey(), body })).status).toBe(401);
    }
    const device = await api('GET', '/api/agent/device');
    expect(device).toMatchObject({
      status: 200,
      body: { id: bridge.deviceId, name: 'Lab', localApprovalRequired: true },
    });
    expect(device.body['sessionUntil']).toBe(t + 15 * 60_000);
    expect((await api('GET', '/api/agent/commands/unknown')).status).toBe(404);
  });

  it('refuses malformed commands with 400 and queues nothing', async () => {
    const bad: Array<[string | undefined, unknown, string?]> = [
      [undefined, command('back')],
      ['short', command('back')],
      ['bad key with spaces', command('back')],
      [newKey(), { ...command('back'), extra: 1 }],
      [newKey(), command('back', { x: 1 })],
      [newKey(), command('tap', { x: 1.5, y: 0.5 })],
      [newKey(), command('tap', { x: 0.5 })],
      [newKey(), command('swipe', { x1: 0, y1: 0, x2: 1, y2: 1, durationMs: 50 })],
      [newKey(), command('input_text', { text: '' })],
      [newKey(), command('shell', {})],
      [newKey(), { action: 'back', payload: {} }],
      [newKey(), command('back', {}, 'x'.repeat(241))],
      [newKey(), undefined, '{"action":'],
      [newKey(), undefined, JSON.stringify(command('input_text', { text: 'x'.repeat(20_000) }))],
    ];
    for (const [key, body, raw] of bad) {
      const r = await api('POST', '/api/agent/commands', {
        ...(key !== undefined && { key }),
        body,
        ...(raw !== undefined && { raw }),
      });
      expect(r.status, JSON.stringify(body ?? raw).slice(0, 80)).toBe(400);
    }
    expect(pending()).toHaveLength(0);
  });

  it('observe waits for approval, then returns semantic nodes with editable text redacted; a repeated key is a duplicate', async () => {
    const key = newKey();
    const accepted = await api('POST', '/api/agent/commands', {
      key,
      body: command('observe', {}, 'find the volume bar'),
    });
    expect(accepted).toMatchObject({
      status: 202,
      body: { status: 'queued', localApprovalRequired: true, duplicate: false },
    });
    const id = accepted.body['id'] as string;
    expect(pending()[0]).toMatchObject({
      tool: 'get_ui_hierarchy',
      reason: 'find the volume bar',
      read_only: true,
      source: 'bridge',
    });
    expect(
      await api('POST', '/api/agent/commands', { key, body: command('observe', {}, 'find the volume bar') }),
    ).toMatchObject({ status: 200, body: { id, duplicate: true } });
    expect((await api('POST', '/api/agent/commands', { key, body: command('back') })).status).toBe(409);
    expect((await api('POST', '/api/agent/commands', { key: newKey(), body: command('back') })).status).toBe(409);
    expect(pending()).toHaveLength(1);
    await approveNext();
    const done = await api('GET', `/api/agent/commands/${id}`);
    expect(done.body).toMatchObject({ id, action: 'observe', status: 'succeeded' });
    const nodes = (done.body['result'] as { nodes: Array<Record<string, unknown>> }).nodes;
    const edit = nodes.find((n) => n['resource_id'] === `${LAB}:id/edit_text`)!;
    expect(edit).toMatchObject({ editable: true, text: null, redacted: true });
    const seek = nodes.find((n) => n['resource_id'] === `${LAB}:id/seekbar`)!;
    for (const v of seek['bounds'] as number[]) expect(v >= 0 && v <= 1).toBe(true);
    expect(JSON.stringify(done.body)).not.toMatch(/png|base64/i);
  });

  it('a tap at the observed box clicks once; replaying its key never clicks again', async () => {
    const seen = await api('POST', '/api/agent/commands', { key: newKey(), body: command('observe') });
    await approveNext();
    const nodes = (
      (await api('GET', `/api/agent/commands/${seen.body['id']}`)).body['result'] as {
        nodes: Array<{ resource_id: string; bounds: number[] }>;
      }
    ).nodes;
    const [l, tp, r, b] = nodes.find((n) => n.resource_id === `${LAB}:id/checkbox`)!.bounds as [
      number,
      number,
      number,
      number,
    ];
    const clicks = async () =>
      (await labDump(rig!.adb, rig!.serial)).controls[`${LAB}:id/checkbox`]!['click_count'] as number;
    const before = await clicks();
    const key = newKey();
    const tap = command('tap', { x: (l + r) / 2, y: (tp + b) / 2 }, 'toggle subtitles');
    const accepted = await api('POST', '/api/agent/commands', { key, body: tap });
    expect(pending()[0]!.summary).toMatch(/^tap: click: target=\[\d+,\d+\]/);
    await approveNext();
    expect((await api('GET', `/api/agent/commands/${accepted.body['id']}`)).body).toMatchObject({
      status: 'succeeded',
      result: { receipt_status: 'completed' },
    });
    expect(await clicks()).toBe(before + 1);
    expect(await api('POST', '/api/agent/commands', { key, body: tap })).toMatchObject({
      status: 200,
      body: { id: accepted.body['id'], status: 'succeeded', duplicate: true },
    });
    await bridge.idle();
    expect(pending()).toHaveLength(0);
    expect(await clicks()).toBe(before + 1);
  });

  it('a rejected command says why and sends nothing', async () => {
    const events = (await labDump(rig!.adb, rig!.serial)).input_event_count;
    const r = await api('POST', '/api/agent/commands', { key: newKey(), body: command('home', {}, 'leave the app') });
    await approveNext(false, 'stay in the lab');
    expect((await api('GET', `/api/agent/commands/${r.body['id']}`)).body).toMatchObject({
      status: 'rejected',
      result: { error: 'stay in the lab' },
    });
    expect((await labDump(rig!.adb, rig!.serial)).input_event_count).toBe(events);
  });

  it('input_text types only into a focused editable field', async () => {
    const before = (await labDump(rig!.adb, rig!.serial)).controls[`${LAB}:id/edit_text`]!;
    if (before['focused'] !== true) {
      const r = await api('POST', '/api/agent/commands', {
        key: newKey(),
        body: command('input_text', { text: 'nowhere' }),
      });
      await approveNext();
      expect((await api('GET', `/api/agent/commands/${r.body['id']}`)).body).toMatchObject({
        status: 'failed',
        result: { code: 'NOT_FOUND' },
      });
      expect((await labDump(rig!.adb, rig!.serial)).controls[`${LAB}:id/edit_text`]!['text']).toBe(before['text']);
      // Focus the field the way an agent would: observe, tap its box.
      const seen = await api('POST', '/api/agent/commands', { key: newKey(), body: command('observe') });
      await approveNext();
      const nodes = (
        (await api('GET', `/api/agent/commands/${seen.body['id']}`)).body['result'] as {
          nodes: Array<{ resource_id: string; bounds: number[] }>;
        }
      ).nodes;
      const [l, tp, rr, b] = nodes.find((n) => n.resource_id === `${LAB}:id/edit_text`)!.bounds as [
        number,
        number,
        number,
        number,
      ];
      await api('POST', '/api/agent/commands', {
        key: newKey(),
        body: command('tap', { x: (l + rr) / 2, y: (tp + b) / 2 }),
      });
      await approveNext();
    }
    const typed = await api('POST', '/api/agent/commands', {
      key: newKey(),
      body: command('input_text', { text: 'hello' }),
    });
    await approveNext();
    expect((await api('GET', `/api/agent/commands/${typed.body['id']}`)).body).toMatchObject({ status: 'succeeded' });
    expect((await labDump(rig!.adb, rig!.serial)).controls[`${LAB}:id/edit_text`]!['text']).toMatch(/hello$/);
  });

  it('an unapproved command expires after 120 s; results are purged an hour after they finished', async () => {
    const events = (await labDump(rig!.adb, rig!.serial)).input_event_count;
    const r = await api('POST', '/api/agent/commands', { key: newKey(), body: command('back') });
    const id = r.body['id'] as string;
    t += 119_000;
    expect((await api('GET', `/api/agent/commands/${id}`)).body['status']).toBe('queued');
    t += 1_000;
    const expired = await api('GET', `/api/agent/commands/${id}`);
    expect(expired.body).toMatchObject({
      status: 'expired',
      expires_at: (expired.body['created_at'] as number) + 120_000,
    });
    await bridge.idle();
    expect(pending()).toHaveLength(0);
    expect((await labDump(rig!.adb, rig!.serial)).input_event_count).toBe(events);
    t += 59 * 60_000;
    expect((await api('GET', `/api/agent/commands/${id}`)).status).toBe(200);
    t += 60_000;
    expect((await api('GET', `/api/agent/commands/${id}`)).status).toBe(404);
  });

  it('rate-limits new commands (429)', async () => {
    t += 60 * 60_000; // a fresh minute; the session ended meanwhile
    expect((await api('POST', '/api/agent/commands', { key: newKey(), body: command('back') })).status).toBe(401);
    bridge.openSession();
    let limited: Answer | null = null;
    for (let i = 0; i < 25 && !limited; i++) {
      const r = await api('POST', '/api/agent/commands', { key: newKey(), body: command('back') });
      if (r.status === 429) limited = r;
      else {
        expect(r.status).toBe(202);
        await approveNext(false, 'no');
      }
    }
    expect(limited?.body['error']).toMatch(/a minute/);
    t += 60_000;
  });

  it('stop cancels the pending command and ends the session; nothing can start one', async () => {
    t += 60_000;
    bridge.openSession();
    const r = await api('POST', '/api/agent/commands', { key: newKey(), body: command('back') });
    expect(r.status).toBe(202);
    expect(await api('POST', '/api/agent/stop')).toMatchObject({ status: 200, body: { ok: true } });
    await bridge.idle();
    expect((await api('GET', `/api/agent/commands/${r.body['id']}`)).body['status']).toBe('cancelled');
    expect(pending()).toHaveLength(0);
    expect((await api('POST', '/api/agent/commands', { key: newKey(), body: command('back') })).status).toBe(401);
    expect(((await api('GET', '/api/agent/device')).body['sessionUntil'] as number) <= t).toBe(true);
    expect((await api('POST', '/api/agent/stop')).status).toBe(200);
    expect((await api('POST', '/api/agent/commands', { key: newKey(), body: command('back') })).status).toBe(401);
  });

  it('under the session policy commands run without asking', async () => {
    const q = new ApprovalQueue();
    const own = await startBridge({
      executor: rig!.executor,
      approvals: q,
      serial: rig!.serial,
      deviceName: 'Lab',
      verifier: issued.verifier,
      policy: 'session',
      port: 0,
    });
    try {
      const r = await api('POST', '/api/agent/commands', { key: newKey(), body: command('back'), on: own });
      expect(r.body['localApprovalRequired']).toBe(false);
      await own.idle();
      expect((await api('GET', `/api/agent/commands/${r.body['id']}`, { on: own })).body).toMatchObject({
        status: 'succeeded',
      });
    } finally {
      await own.close();
    }
  });
});
