// Shared by the device commands (devices, observe, screenshot, virtual-device): the adb servers the flags name and
// how a device-layer failure is reported (JSON verdict with --json, one line on stderr otherwise; exit 1).
import { DeviceLayerError, openAdbServers, type AdbServer } from '../../electron/adb';
import { EXIT, printErrors, type CliIo } from '../command';

export type Servers = { ok: true; servers: AdbServer[] } | { ok: false; message: string };

export function serversFromFlags(addresses: string[] | undefined): Servers {
  try {
    return { ok: true, servers: openAdbServers({ addresses: addresses ?? [] }) };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}

export function reportFailure(io: CliIo, json: boolean, err: unknown): number {
  if (!(err instanceof DeviceLayerError)) throw err;
  if (json) return printErrors(io, [err.toJSON()], EXIT.invalid);
  io.stderr.write(`error ${err.code}: ${err.message}\n`);
  return EXIT.invalid;
}
