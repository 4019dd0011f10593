// Starts the helper as a shell-user process (`app_process`, like scrcpy's server) and connects to its
// localabstract socket through adbkit. A helper left running from an earlier session is killed first (it
// would hold the socket and UiAutomation). The helper serves one session and exits (PROTOCOL.md §10); the
// shell then prints its exit status on the same stream, which `exited` resolves with.
import type { Duplex } from 'node:stream';
import { HELPER_MAIN_CLASS, HELPER_SOCKET_NAME, PROTOCOL_VERSION } from '../../shared/helper-protocol';
import type { AdbServer } from '../adb/adb-server';
import { HelperConnection } from './helper-connection';
import { describeHelperExit, EXIT_MARKER_COMMAND, parseExitMarker } from './helper-exit';
import { DEVICE_HELPER_PATH } from './installer';
import { killStaleHelpers } from './stale-helper';

/**
 * Longer than the helper's own start: up to 10 s to connect UiAutomation plus 2 s for the first windows
 * (PROTOCOL.md §10). A shorter wait gives up on a helper that is still coming up and leaves it running.
 */
export const HELPER_START_TIMEOUT_MS = 15_000;

export function helperCommand(options: Record<string, string> = {}): string {
  const extra = Object.entries({ socket: HELPER_SOCKET_NAME, ...options }).map(([k, v]) => `${k}=${v}`);
  return `CLASSPATH=${DEVICE_HELPER_PATH} app_process / ${HELPER_MAIN_CLASS} ${PROTOCOL_VERSION} ${extra.join(' ')}`;
}

/** How a helper process ended: its exit status when the shell printed it, and what it means. */
export interface HelperExit {
  code: number | null;
  message: string;
  /** The helper's last output (stderr and stdout), for the message of a failed start. */
  output: string;
}

export type LaunchOutcome =
  | { ok: true; connection: HelperConnection; process: Duplex; exited: Promise<HelperExit>; killed: number[] }
  | { ok: false; code: 'CAPABILITY_UNAVAILABLE' | 'DEVICE_LOST'; message: string; exit: HelperExit | null; killed: number[] };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function launchHelper(adb: AdbServer, serial: string, startTimeoutMs = HELPER_START_TIMEOUT_MS): Promise<LaunchOutcome> {
  const device = adb.client.getDevice(serial);
  let killed: number[] = [];
  try {
    killed = await killStaleHelpers((command) => adb.shell(serial, command, { action: 'stale helper' }));
  } catch {
    // A device that cannot list its processes may still start the helper: the start itself reports what fails.
  }
  let proc: Duplex;
  try {
    proc = await device.shell(`${helperCommand()} ; ${EXIT_MARKER_COMMAND}`);
  } catch (e) {
    return { ok: false, code: 'DEVICE_LOST', message: `cannot start the helper: ${(e as Error).message}`, exit: null, killed };
  }
  let output = '';
  let ended = false;
  proc.on('data', (c: Buffer) => void (output = (output + c.toString('utf8')).slice(-2000)));
  const exited = new Promise<HelperExit>((resolve) => {
    const end = () => {
      ended = true;
      const code = parseExitMarker(output);
      resolve({ code, message: describeHelperExit(code), output: output.trim().slice(-500) });
    };
    proc.once('close', end);
    proc.once('end', end);
    proc.once('error', end);
  });
  const deadline = Date.now() + startTimeoutMs;
  const fail = async (message: string): Promise<LaunchOutcome> => {
    proc.destroy();
    const exit = ended ? await exited : null;
    return { ok: false, code: 'CAPABILITY_UNAVAILABLE', message: exit ? `${message}: ${exit.message}${exit.output ? ` — ${exit.output}` : ''}` : message, exit, killed };
  };
  // The socket exists only once the helper is listening: retry the connect until then.
  for (;;) {
    if (ended) return fail('the helper exited at start');
    let socket: Duplex | null = null;
    try {
      socket = await device.openLocal(`localabstract:${HELPER_SOCKET_NAME}`);
    } catch {
      socket = null;
    }
    if (socket) {
      const hello = await HelperConnection.open(socket, Math.max(500, deadline - Date.now()));
      if (hello.ok) {
        void exited.then(() => hello.connection.close());
        return { ok: true, connection: hello.connection, process: proc, exited, killed };
      }
      if (hello.code === 'CAPABILITY_UNAVAILABLE') return fail(hello.message);
    }
    if (Date.now() > deadline) return fail(`the helper did not listen within ${startTimeoutMs} ms${output.trim() ? `: ${output.trim().slice(-300)}` : ''}`);
    await sleep(50);
  }
}
