// Shared by the device commands (devices, observe, screenshot, virtual-device): the adb server flags and how a
// device-layer failure is reported (JSON verdict with --json, one line on stderr otherwise; exit 1).
import { checkSerial } from '../../../shared/validation/serial';
import { DeviceLayerError, openAdbServers, type AdbServer } from '../../adb';
import { EXIT, printErrors, usageError, type CliIo } from '../command';

/** `--server HOST:PORT`, repeatable; absent = 127.0.0.1:$ANDROID_ADB_SERVER_PORT (default 5037). */
export const SERVER_FLAG = { server: { type: 'string', multiple: true } } as const;

export type Servers = { ok: true; servers: AdbServer[] } | { ok: false; message: string };

export function serversFromFlags(addresses: string[] | undefined): Servers {
  try {
    return { ok: true, servers: openAdbServers({ addresses: addresses ?? [] }) };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
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

export function reportFailure(io: CliIo, json: boolean, err: unknown): number {
  if (!(err instanceof DeviceLayerError)) throw err;
  if (json) return printErrors(io, [err.toJSON()], EXIT.invalid);
  io.stderr.write(`error ${err.code}: ${err.message}\n`);
  return EXIT.invalid;
}
