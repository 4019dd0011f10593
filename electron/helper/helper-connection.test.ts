import { Duplex, PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { encodeFrame, FrameDecoder, helloFor } from '../../shared/helper-protocol';
import { HelperLinkError } from './helper-channel';
import { HelperConnection } from './helper-connection';
import { parseSha256sum } from './installer';
import { helperCommand } from './helper-launcher';

/** A socket pair: what the host writes arrives at `device.fromHost`; `device.send` reaches the host. */
function pair() {
  const toHost = new PassThrough();
  const fromHost = new PassThrough();
  const host = Duplex.from({ readable: toHost, writable: fromHost });
  for (const s of [toHost, fromHost, host]) s.on('error', () => undefined); // destroy() aborts the halves on purpose
  return { host, send: (m: Record<string, unknown>) => toHost.write(encodeFrame(m)), fromHost, end: () => toHost.end() };
}

describe('HelperConnection', () => {
  it('refuses any protocol but 3', async () => {
    const p = pair();
    const opening = HelperConnection.open(p.host, 1000);
    p.send({ ...helloFor(34, 'old'), protocol: 2 });
    expect(await opening).toMatchObject({ ok: false, code: 'CAPABILITY_UNAVAILABLE' });
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
      for (const req of decoder.push(c)) p.send({ id: req.id, operation_id: req.operation_id, ok: true, result: { target_operation_id: 'x', was_running: false } });
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

describe('installer and launcher', () => {
  it('reads sha256sum output and builds the app_process command', () => {
    expect(parseSha256sum(`${'a'.repeat(64)}  /data/local/tmp/tactile-helper.jar\n`)).toBe('a'.repeat(64));
    expect(parseSha256sum('sha256sum: /data/local/tmp/tactile-helper.jar: No such file or directory\n')).toBeNull();
    expect(helperCommand()).toBe('CLASSPATH=/data/local/tmp/tactile-helper.jar app_process / com.tactile.helper.Main 3 socket=tactile-helper');
  });
});
