// Gets this host a connection to the device's one helper (PROTOCOL.md §11): it looks first (connect, hello, ping;
// the process list when nothing listens), then does what connect-or-replace.ts decides: attach to the running
// helper, wait for one another host is starting, replace one that does not answer (kill it, start ours), or start
// one. A helper is started as a shell-user process (`app_process`, like scrcpy's server) whose stdin is our shell
// stream; it serves every host that connects and exits once that stream and the last session are gone, and the
// shell then prints its exit status on the same stream. Two hosts starting at once race for UiAutomation and the
// socket: the loser's helper exits 4 or 5, and the loser looks again and attaches to the winner's.
import type { Duplex } from 'node:stream';
import { HELPER_MAIN_CLASS, HELPER_SOCKET_NAME, PROTOCOL_VERSION } from '../../shared/helper-protocol';
import type { AdbServer } from '../adb/adb-server';
import { decideHelper, type HelperFinding } from './connect-or-replace';
import { HelperConnection, type LinkEnd } from './helper-connection';
import { describeHelperExit, EXIT_MARKER_COMMAND, parseExitMarker } from './helper-exit';
import { DEVICE_HELPER_PATH } from './installer';
import { helperPids, killStaleHelpers } from './stale-helper';

/**
 * Longer than the helper's own start: up to 10 s to connect UiAutomation plus 2 s for the first windows
 * (PROTOCOL.md §10). A shorter wait gives up on a helper that is still coming up and leaves it running.
 */
export const HELPER_START_TIMEOUT_MS = 15_000;
/** A running helper's hello and its ping answer come within this, or it counts as not answering. */
export const HELPER_PROBE_TIMEOUT_MS = 5_000;
/** Exit codes of a start that lost the race to another host's helper (UiAutomation held, socket bound). */
const LOST_RACE_EXITS: ReadonlySet<number> = new Set([4, 5]);
/** How often a host looks again for a helper another host is starting. */
const LOOK_AGAIN_MS = 100;

export function helperCommand(options: Record<string, string> = {}): string {
  const extra = Object.entries({ socket: HELPER_SOCKET_NAME, ...options }).map(([k, v]) => `${k}=${v}`);
  return `CLASSPATH=${DEVICE_HELPER_PATH} app_process / ${HELPER_MAIN_CLASS} ${PROTOCOL_VERSION} ${extra.join(' ')}`;
}

/** How a helper ended: its exit status when known, and what it means. */
export interface HelperExit {
  code: number | null;
  message: string;
  /** The helper's last output (stderr and stdout) when this host started it, for the message of a failed start. */
  output: string;
}

export type LaunchOutcome =
  | {
      ok: true;
      connection: HelperConnection;
      /** Our shell stream, when this host started the helper (its stdin keeps the helper up); null when attached. */
      process: Duplex | null;
      /** Resolves when this host's link to the helper ends, with the exit status when it was announced or printed. */
      exited: Promise<HelperExit>;
      /** Helpers this host killed to replace them. */
      killed: number[];
      /** Whether the helper was already running (another host's), rather than started by this host. */
      attached: boolean;
    }
  | {
      ok: false;
      code: 'CAPABILITY_UNAVAILABLE' | 'DEVICE_LOST';
      message: string;
      exit: HelperExit | null;
      killed: number[];
    };

type Device = ReturnType<AdbServer['client']['getDevice']>;
type Shell = (command: string) => Promise<string>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Connects to the device's helper: the running one when it may be used, else a new one (PROTOCOL.md §11).
 * `beforeStart` runs only when this host is about to start one (the jar is pushed then, never under a running helper).
 */
export async function connectOrStartHelper(
  adb: AdbServer,
  serial: string,
  startTimeoutMs = HELPER_START_TIMEOUT_MS,
  beforeStart?: () => Promise<void>,
): Promise<LaunchOutcome> {
  const device = adb.client.getDevice(serial);
  const shell: Shell = (command) => adb.shell(serial, command, { action: 'helper lookup' });
  const killed: number[] = [];
  const since = Date.now();
  let raced = false;
  for (;;) {
    const look = await lookForHelper(device, shell);
    const decision = decideHelper(look.finding, Date.now() - since, startTimeoutMs);
    switch (decision.action) {
      case 'attach':
        return {
          ok: true,
          connection: look.connection!,
          process: null,
          exited: linkExit(look.connection!, null),
          killed,
          attached: true,
        };
      case 'leave':
        return { ok: false, code: 'CAPABILITY_UNAVAILABLE', message: decision.message, exit: null, killed };
      case 'wait':
        await sleep(LOOK_AGAIN_MS);
        continue;
      case 'replace':
        try {
          killed.push(...(await killStaleHelpers(shell)));
        } catch {
          // A device that cannot list its processes may still start the helper: the start itself reports what fails.
        }
        break;
      case 'launch':
        break;
    }
    await beforeStart?.();
    const started = await startHelper(device, startTimeoutMs, killed);
    const code = started.ok ? null : started.exit?.code;
    if (!raced && typeof code === 'number' && LOST_RACE_EXITS.has(code)) {
      raced = true; // lost the race to another host's start: its helper is the one to use
      continue;
    }
    return started;
  }
}

/** Looks at the helper's socket (hello, then a ping), and at the process list when nothing answers there. */
async function lookForHelper(
  device: Device,
  shell: Shell,
): Promise<{ finding: HelperFinding; connection?: HelperConnection }> {
  let socket: Duplex | null = null;
  try {
    socket = await device.openLocal(`localabstract:${HELPER_SOCKET_NAME}`);
  } catch {
    socket = null; // nothing listens
  }
  if (socket) {
    const hello = await HelperConnection.open(socket, HELPER_PROBE_TIMEOUT_MS);
    if (hello.ok) {
      if (await hello.connection.ping(HELPER_PROBE_TIMEOUT_MS))
        return { finding: { kind: 'answering' }, connection: hello.connection };
      hello.connection.close();
      return { finding: { kind: 'silent', why: 'no answer to a ping' } };
    }
    if (hello.code === 'CAPABILITY_UNAVAILABLE' && hello.reason === 'protocol_mismatch') {
      return { finding: { kind: 'other_version', protocol: hello.protocol, sessions: hello.sessions } };
    }
    if (hello.code === 'CAPABILITY_UNAVAILABLE' || hello.reason === 'no_hello')
      return { finding: { kind: 'silent', why: hello.message } };
    // Closed before any hello: adb's way of saying nothing listens there.
  }
  let pids: number[] = [];
  try {
    pids = await helperPids(shell);
  } catch {
    pids = []; // a device that cannot list its processes: a start tells what is wrong
  }
  return { finding: pids.length > 0 ? { kind: 'starting', pids } : { kind: 'none' } };
}

/** Starts our helper and connects to whatever helper then listens (ours, or the winner of a race). */
async function startHelper(device: Device, startTimeoutMs: number, killed: number[]): Promise<LaunchOutcome> {
  let proc: Duplex;
  try {
    proc = await device.shell(`${helperCommand()} ; ${EXIT_MARKER_COMMAND}`);
  } catch (e) {
    return {
      ok: false,
      code: 'DEVICE_LOST',
      message: `cannot start the helper: ${(e as Error).message}`,
      exit: null,
      killed,
    };
  }
  let output = '';
  let ended = false;
  proc.on('data', (c: Buffer) => void (output = (output + c.toString('utf8')).slice(-2000)));
  const processExit = new Promise<HelperExit>((resolve) => {
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
    const exit = ended ? await processExit : null;
    return {
      ok: false,
      code: 'CAPABILITY_UNAVAILABLE',
      message: exit ? `${message}: ${exit.message}${exit.output ? ` — ${exit.output}` : ''}` : message,
      exit,
      killed,
    };
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
      if (hello.ok)
        return {
          ok: true,
          connection: hello.connection,
          process: proc,
          exited: linkExit(hello.connection, processExit),
          killed,
          attached: false,
        };
      if (hello.code === 'CAPABILITY_UNAVAILABLE') return fail(hello.message);
    }
    if (Date.now() > deadline)
      return fail(
        `the helper did not listen within ${startTimeoutMs} ms${output.trim() ? `: ${output.trim().slice(-300)}` : ''}`,
      );
    await sleep(50);
  }
}

/** How long a link's end waits for our own helper process's printed status when the helper announced none. */
const STATUS_AFTER_LINK_MS = 2_000;

/**
 * The helper's end as this host sees it: when its link ends. A helper that announced its exit (6, 7) names it;
 * otherwise, for a helper this host started, the status its shell prints when it ends (killed: 143).
 */
async function linkExit(connection: HelperConnection, processExit: Promise<HelperExit> | null): Promise<HelperExit> {
  const end: LinkEnd = await connection.ended();
  if (end.exitCode !== null) return { code: end.exitCode, message: describeHelperExit(end.exitCode), output: '' };
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), STATUS_AFTER_LINK_MS)));
  const printed = processExit ? await Promise.race([processExit, late]) : null;
  clearTimeout(timer); // a process that is ending must not be kept alive by this wait
  return printed ?? { code: null, message: end.reason, output: '' };
}
