// The host's connect-or-replace rule (PROTOCOL.md §11): the pure decision, then connectOrStartHelper acting on
// it against fake helpers on a fake device (what listens on the socket, what `ps` lists): it attaches to a
// protocol-4 helper that answers its ping (nothing started, nothing killed), leaves a helper of another protocol
// that serves other hosts alone, and replaces one that serves nobody or does not answer.
import { Duplex, PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { encodeFrame, FrameDecoder, helloFor } from '../../shared/helper-protocol';
import type { AdbServer } from '../adb/adb-server';
import { decideHelper } from './connect-or-replace';
import { connectOrStartHelper } from './helper-launcher';

describe('decideHelper', () => {
  const timeout = 15_000;

  it('attaches to a helper of its protocol that answers, starts one when nothing runs', () => {
    expect(decideHelper({ kind: 'answering' }, 0, timeout)).toEqual({ action: 'attach' });
    expect(decideHelper({ kind: 'none' }, 0, timeout)).toEqual({ action: 'launch' });
  });

  it('replaces a helper that does not answer a ping', () => {
    expect(decideHelper({ kind: 'silent', why: 'no answer to a ping' }, 0, timeout)).toMatchObject({
      action: 'replace',
      why: expect.stringMatching(/does not answer/),
    });
  });

  it('waits for a helper another host is starting, and replaces it only once it outlasted the start timeout', () => {
    expect(decideHelper({ kind: 'starting', pids: [42] }, 14_999, timeout)).toEqual({ action: 'wait' });
    expect(decideHelper({ kind: 'starting', pids: [42] }, 15_000, timeout)).toMatchObject({
      action: 'replace',
      why: expect.stringMatching(/42 did not listen/),
    });
  });

  it('replaces a helper of another protocol only when it has no session', () => {
    expect(decideHelper({ kind: 'other_version', protocol: 3, sessions: null }, 0, timeout)).toMatchObject({
      action: 'replace',
    });
    expect(decideHelper({ kind: 'other_version', protocol: 5, sessions: 0 }, 0, timeout)).toMatchObject({
      action: 'replace',
    });
    expect(decideHelper({ kind: 'other_version', protocol: 5, sessions: 2 }, 0, timeout)).toEqual({
      action: 'leave',
      message: expect.stringMatching(/protocol-5 helper serves 2 other hosts.*left running/),
    });
  });
});

/** A helper's end of one connection: it sends `hello` first, then answers pings when `answers`. */
function helperSocket(hello: Record<string, unknown>, answers: boolean): Duplex {
  const toHost = new PassThrough();
  const fromHost = new PassThrough();
  const decoder = new FrameDecoder();
  fromHost.on('data', (c: Buffer) => {
    for (const req of decoder.push(c)) {
      if (answers && req.op === 'ping')
        toHost.write(encodeFrame({ id: req.id, operation_id: req.operation_id, ok: true, result: { sessions: 2 } }));
    }
  });
  const host = Duplex.from({ readable: toHost, writable: fromHost });
  for (const s of [toHost, fromHost, host]) s.on('error', () => undefined);
  toHost.write(encodeFrame(hello));
  return host;
}

/** A device whose socket gives `socket()` (null: nothing listens) and whose `ps` lists `pids` helpers. */
function device(socket: () => Duplex | null, pids: number[] = []) {
  const shells: string[] = [];
  let starts = 0;
  const adb = {
    shell: async (_serial: string, command: string) => {
      shells.push(command);
      if (command.startsWith('ps '))
        return `  PID ARGS\n${pids.map((p) => ` ${p} app_process / com.tactile.helper.Main 4 socket=tactile-helper\n`).join('')}`;
      return '';
    },
    client: {
      getDevice: () => ({
        openLocal: async () => {
          const s = socket();
          if (!s) throw new Error('closed');
          return s;
        },
        shell: async () => {
          starts++;
          return new PassThrough();
        },
      }),
    },
  } as unknown as AdbServer;
  return { adb, shells, starts: () => starts };
}

describe('connectOrStartHelper', () => {
  it('attaches to the running protocol-4 helper that answers its ping: nothing started, nothing killed', async () => {
    const d = device(() => helperSocket(helloFor(34, 'other-host', 1), true), [900]);
    let pushes = 0;
    const outcome = await connectOrStartHelper(d.adb, 'S', 2000, async () => void pushes++);
    expect(outcome).toMatchObject({ ok: true, attached: true, process: null, killed: [] });
    expect(d.starts()).toBe(0);
    expect(pushes).toBe(0); // no jar pushed under a running helper
    expect(d.shells.some((c) => c.startsWith('kill'))).toBe(false);
    if (outcome.ok) outcome.connection.close();
  });

  it('leaves a helper of another protocol that serves other hosts, and falls back', async () => {
    const d = device(() => helperSocket({ ...helloFor(34, 'future'), protocol: 5, sessions: 2 }, true), [900]);
    const outcome = await connectOrStartHelper(d.adb, 'S', 2000);
    expect(outcome).toMatchObject({ ok: false, code: 'CAPABILITY_UNAVAILABLE', killed: [] });
    expect(d.starts()).toBe(0);
    expect(d.shells.some((c) => c.startsWith('kill'))).toBe(false);
  });

  it('replaces a protocol-3 helper (it serves only the connection that read its hello): killed, then ours started', async () => {
    let listening = true;
    const d = device(
      () => (listening ? helperSocket({ ...helloFor(34, '3.0.0'), protocol: 3, sessions: undefined }, false) : null),
      [901],
    );
    const outcome = await connectOrStartHelper(d.adb, 'S', 300);
    listening = false;
    expect(d.shells).toContain('kill 901 2>&1');
    expect(d.starts()).toBe(1);
    expect(outcome).toMatchObject({ killed: [901] });
  });

  it('replaces a protocol-4 helper that says hello but does not answer a ping', async () => {
    const d = device(() => helperSocket(helloFor(34, 'hung'), false), [902]);
    let pushes = 0;
    const outcome = await connectOrStartHelper(d.adb, 'S', 300, async () => void pushes++);
    expect(d.shells).toContain('kill 902 2>&1');
    expect(d.starts()).toBe(1);
    expect(pushes).toBe(1); // the jar goes on before ours starts
    expect(outcome).toMatchObject({ killed: [902] });
  }, 30_000);
});
