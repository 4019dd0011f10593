import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KnownDevices } from './known-devices';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function fakeServer(states: Record<string, string | null>) {
  const connects: string[] = [];
  return {
    connects,
    server: {
      address: '127.0.0.1:5037',
      deviceState: async (t: string) => states[t] ?? null,
      connect: async (t: string) => {
        connects.push(t);
        states[t] = 'device';
        return t;
      },
    },
  };
}

describe('known network devices', () => {
  it('reconnects remembered devices that are offline or gone, leaves online ones, and forgets on disconnect', async () => {
    dir = mkdtempSync(join(tmpdir(), 'known-'));
    const file = join(dir, 'known-devices.json');
    const { server, connects } = fakeServer({
      '10.0.0.5:5555': 'offline',
      '10.0.0.6:5555': 'device',
      '10.0.0.7:5555': null,
    });
    const known = new KnownDevices(file, [server]);
    for (const t of ['10.0.0.5:5555', '10.0.0.6:5555', '10.0.0.7:5555']) known.remember(t, server.address);
    // Remembered across restarts (a new instance reads the file).
    const again = new KnownDevices(file, [server]);
    expect(await again.reconnect()).toEqual(['10.0.0.5:5555', '10.0.0.7:5555']);
    expect(connects).toEqual(['10.0.0.5:5555', '10.0.0.7:5555']);
    again.forget('10.0.0.7:5555');
    expect(new KnownDevices(file, [server]).list().map((d) => d.target)).toEqual(['10.0.0.5:5555', '10.0.0.6:5555']);
  });
});
