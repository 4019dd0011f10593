// Which adb servers to talk to. Pure: the environment is passed in. The default server is
// 127.0.0.1:$ANDROID_ADB_SERVER_PORT (5037 when unset), as the adb CLI itself does.
export const DEFAULT_ADB_PORT = 5037;

export interface AdbServerAddress {
  host: string;
  port: number;
}

export function formatServer(a: AdbServerAddress): string {
  return a.host.includes(':') ? `[${a.host}]:${a.port}` : `${a.host}:${a.port}`;
}

function parsePort(text: string, what: string): number {
  const port = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
  if (!(port >= 1 && port <= 65535))
    throw new RangeError(`${what}: ${JSON.stringify(text)} is not a TCP port (1..65535)`);
  return port;
}

/** The port from ANDROID_ADB_SERVER_PORT, or 5037. Throws RangeError for a malformed value (adb refuses it too). */
export function adbServerPortFromEnv(env: Readonly<Record<string, string | undefined>>): number {
  const raw = env.ANDROID_ADB_SERVER_PORT;
  return raw === undefined || raw === '' ? DEFAULT_ADB_PORT : parsePort(raw, 'ANDROID_ADB_SERVER_PORT');
}

/** Parses `host:port`, `[v6]:port`, `host` (default port) or `:port` / `port` (local host). */
export function parseServerAddress(text: string, defaultPort: number): AdbServerAddress {
  const v6 = /^\[([^\]]+)\](?::(.*))?$/.exec(text);
  if (v6) return { host: v6[1]!, port: v6[2] === undefined ? defaultPort : parsePort(v6[2], text) };
  if (/^:?\d+$/.test(text)) return { host: '127.0.0.1', port: parsePort(text.replace(/^:/, ''), text) };
  const colon = text.lastIndexOf(':');
  if (colon < 0) {
    if (text === '') throw new RangeError('empty adb server address');
    return { host: text, port: defaultPort };
  }
  const host = text.slice(0, colon);
  if (host === '' || host.includes(':')) throw new RangeError(`${JSON.stringify(text)} is not host:port`);
  return { host, port: parsePort(text.slice(colon + 1), text) };
}

/** The servers to use: the given `host:port` list, or the single default server from the environment. */
export function resolveAdbServers(
  addresses: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): AdbServerAddress[] {
  const port = adbServerPortFromEnv(env);
  if (addresses.length === 0) return [{ host: '127.0.0.1', port }];
  const seen = new Map<string, AdbServerAddress>();
  for (const a of addresses) {
    const parsed = parseServerAddress(a, port);
    seen.set(formatServer(parsed), parsed);
  }
  return [...seen.values()];
}
