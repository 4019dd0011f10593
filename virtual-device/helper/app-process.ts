// `app_process` on the virtual device: `CLASSPATH=… app_process / com.tactile.helper.Main 4 [key=value…]`
// starts the protocol-4 helper the way the host starts the Java one, with its lifecycle (PROTOCOL.md §10): it
// listens on localabstract:tactile-helper (or `socket=NAME`) for its whole life and serves every host that
// connects, each in its own session over one shared device (helper-hub.ts). Its stdin is the shell stream of the
// host that started it: once that has ended AND no session is left, it exits 0. It shows in `ps` while it runs
// and `kill` ends it (status 128 + signal). Nothing needs pushing: the helper is simulated, CLASSPATH is not read.
// Exit codes as the Java helper's: 2 bad arguments or protocol mismatch, 5 the socket failed, 6 UiAutomation
// lost mid-session (the sim-faults.ts test fault: every helper meets it at its first UiAutomation call).
import { HELPER_MAIN_CLASS, HELPER_SOCKET_NAME, PROTOCOL_VERSION } from '../../shared/helper-protocol';
import type { Command } from '../android/shell/context';
import { labHelperDevice } from './helper-device';
import { HelperHub } from './helper-hub';
import { serveHelperSession, VIRTUAL_HELPER_VERSION } from './helper-session';

const requestListeners = new Set<(op: string, at: number) => void>();

/** Observes every request the virtual helpers read (bench:live-touch times the socket leg with it). */
export function onVirtualHelperRequest(listener: (op: string, at: number) => void): () => void {
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}

export const appProcess: Command = async ({ argv, android, out, err, signal, process }) => {
  const [, , main, protocol, ...options] = argv;
  if (main !== HELPER_MAIN_CLASS) {
    await err(`Error: Could not find class '${main ?? ''}'\n`);
    return 1;
  }
  if (protocol !== String(PROTOCOL_VERSION)) {
    await err(
      `tactile-helper: this helper speaks protocol ${PROTOCOL_VERSION}, the host asked for ${protocol ?? '(none)'}\n`,
    );
    return 2;
  }
  const settings = new Map(options.map((o) => [o.slice(0, o.indexOf('=')), o.slice(o.indexOf('=') + 1)] as const));
  const address = `localabstract:${settings.get('socket') ?? HELPER_SOCKET_NAME}`;
  const device = labHelperDevice(android);
  let finish!: (code: number) => void;
  const ended = new Promise<number>((resolve) => (finish = resolve));
  let launcherGone = false;
  const hub = new HelperHub(device, {
    fatal: (code, message) => {
      // Best effort: the launcher's shell stream may be gone already (the helper outlives it when shared).
      err(`tactile-helper: exiting with ${code}: ${message}\n`).catch(() => undefined);
      finish(code);
    },
  });
  // The last host left after the launcher's stream ended: nobody can use this helper any more.
  hub.onEmpty(() => {
    if (launcherGone) finish(0);
  });
  let unlisten: () => void;
  try {
    unlisten = android.sockets.listen(address, (stream) =>
      serveHelperSession(stream, hub, (op, at) => {
        for (const l of requestListeners) l(op, at);
      }),
    );
  } catch (e) {
    await err(`tactile-helper: cannot listen on ${address}: ${(e as Error).message}\n`);
    return 5;
  }
  const proc = process(argv);
  await out(`tactile-helper ${VIRTUAL_HELPER_VERSION} listening on ${address}\n`);
  const stdinEnded = () => {
    launcherGone = true;
    if (hub.count === 0) finish(0);
  };
  if (signal.aborted) stdinEnded();
  signal.addEventListener('abort', stdinEnded, { once: true }); // stdin reached EOF: the launching host is gone
  void proc.process.killed.then((sig) => finish(128 + sig));
  const code = await ended;
  proc.exit();
  unlisten();
  hub.closeAll(); // the process is gone: so are its connections
  return code;
};
