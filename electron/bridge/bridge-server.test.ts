// The loopback bridge: token and origin checks at the upgrade, malformed frames refused, only contract
// requests dispatched, events and bytes delivered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createDispatcher, decodeWire, encodeWire, REQUEST_CHANNELS, type Handlers } from '../../shared/ipc';
import { EventHub } from '../services/event-hub';
import { BRIDGE_PATH, MAX_MESSAGE_BYTES, startBridge, type Bridge } from './bridge-server';

const calls: string[] = [];
const handlers = Object.fromEntries(
  REQUEST_CHANNELS.map((c) => [
    c,
    async (request: unknown) => {
      calls.push(c);
      if (c === 'device.screenshot') return { png: new Uint8Array([137, 80, 78, 71]), width: 1, height: 1 };
      // A reply JSON cannot carry (a handler bug): the client must still get an answer.
      if (c === 'device.info') return { model: 10n };
      return { echoed: request };
    },
  ]),
) as unknown as Handlers;

function open(url: string, headers: Record<string, string> = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    socket.once('error', reject);
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function nextMessage(socket: WebSocket): Promise<any> {
  return new Promise((resolve) =>
    socket.once('message', (data: Buffer, binary: boolean) =>
      resolve(decodeWire(binary ? new Uint8Array(data) : data.toString())),
    ),
  );
}

describe('bridge server', () => {
  let bridge: Bridge;
  const events = new EventHub();
  beforeAll(async () => {
    bridge = await startBridge({ dispatch: createDispatcher(handlers), events });
  });
  afterAll(async () => {
    await bridge.close();
  });

  it('listens on loopback with a fresh random token each start', async () => {
    expect(bridge.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{43}$/);
    const other = await startBridge({ dispatch: createDispatcher(handlers), events });
    expect(other.token).not.toBe(bridge.token);
    await other.close();
  });

  it('refuses sockets without the token, with a wrong one, or from a foreign origin', async () => {
    const base = `ws://127.0.0.1:${bridge.port}${BRIDGE_PATH}`;
    await expect(open(base)).rejects.toThrow('HTTP 401');
    await expect(open(`${base}?token=${bridge.token.slice(0, -1)}x`)).rejects.toThrow('HTTP 401');
    await expect(open(bridge.socketUrl, { Origin: 'https://evil.example' })).rejects.toThrow('HTTP 403');
    const ok = await open(bridge.socketUrl, { Origin: `http://127.0.0.1:${bridge.port}` });
    ok.close();
  });

  it('answers INTERNAL when a reply cannot be encoded, instead of leaving the request unanswered', async () => {
    const socket = await open(bridge.socketUrl);
    const reply = nextMessage(socket);
    socket.send(JSON.stringify({ type: 'request', id: 7, channel: 'device.info', payload: { serial: 's' } }));
    expect(await reply).toMatchObject({
      type: 'reply',
      id: 7,
      reply: { ok: false, error: { code: 'INTERNAL', message: expect.stringContaining('could not be sent') } },
    });
    socket.close();
  });

  it('refuses malformed frames and wrong shapes with INVALID_ARGUMENT, dispatching nothing', async () => {
    calls.length = 0;
    const socket = await open(bridge.socketUrl);
    for (const bad of [
      'not json',
      '{"type":"request","id":1}',
      '{"type":"request","id":2,"channel":"device.observe","payload":{"serial":5}}',
      '{"type":"request","id":3,"channel":"nope","payload":{}}',
    ]) {
      const reply = nextMessage(socket);
      socket.send(bad);
      expect((await reply).reply).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    }
    const truncated = nextMessage(socket);
    socket.send(Buffer.from([0, 0, 0, 99, 1]));
    expect((await truncated).reply.error.code).toBe('INVALID_ARGUMENT');
    expect(calls).toEqual([]);
    socket.close();
  });

  it('refuses deep or huge frames with INVALID_ARGUMENT before parsing them, and closes on frames past the size cap', async () => {
    calls.length = 0;
    const socket = await open(bridge.socketUrl);
    const deep = `{"type":"request","id":9,"channel":"device.execute","payload":{"serial":"s","envelope":${'['.repeat(5000)}${']'.repeat(5000)}}}`;
    const big = JSON.stringify({
      type: 'request',
      id: 10,
      channel: 'device.execute',
      payload: { serial: 's', envelope: { tool: 'input_text', args: { text: 'x'.repeat(2 * 1024 * 1024) } } },
    });
    for (const frame of [deep, big]) {
      const reply = nextMessage(socket);
      socket.send(frame);
      expect((await reply).reply).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT', path: '' } });
    }
    expect(calls).toEqual([]);
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    socket.send(Buffer.alloc(MAX_MESSAGE_BYTES + 1, 0x20).toString());
    expect(await closed).toBe(1009);
    expect(calls).toEqual([]);
  });

  it('answers requests by id, sends bytes as binary frames, and forwards events', async () => {
    const socket = await open(bridge.socketUrl);
    let reply = nextMessage(socket);
    socket.send(encodeWire({ type: 'request', id: 7, channel: 'device.screenshot', payload: { serial: 's' } }));
    const shot = await reply;
    expect(shot.id).toBe(7);
    expect([...shot.reply.result.png]).toEqual([137, 80, 78, 71]);
    reply = nextMessage(socket);
    events.emit('devices.changed', { devices: [] });
    expect(await reply).toEqual({ type: 'event', channel: 'devices.changed', payload: { devices: [] } });
    socket.close();
  });

  it('serves nothing but the socket when no renderer folder is given', async () => {
    const res = await fetch(`http://127.0.0.1:${bridge.port}/index.html`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  });
});
