import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { DeviceLayerError } from '../adb/errors';
import { createHandlers, type HandlerDeps } from './handlers';

function rig(listed: Map<string, string>, connect: (target: string) => Promise<string>) {
  const server = {
    connect: vi.fn(connect),
    disconnect: vi.fn(async (target: string) => void listed.delete(target)),
    deviceState: vi.fn(async (serial: string) => listed.get(serial) ?? null),
  };
  const handlers = createHandlers({
    directory: { serverFor: () => server },
    journalDir: mkdtempSync(join(tmpdir(), 'tactile-connect-')),
  } as unknown as HandlerDeps);
  return { server, handlers };
}

describe('devices.connect / devices.disconnect', () => {
  it('a failed connect that adb still lists (offline) is disconnected: no ghost device', async () => {
    const listed = new Map<string, string>();
    const { server, handlers } = rig(listed, async (target) => {
      listed.set(target, 'offline'); // what adb does after a connect that timed out
      throw new DeviceLayerError('DEVICE_NOT_FOUND', `adb could not connect to ${target}: failed to connect`);
    });
    await expect(handlers['devices.connect']({ target: '10.255.255.1:5555' })).rejects.toMatchObject({
      code: 'DEVICE_NOT_FOUND',
    });
    expect(server.disconnect).toHaveBeenCalledWith('10.255.255.1:5555');
    expect(listed.size).toBe(0);
  });

  it('a refused connect that adb does not list disconnects nothing; a good one is kept', async () => {
    const listed = new Map<string, string>();
    const refused = rig(listed, async () => {
      throw new DeviceLayerError('DEVICE_NOT_FOUND', 'Connection refused');
    });
    await expect(refused.handlers['devices.connect']({ target: '127.0.0.1:1' })).rejects.toThrow('refused');
    expect(refused.server.disconnect).not.toHaveBeenCalled();
    const good = rig(listed, async (target) => {
      listed.set(target, 'device');
      return target;
    });
    await expect(good.handlers['devices.connect']({ target: '10.0.0.2:5555' })).resolves.toEqual({
      serial: '10.0.0.2:5555',
    });
    expect(good.server.disconnect).not.toHaveBeenCalled();
  });

  it('disconnect forgets a listed target and says whether there was one', async () => {
    const listed = new Map([['10.0.0.9:5555', 'offline']]);
    const { handlers } = rig(listed, async (t) => t);
    await expect(handlers['devices.disconnect']({ target: '10.0.0.9:5555' })).resolves.toEqual({ disconnected: true });
    await expect(handlers['devices.disconnect']({ target: '10.0.0.9:5555' })).resolves.toEqual({ disconnected: false });
  });
});
