// Taking a device another operation left of unknown outcome: the lock stays uncertain until the device is
// re-read (electron/device/lock/device-lock.ts). The next caller tries that re-read itself: a device that
// answers a screen read again has finished (or dropped) that input, so its lock is cleared and taken; one that
// still cannot be reached stays DEVICE_BUSY naming the operation whose outcome is unknown.
import type { AcquireResult, DeviceLocks, LockTarget } from '../device/lock';
import type { DeviceLinks } from './device-link';

export async function acquireAfterReread(
  locks: DeviceLocks,
  links: DeviceLinks,
  target: LockTarget,
  client: string,
  operationId: string,
): Promise<AcquireResult> {
  const first = locks.acquire(target, client, { operationId });
  if (first.ok || first.error.reason !== 'uncertain') return first;
  try {
    await (await links.open(target.serial)).screen();
  } catch {
    return first; // still unreachable: its fate is still unknown
  }
  if (!locks.clearUncertain(target.identity)) return first;
  return locks.acquire(target, client, { operationId });
}
