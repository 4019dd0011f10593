// One device, one identity. Callers name a device in many ways adb accepts (its serial, `127.0.0.1:06621` for
// `127.0.0.1:6621`, `model:X`, `product:X`, `device:X`, a usb path, `transport_id:N`), and one phone can be
// attached twice (USB and Wi-Fi). Every serial a caller gives is resolved here ONCE, through the adb server's
// own resolution, to:
//   serial    adb's canonical serial of the transport (what adb lists; what every later adb command uses),
//   identity  the physical device: its `ro.serialno`, or the canonical serial when that property cannot tell
//             devices apart (empty, a placeholder shared by many devices, emulator images),
// and the device lock, the receipts and the console's device state are keyed by `identity`. A device whose
// transport reconnected (adb keeps the serial and the transport id: another phone at the same address, the
// virtual device restarted on its port) has its identity read again before the next lock (transport-watch.ts).
import { checkSerial } from '../../shared/validation/serial';
import type { AdbServer } from '../adb/adb-server';
import { DeviceLayerError } from '../adb/errors';
import { canonicalSerial, listTransports } from '../adb/host-query';
import type { TransportWatch } from './transport-watch';

export interface ResolvedDevice {
  /** One per physical device: the key of its lock, its receipts and its console state. */
  identity: string;
  /** adb's canonical serial for the transport. */
  serial: string;
  /** adb's transport id, when the server reports it. */
  transportId?: number;
  /** The adb server that has the device. */
  server: AdbServer;
}

export type ResolveDevice = (serialAlias: string) => Promise<ResolvedDevice>;

/** Names remembered per resolver: a process resolves a handful (each device under its serial and aliases). */
const MAX_RESOLVED = 64;

/** `ro.serialno` values that many devices share: they cannot tell devices apart. */
const SHARED_SERIALNOS = new Set(['', 'unknown', '0123456789abcdef', '0000000000000000', '1234567890abcdef', 'null']);

/** The identity of a device with canonical serial `serial` whose `ro.serialno` is `serialno`. */
export function identityOf(serial: string, serialno: string): string {
  const usable =
    !SHARED_SERIALNOS.has(serialno.toLowerCase()) &&
    // Every instance of one emulator image reports the same EMULATOR… serial number.
    !/^emulator/i.test(serialno) &&
    !/^emulator-\d+$/.test(serial) &&
    checkSerial(serialno) === null;
  return usable ? serialno : serial;
}

/** Throws INVALID_SERIAL (no path, no raw control characters in the message) unless `serial` may name a device. */
export function assertSerial(serial: unknown): asserts serial is string {
  const invalid = checkSerial(serial);
  if (invalid) throw new DeviceLayerError('INVALID_SERIAL', invalid.message);
}

/**
 * A resolver over the given adb servers. `ro.serialno` is read once per transport while `watch` follows that
 * transport online without a state change (the cache key holds its epoch: a reconnect, even under the same
 * serial and transport id, reads it again); without a watch, or for a transport it does not follow, it is read
 * on every resolve. The console, `tactile mcp` and `tactile bridge` resolve with a watch
 * (DeviceSessions.watchTransports), one-shot commands without: the same rule, read afresh when unsure.
 */
export function deviceResolver(servers: readonly AdbServer[], watch?: TransportWatch): ResolveDevice {
  const serialnos = new Map<string, string>();
  /**
   * `server#alias` → what it resolved to, and the server's transport generation and the device's epoch then.
   * A long-lived process (tactile mcp) resolves the same name for every call: while its server announced no
   * transport change at all since and the device is still followed online, adb would answer the same, so the
   * answer is reused without asking adb (two host round trips per call); any change reads afresh.
   */
  const resolved = new Map<string, { device: ResolvedDevice; generation: number; epoch: number }>();

  async function onServer(server: AdbServer, alias: string): Promise<ResolvedDevice> {
    const known = watch && resolved.get(`${server.address}#${alias}`);
    if (
      known &&
      known.generation === watch.generation(server.address) &&
      known.epoch === watch.epoch(server.address, known.device.serial)
    )
      return known.device;
    const generation = watch?.generation(server.address) ?? null;
    const device = await askServer(server, alias);
    const epoch = watch?.epoch(server.address, device.serial) ?? null;
    // Nothing changed while adb was asked: its answer holds until the next change.
    if (watch && generation === watch.generation(server.address) && epoch !== null) {
      if (resolved.size >= MAX_RESOLVED) resolved.clear();
      resolved.set(`${server.address}#${alias}`, { device, generation, epoch });
    }
    return device;
  }

  async function askServer(server: AdbServer, alias: string): Promise<ResolvedDevice> {
    // Two independent host queries, asked at once.
    const [serial, transports] = await Promise.all([canonicalSerial(server, alias), listTransports(server)]);
    const transportId = transports.find((t) => t.serial === serial)?.transportId ?? null;
    const epoch = watch?.epoch(server.address, serial) ?? null;
    // Forget transports that are gone or changed: the cache stays as small as the device list.
    const live = new Set(
      transports.map(
        (t) => `${server.address}#${t.transportId}#${t.serial}#${watch?.epoch(server.address, t.serial) ?? null}`,
      ),
    );
    for (const key of serialnos.keys())
      if (key.startsWith(`${server.address}#`) && !live.has(key)) serialnos.delete(key);
    const key = `${server.address}#${transportId}#${serial}#${epoch}`;
    const cacheable = transportId !== null && epoch !== null;
    let serialno = cacheable ? serialnos.get(key) : undefined;
    if (serialno === undefined) {
      serialno = (await server.shell(serial, 'getprop ro.serialno', { action: 'getprop ro.serialno' })).trim();
      // Still the transport we looked at (no change while reading): what it answered is its identity.
      if (cacheable && watch?.epoch(server.address, serial) === epoch) serialnos.set(key, serialno);
    }
    return { identity: identityOf(serial, serialno), serial, ...(transportId !== null && { transportId }), server };
  }

  return async (alias) => {
    assertSerial(alias);
    const answers = await Promise.allSettled(servers.map((s) => onServer(s, alias)));
    const found = answers.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : []));
    if (found.length === 0) {
      const failures = answers.map((a) => (a.status === 'rejected' ? a.reason : null));
      // A server that could not answer says more than one that does not know the device.
      const telling =
        failures.find((e) => !(e instanceof DeviceLayerError && e.code === 'DEVICE_NOT_FOUND')) ?? failures[0];
      if (servers.length === 1 || !(telling instanceof DeviceLayerError) || telling.code !== 'DEVICE_NOT_FOUND')
        throw telling;
      throw new DeviceLayerError(
        'DEVICE_NOT_FOUND',
        `no device ${JSON.stringify(alias)} on the adb servers ${servers.map((s) => s.address).join(', ')} (see \`tactile devices\`)`,
      );
    }
    const identities = new Set(found.map((d) => d.identity));
    if (identities.size > 1) {
      throw new DeviceLayerError(
        'AMBIGUOUS',
        `${JSON.stringify(alias)} names different devices on the adb servers ${found.map((d) => d.server.address).join(', ')}; give its serial and one --server`,
      );
    }
    return found[0]!;
  };
}
