// The device commands' flags that need no adb: `--server` (checked, not yet opened) and `--serial`. Apart from
// device-common.ts so that `tactile mcp` can refuse bad flags at once and load adb only on its first call.
import { checkSerial } from '../../shared/validation/serial';
import { resolveAdbServers } from '../../electron/adb/server-address';
import { usageError, type CliIo } from '../command';

/** `--server HOST:PORT`, repeatable; absent = 127.0.0.1:$ANDROID_ADB_SERVER_PORT (default 5037). */
export const SERVER_FLAG = { server: { type: 'string', multiple: true } } as const;

/** Why `--server` values (or ANDROID_ADB_SERVER_PORT) name no adb server, or null when they are well-formed. */
export function serverFlagsError(addresses: string[] | undefined): string | null {
  try {
    resolveAdbServers(addresses ?? [], process.env);
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/**
 * A `--serial` value that cannot name a device (empty, too long, control characters, whitespace) is refused
 * before adb sees it: INVALID_SERIAL, exit 2. Returns the exit code, or null when the serial is acceptable.
 */
export function refuseSerial(io: CliIo, usage: string, serial: string): number | null {
  const invalid = checkSerial(serial);
  return invalid ? usageError(io, usage, invalid.message, 'INVALID_SERIAL') : null;
}
