// A host request leaves no socket behind. adb answers and closes its side; a socket only ended on ours stayed
// half-open for good, since nothing reads that end of stream: two per executor call, the MCP server's memory
// (and file descriptors) grew with every call.
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdbServer } from './adb-server';
import { canonicalSerial, listTransports } from './host-query';

let fake: Server;
let adb: AdbServer;

/** An adb server as far as these requests go: OKAY, the length-prefixed value, then it closes its side. */
beforeAll(async () => {
  fake = createServer((socket) => {
    socket.once('data', (request) => {
      const value = request.toString('ascii').includes('devices-l')
        ? 'emulator-5554          device product:x model:y device:z transport_id:1\n'
        : 'emulator-5554';
      socket.end(`OKAY${value.length.toString(16).padStart(4, '0')}${value}`);
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  adb = new AdbServer({ host: '127.0.0.1', port: (fake.address() as { port: number }).port, bin: '/nonexistent/adb' });
});

afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

const openSockets = () =>
  (process as unknown as { _getActiveHandles(): object[] })
    ._getActiveHandles()
    .filter((h) => h.constructor.name === 'Socket').length;

describe('adb host requests', () => {
  it('answer and close their socket (none left half-open)', async () => {
    const before = openSockets();
    for (let i = 0; i < 10; i++) {
      expect(await canonicalSerial(adb, 'emulator-5554')).toBe('emulator-5554');
      expect(await listTransports(adb)).toEqual([{ serial: 'emulator-5554', state: 'device', transportId: 1 }]);
    }
    await expect.poll(openSockets).toBeLessThanOrEqual(before);
  });
});
