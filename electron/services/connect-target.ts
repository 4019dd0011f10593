// `adb connect` without ghosts: when a connect fails, adb may still list the target (offline, connecting),
// and it would stay in the console's device list with nothing to do with it; the failed target is
// disconnected again before the error goes back. `disconnect` forgets a network device on request.
import type { AdbServer } from '../adb';

type Server = Pick<AdbServer, 'connect' | 'disconnect' | 'deviceState'>;

export async function connectTarget(server: Server, target: string): Promise<string> {
  try {
    return await server.connect(target);
  } catch (error) {
    const state = await server.deviceState(target).catch(() => null);
    if (state !== null && state !== 'device') await server.disconnect(target).catch(() => undefined);
    throw error;
  }
}

/** true when adb listed the target and it was disconnected, false when it was not listed. */
export async function disconnectTarget(server: Server, target: string): Promise<boolean> {
  if ((await server.deviceState(target)) === null) return false;
  await server.disconnect(target);
  return true;
}
