import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket as NodeWebSocket, WebSocketServer } from 'ws';
import { bridgeClient } from '../../renderer/ipc/bridge-client';

describe('bridgeClient', () => {
  const servers: WebSocketServer[] = [];
  afterEach(async () => {
    vi.unstubAllGlobals();
    await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
  });

  it('refuses a request once the bridge has closed the connection instead of waiting forever', async () => {
    // ws's client behaves like the browser's here: send() on a closed socket drops the frame silently.
    vi.stubGlobal('WebSocket', NodeWebSocket);
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    servers.push(server);
    await new Promise((r) => server.once('listening', r));
    server.on('connection', (socket) => socket.close());
    const { port } = server.address() as { port: number };
    const api = await bridgeClient(`ws://127.0.0.1:${port}/bridge?token=t`);
    await vi.waitFor(() => expect([...server.clients]).toHaveLength(0), { timeout: 20_000 });
    // Whether the client has seen the close yet or sends into it: either way it answers, not waits forever
    // (20 s tells the two apart on any machine).
    const outcome = await Promise.race([
      api.request('devices.list', {}).then(
        () => 'resolved',
        (e: Error) => e.message,
      ),
      new Promise((r) => setTimeout(() => r('still pending'), 20_000)),
    ]);
    expect(outcome).toBe('the Tactile bridge closed the connection');
  });
});
