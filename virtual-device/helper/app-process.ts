// `app_process` on the virtual device: `CLASSPATH=… app_process / com.tactile.helper.Main 3 [key=value…]`
// starts the protocol-3 helper the way the host starts the Java one, with its lifecycle (PROTOCOL.md §10):
// it listens on localabstract:tactile-helper (or `socket=NAME`), serves ONE session and exits 0 when that
// session ends or its stdin does (the adb shell stream closing). It shows in `ps` while it runs and `kill`
// ends it (status 128 + signal). Nothing needs pushing: the helper is simulated, CLASSPATH is not read.
// Exit codes as the Java helper's: 2 bad arguments or protocol mismatch, 5 the socket failed, 6 UiAutomation
// lost mid-session (the sim-faults.ts test fault).
import { HELPER_MAIN_CLASS, HELPER_SOCKET_NAME, PROTOCOL_VERSION } from '../../shared/helper-protocol';
import type { Command } from '../android/shell/context';
import type { DeviceStream } from '../device-services';
import { labHelperDevice } from './helper-device';
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
    await err(`tactile-helper: this helper speaks protocol ${PROTOCOL_VERSION}, the host asked for ${protocol ?? '(none)'}\n`);
    return 2;
  }
  const settings = new Map(options.map((o) => [o.slice(0, o.indexOf('=')), o.slice(o.indexOf('=') + 1)] as const));
  const address = `localabstract:${settings.get('socket') ?? HELPER_SOCKET_NAME}`;
  const device = labHelperDevice(android);
  let session: DeviceStream | null = null;
  let finish!: (code: number) => void;
  const ended = new Promise<number>((resolve) => (finish = resolve));
  let unlisten: () => void = () => undefined;
  try {
    unlisten = android.sockets.listen(address, (stream) => {
      unlisten(); // one session per process: a second host finds nothing listening
      session = stream;
      stream.onClose(() => finish(0));
      serveHelperSession(stream, device, {
        fatal: (code, message) => {
          void err(`tactile-helper: ${message}\n`);
          finish(code);
        },
        onRequest: (op, at) => {
          for (const l of requestListeners) l(op, at);
        },
      });
    });
  } catch (e) {
    await err(`tactile-helper: cannot listen on ${address}: ${(e as Error).message}\n`);
    return 5;
  }
  const proc = process(argv);
  await out(`tactile-helper ${VIRTUAL_HELPER_VERSION} listening on ${address}\n`);
  if (signal.aborted) finish(0);
  signal.addEventListener('abort', () => finish(0), { once: true }); // stdin reached EOF: the host is gone
  void proc.process.killed.then((sig) => finish(128 + sig));
  const code = await ended;
  proc.exit();
  unlisten();
  (session as DeviceStream | null)?.close(); // the process is gone: so is its connection
  return code;
};
