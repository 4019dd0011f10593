// adb server host requests adbkit has no command for: the serial adb itself resolves a name to
// (`host-serial:NAME:get-serialno`, `host-transport-id:N:get-serialno`) and the long device list
// (`host:devices-l`; adbkit's parser shifts its columns for network devices, which have no usb path).
import type { Socket } from 'node:net';
import type { AdbServer } from './adb-server';
import { DeviceLayerError } from './errors';

/** One transport as `adb devices -l` lists it. */
export interface TransportEntry {
  serial: string;
  state: string;
  /** adb's transport id (unique for the server's lifetime), null for an adb too old to report it. */
  transportId: number | null;
}

/**
 * Sends one host request and reads its OKAY value (a FAIL rejects with adbkit's FailError, classified by `run`).
 * The socket is destroyed afterwards, not just ended: adb closes its side after the reply, but nothing reads that
 * end of stream, so an ended socket stayed half-open for good (two per executor call: the MCP soak grew by them).
 */
function hostRequest(adb: AdbServer, request: string, action: string, serial?: string): Promise<string> {
  return adb.run(action, serial, async (signal) => {
    const conn = await adb.client.connection();
    const close = () => (conn.getSocket() as Socket).destroy();
    signal.addEventListener('abort', close, { once: true });
    try {
      const body = Buffer.from(request, 'utf8');
      conn.write(Buffer.concat([Buffer.from(body.length.toString(16).padStart(4, '0'), 'ascii'), body]));
      const reply = await conn.parser.readAscii(4);
      if (reply === 'OKAY') return (await conn.parser.readValue()).toString('utf8');
      if (reply === 'FAIL') return await conn.parser.readError();
      return (await conn.parser.unexpected(reply, 'OKAY or FAIL')) as string;
    } finally {
      signal.removeEventListener('abort', close);
      close();
    }
  });
}

const TRANSPORT_ALIAS = /^transport_id:([1-9]\d{0,18})$/;

/**
 * The serial adb itself resolves `name` to: a serial, a `host:port` in any spelling adb accepts (e.g. a port
 * with leading zeros), `model:X`, `product:X`, `device:X`, a usb path, or `transport_id:N`. Rejects with
 * DEVICE_NOT_FOUND when no device matches (and adb's own error when several do).
 */
export function canonicalSerial(adb: AdbServer, name: string): Promise<string> {
  const byTransport = TRANSPORT_ALIAS.exec(name);
  const request = byTransport ? `host-transport-id:${byTransport[1]}:get-serialno` : `host-serial:${name}:get-serialno`;
  return hostRequest(adb, request, 'get-serialno', name).catch((err: unknown) => {
    // adb cannot even split a name like `a:b:c` off its request: no device can be called that.
    if (err instanceof DeviceLayerError && err.code === 'INTERNAL' && /unknown host service/.test(err.message)) {
      throw new DeviceLayerError(
        'DEVICE_NOT_FOUND',
        `no device ${JSON.stringify(name)} on the adb server at ${adb.address} (see \`tactile devices\`)`,
        { cause: err },
      );
    }
    throw err;
  });
}

/** `adb devices -l`: every transport with its state and transport id. */
export async function listTransports(adb: AdbServer): Promise<TransportEntry[]> {
  return parseTransports(await hostRequest(adb, 'host:devices-l', 'devices -l'));
}

export function parseTransports(text: string): TransportEntry[] {
  const out: TransportEntry[] = [];
  for (const line of text.split('\n')) {
    const [serial, state, ...rest] = line.trim().split(/\s+/);
    if (!serial || !state) continue;
    const id = rest.find((t) => t.startsWith('transport_id:'))?.slice('transport_id:'.length);
    out.push({ serial, state, transportId: id !== undefined && /^\d+$/.test(id) ? Number(id) : null });
  }
  return out;
}
