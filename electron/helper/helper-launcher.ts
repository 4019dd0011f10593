// Starts the helper as a shell-user process (`app_process`, like scrcpy's server) and connects to its
// localabstract socket through adbkit. The process lives as long as its adb shell stream: when that
// stream ends the helper is gone and its connection is closed.
import type { Duplex } from 'node:stream';
import { HELPER_MAIN_CLASS, HELPER_SOCKET_NAME, PROTOCOL_VERSION } from '../../shared/helper-protocol';
import type { AdbServer } from '../adb/adb-server';
import { HelperConnection } from './helper-connection';
import { DEVICE_HELPER_PATH } from './installer';

export function helperCommand(options: Record<string, string> = {}): string {
  const extra = Object.entries({ socket: HELPER_SOCKET_NAME, ...options }).map(([k, v]) => `${k}=${v}`);
  return `CLASSPATH=${DEVICE_HELPER_PATH} app_process / ${HELPER_MAIN_CLASS} ${PROTOCOL_VERSION} ${extra.join(' ')}`;
}

export type LaunchOutcome =
  | { ok: true; connection: HelperConnection; process: Duplex }
  | { ok: false; code: 'CAPABILITY_UNAVAILABLE' | 'DEVICE_LOST'; message: string };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function launchHelper(adb: AdbServer, serial: string, startTimeoutMs = 5000): Promise<LaunchOutcome> {
  const device = adb.client.getDevice(serial);
  let output = '';
  let exited = false;
  let proc: Duplex;
  try {
    proc = await device.shell(helperCommand());
  } catch (e) {
    return { ok: false, code: 'DEVICE_LOST', message: `cannot start the helper: ${(e as Error).message}` };
  }
  proc.on('data', (c: Buffer) => void (output = (output + c.toString('utf8')).slice(-2000)));
  proc.on('close', () => void (exited = true));
  proc.on('end', () => void (exited = true));
  proc.on('error', () => void (exited = true));
  const deadline = Date.now() + startTimeoutMs;
  const fail = (message: string): LaunchOutcome => {
    proc.destroy();
    return { ok: false, code: 'CAPABILITY_UNAVAILABLE', message };
  };
  // The socket exists only once the helper is listening: retry the connect until then.
  for (;;) {
    if (exited) return fail(`the helper exited at start: ${output.trim().slice(-500) || '(no output)'}`);
    let socket: Duplex | null = null;
    try {
      socket = await device.openLocal(`localabstract:${HELPER_SOCKET_NAME}`);
    } catch {
      socket = null;
    }
    if (socket) {
      const hello = await HelperConnection.open(socket, Math.max(500, deadline - Date.now()));
      if (hello.ok) {
        proc.on('close', () => hello.connection.close());
        return { ok: true, connection: hello.connection, process: proc };
      }
      if (hello.code === 'CAPABILITY_UNAVAILABLE') return fail(hello.message);
    }
    if (Date.now() > deadline) return fail(`the helper did not listen within ${startTimeoutMs} ms: ${output.trim().slice(-300) || '(no output)'}`);
    await sleep(50);
  }
}
