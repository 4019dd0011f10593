// A separate client process for the device-lock tests.
//   race DIR SERIAL CLIENT START_AT_MS  — waits until START_AT_MS, acquires, prints the result, holds until killed
//   hold DIR SERIAL CLIENT              — acquires, prints the result, holds until killed
//   dispatch DIR SERIAL CLIENT OP_ID    — acquires for OP_ID, waits for "go" on stdin, then tries one dispatch
import { DeviceLocks } from '../../electron/device/lock/device-lock';

const [mode, dir, serial, client, extra] = process.argv.slice(2);
const locks = new DeviceLocks({ dir: dir as string });
const print = (value: unknown) => process.stdout.write(JSON.stringify(value) + '\n');

if (mode === 'race') {
  const startAt = Number(extra);
  while (Date.now() < startAt) {
    // spin until the shared start time so both processes call acquire together
  }
  const result = locks.acquire(serial as string, client as string);
  print(
    result.ok
      ? { ok: true, pid: process.pid, operation_id: result.lock.operationId }
      : { ok: false, pid: process.pid, error: result.error },
  );
  // Holding until killed: a late starter must still find the winner's lock.
  setInterval(() => undefined, 60_000);
} else if (mode === 'hold') {
  const result = locks.acquire(serial as string, client as string);
  print(
    result.ok
      ? { ok: true, pid: process.pid, operation_id: result.lock.operationId }
      : { ok: false, error: result.error },
  );
  setInterval(() => undefined, 60_000);
} else if (mode === 'dispatch') {
  const result = locks.acquire(serial as string, client as string, { operationId: extra as string });
  if (!result.ok) {
    print({ ok: false, error: result.error });
    process.exit(1);
  }
  const lock = result.lock;
  print({ ready: true });
  process.stdin.once('data', async () => {
    let sent = false;
    const outcome = await lock.dispatch(async () => {
      sent = true;
      return 'tap';
    });
    print({ sent, outcome });
    lock.release();
    process.exit(0);
  });
}
