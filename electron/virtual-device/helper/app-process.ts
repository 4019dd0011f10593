// `app_process` on the virtual device: `CLASSPATH=… app_process / com.tactile.helper.Main 3 [key=value…]`
// starts the protocol-3 helper the way the host starts the Java one. It listens on
// localabstract:tactile-helper (or `socket=NAME`) for as long as the shell stream stays open, like the real
// process, which dies with its adb shell. Nothing needs pushing: the helper is simulated, CLASSPATH is not read.
// Exit codes as the Java helper's: 2 bad arguments or protocol mismatch, 5 the socket failed.
import { HELPER_MAIN_CLASS, HELPER_SOCKET_NAME, PROTOCOL_VERSION } from '../../../shared/helper-protocol';
import type { Command } from '../android/shell/context';
import type { DeviceStream } from '../device-services';
import { labHelperDevice } from './helper-device';
import { serveHelperSession, VIRTUAL_HELPER_VERSION } from './helper-session';

export const appProcess: Command = async ({ argv, android, out, err, signal }) => {
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
  const sessions = new Set<DeviceStream>();
  let unlisten: () => void;
  try {
    unlisten = android.sockets.listen(address, (stream) => {
      sessions.add(stream);
      stream.onClose(() => sessions.delete(stream));
      serveHelperSession(stream, device);
    });
  } catch (e) {
    await err(`tactile-helper: cannot listen on ${address}: ${(e as Error).message}\n`);
    return 5;
  }
  await out(`tactile-helper ${VIRTUAL_HELPER_VERSION} listening on ${address}\n`);
  await new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })));
  unlisten();
  for (const stream of sessions) stream.close(); // the process is gone: so are its connections
  return 0;
};
