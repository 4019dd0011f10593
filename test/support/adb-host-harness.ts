// Plays the adb host against one AdbDeviceConnection without sockets, recording what the device
// sends, for the transport's unit tests (connection, shell protocol, sync v2).

import { createFakeDeviceServices } from './fake-device-services';
import { AdbDeviceConnection } from '../../virtual-device/adb/connection';
import {
  A_CLSE,
  A_CNXN,
  A_OKAY,
  A_WRTE,
  commandName,
  encodePacket,
  type AdbPacket,
} from '../../virtual-device/adb/packet';
import { AdbPacketParser } from '../../virtual-device/adb/packet-parser';

export const text = (s: string) => new TextEncoder().encode(s);
export const str = (b: Uint8Array) => new TextDecoder().decode(b);
export const tick = () => new Promise((r) => setTimeout(r, 5));

/** Plays the adb host against a connection, recording what the device sends (and its raw bytes). */
export function harness(options: { version?: number; maxData?: number } = {}) {
  const services = createFakeDeviceServices();
  const parser = new AdbPacketParser();
  const sent: AdbPacket[] = [];
  const raw: Uint8Array[] = [];
  let closed = false;
  const connection = new AdbDeviceConnection({
    services,
    transportName: 'host-7',
    sink: {
      send: (bytes) => {
        raw.push(bytes);
        sent.push(...parser.push(bytes));
      },
      close: () => (closed = true),
    },
  });
  const host = (command: number, arg0: number, arg1: number, payload: Uint8Array = new Uint8Array(0)) =>
    connection.receive(encodePacket({ command, arg0, arg1, payload }, false));
  const connect = () => host(A_CNXN, options.version ?? 0x01000001, options.maxData ?? 1024 * 1024, text('host::\0'));
  const log = () =>
    sent.map(
      (p) =>
        `${commandName(p.command)}(${p.arg0},${p.arg1})${p.payload.length ? ` ${JSON.stringify(str(p.payload))}` : ''}`,
    );
  return { services, connection, sent, raw, host, connect, log, isClosed: () => closed };
}

/** WRTEs already taken by an exchange, so a later exchange on the same stream does not see them again. */
const exchanged = new WeakSet<AdbPacket>();

/**
 * Sends `bytes` on the stream the host opened as `hostId` (already OKAYed by the device) and gathers
 * every WRTE the device answers, acknowledging each, until the device closes the stream.
 */
export async function exchange(
  h: ReturnType<typeof harness>,
  hostId: number,
  bytes: Uint8Array,
  maxTicks = 400,
): Promise<Buffer> {
  const localId = h.sent.find((p) => p.command === A_OKAY && p.arg1 === hostId)?.arg0;
  if (localId === undefined) throw new Error(`the device did not accept stream ${hostId}`);
  if (bytes.length > 0) h.host(A_WRTE, hostId, localId, bytes);
  const replies: Uint8Array[] = [];
  for (let i = 0; i < maxTicks; i++) {
    await tick();
    for (const p of h.sent) {
      if (p.arg1 !== hostId || p.command !== A_WRTE || exchanged.has(p)) continue;
      exchanged.add(p);
      replies.push(p.payload);
      h.host(A_OKAY, hostId, p.arg0);
    }
    if (h.sent.some((p) => p.command === A_CLSE && p.arg1 === hostId)) break;
  }
  return Buffer.concat(replies);
}
