// A push whose chunk waits for adb to take the previous bytes is answered as soon as the push ends any other way:
// cancelled by the operator, or failed in adb. Nothing waits for a drain that cannot come (issue 29: push
// begin/chunk hung the console's client for ten minutes).
import { EventEmitter } from 'node:events';
import type { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { DeviceSession } from '../../device/session';
import { EventHub } from '../event-hub';
import { Transfers } from './transfers';

/** adb's sync push, stalled: it never reads the stream (a device that stopped answering). */
function stalledSession() {
  const transfer = Object.assign(new EventEmitter(), {
    cancelled: false,
    cancel() {
      this.cancelled = true;
    },
  });
  let stream: PassThrough | null = null;
  const session = {
    serial: 's',
    adb: { client: { getDevice: () => ({ push: async (s: PassThrough) => ((stream = s), transfer) }) } },
    shell: async () => '',
  } as unknown as DeviceSession;
  return { session, transfer, stream: () => stream };
}

const MiB = 1024 * 1024;
/** These pushes are files: nothing is installed. */
const noInstall = () => Promise.reject(new Error('a file push installs nothing'));

describe('pushes that end while a chunk waits', () => {
  it('a cancel answers the waiting chunk at once with CANCELLED', async () => {
    const transfers = new Transfers(new EventHub(), '/tmp', noInstall);
    const { session, transfer } = stalledSession();
    await transfers.beginPush('t-cancel-1', session, 'file', '/sdcard', 'big.bin', 4 * MiB);
    const waiting = transfers.chunk('t-cancel-1', 0, new Uint8Array(2 * MiB));
    let settled = false;
    void waiting.finally(() => (settled = true)).catch(() => undefined);
    await new Promise((r) => setImmediate(r));
    expect(settled).toBe(false); // adb has not taken it: the chunk waits (backpressure)
    expect(transfers.cancel('t-cancel-1')).toBe(true);
    await expect(waiting).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(transfer.cancelled).toBe(true);
    await expect(transfers.chunk('t-cancel-1', 2 * MiB, new Uint8Array(1))).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('adb failing answers the waiting chunk with the failure', async () => {
    const transfers = new Transfers(new EventHub(), '/tmp', noInstall);
    const { session, transfer } = stalledSession();
    await transfers.beginPush('t-fail-01', session, 'file', '/sdcard', 'big.bin', 4 * MiB);
    const waiting = transfers.chunk('t-fail-01', 0, new Uint8Array(2 * MiB));
    transfer.emit('error', new Error('sync: device offline'));
    await expect(waiting).rejects.toMatchObject({
      code: 'DEVICE_LOST',
      message: expect.stringContaining('device offline'),
    });
  });
});
