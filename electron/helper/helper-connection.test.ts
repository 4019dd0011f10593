import { Duplex, PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { encodeFrame, FrameDecoder, helloFor } from '../../shared/helper-protocol';
import { HelperGoneError, HelperLinkError } from './helper-channel';
import { HelperConnection } from './helper-connection';
import { parseSha256sum } from './installer';
import { helperCommand } from './helper-launcher';

/** A socket pair: what the host writes arrives at `device.fromHost`; `device.send` reaches the host. */
function pair() {
  const toHost = new PassThrough();
  const fromHost = new PassThrough();
  const host = Duplex.from({ readable: toHost, writable: fromHost });
  for (const s of [toHost, fromHost, host]) s.on('error', () => undefined); // destroy() aborts the halves on purpose
  return {
    host,
    send: (m: Record<string, unknown>) => toHost.write(encodeFrame(m)),
    fromHost,
    end: () => toHost.end(),
  };
}

describe('HelperConnection', () => {
  it('refuses any protocol but 4, saying which and how many hosts that helper serves', async () => {
    const p = pair();
    const opening = HelperConnection.open(p.host, 1000);
    p.send({ ...helloFor(34, 'old'), protocol: 3, sessions: undefined });
    expect(await opening).toMatchObject({
      ok: false,
      code: 'CAPABILITY_UNAVAILABLE',
      reason: 'protocol_mismatch',
      protocol: 3,
      sessions: null,
    });
  });

  it('trusts only the capabilities the SDK offers, and matches answers by id', async () => {
    const p = pair();
    const opening = HelperConnection.open(p.host, 1000);
    p.send({ ...helloFor(29, 'x'), capabilities: [...helloFor(34, 'x').capabilities] });
    const opened = await opening;
    if (!opened.ok) throw new Error(opened.message);
    expect(opened.connection.info.capabilities).not.toContain('action.ime_enter');
    const decoder = new FrameDecoder();
    p.fromHost.on('data', (c: Buffer) => {
      for (const req of decoder.push(c))
        p.send({
          id: req.id,
          operation_id: req.operation_id,
          ok: true,
          result: { target_operation_id: 'x', was_running: false },
        });
    });
    const reply = await opened.connection.request('cancel', { target_operation_id: 'x' }, 'op-1');
    expect(reply).toEqual({ ok: true, result: { target_operation_id: 'x', was_running: false } });
  });

  it('a link that dies fails the pending request as HelperLinkError (outcome unknown)', async () => {
    const p = pair();
    const opening = HelperConnection.open(p.host, 1000);
    p.send(helloFor(34, 'x'));
    const opened = await opening;
    if (!opened.ok) throw new Error(opened.message);
    const pending = opened.connection.request('observe', {}, 'op');
    p.host.destroy();
    await expect(pending).rejects.toBeInstanceOf(HelperLinkError);
    expect(opened.connection.alive).toBe(false);
  });
});

describe('HelperConnection and a helper that exits', () => {
  /** An open connection whose helper answers each request with `answer(request)` (nothing when it returns null). */
  async function connected(answer: (req: Record<string, unknown>) => Record<string, unknown> | null) {
    const p = pair();
    const opening = HelperConnection.open(p.host, 1000);
    p.send(helloFor(34, 'x', 1));
    const opened = await opening;
    if (!opened.ok) throw new Error(opened.message);
    const seen: Array<Record<string, unknown>> = [];
    const decoder = new FrameDecoder();
    p.fromHost.on('data', (c: Buffer) => {
      for (const req of decoder.push(c)) {
        seen.push(req);
        const reply = answer(req);
        if (reply) p.send({ id: req.id, operation_id: req.operation_id, ...reply });
      }
    });
    return { ...p, connection: opened.connection, seen };
  }

  it('answers a ping', async () => {
    const c = await connected(() => ({ ok: true, result: { sessions: 2 } }));
    expect(await c.connection.ping(1000)).toBe(true);
  });

  it('after an answer with details.exit, sends nothing more: later requests fail HelperGoneError naming the exit', async () => {
    const c = await connected(() => ({
      ok: false,
      error: { code: 'INTERNAL', message: 'UiAutomation not connected; the helper exits (6)', details: { exit: 6 } },
    }));
    expect(await c.connection.request('observe', {}, 'op')).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(c.connection.alive).toBe(false);
    const refused = c.connection.request('inject', { events: [] }, 'op-2');
    await expect(refused).rejects.toBeInstanceOf(HelperGoneError);
    await expect(refused).rejects.toThrow(/lost its UiAutomation connection mid-session \(exit 6\): nothing was sent/);
    expect(c.seen.map((r) => r.op)).toEqual(['observe']);
  });

  it('an exit notice names the exit for the request in flight (outcome unknown) and for the link end', async () => {
    const c = await connected(() => null);
    const pending = c.connection.request('inject', { events: [] }, 'op');
    c.send({ type: 'exit', code: 7, message: 'java.lang.OutOfMemoryError' });
    await expect.poll(() => c.connection.alive, { interval: 5 }).toBe(false); // the notice arrived: nothing more is sent
    c.host.destroy(); // then the process ends
    await expect(pending).rejects.toBeInstanceOf(HelperLinkError);
    await expect(pending).rejects.toThrow(/fatal error on its worker thread \(exit 7\)/);
    expect(await c.connection.ended()).toEqual({ reason: expect.stringMatching(/exit 7/), exitCode: 7 });
  });
});

describe('installer and launcher', () => {
  it('reads sha256sum output and builds the app_process command', () => {
    expect(parseSha256sum(`${'a'.repeat(64)}  /data/local/tmp/tactile-helper.jar\n`)).toBe('a'.repeat(64));
    expect(parseSha256sum('sha256sum: /data/local/tmp/tactile-helper.jar: No such file or directory\n')).toBeNull();
    expect(helperCommand()).toBe(
      'CLASSPATH=/data/local/tmp/tactile-helper.jar app_process / com.tactile.helper.Main 4 socket=tactile-helper',
    );
  });
});
