// DNS rebinding: a web page on evil.example whose name is made to resolve to 127.0.0.1 reaches a loopback server
// with `Host: evil.example:PORT` and, from a browser, `Origin: http://evil.example`. So the agent servers answer
// only a Host naming the address they listen on (a loopback name, or the address the owner gave --listen; for a
// wildcard listen, any address of this machine), and MCP refuses any Origin whose host is not one of those (the
// MCP transport spec requires servers to validate Origin). Both are 403. A client without Origin (every non-browser
// client) is judged by its token alone.
import { networkInterfaces } from 'node:os';

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]']);

const bracketed = (host: string) => (host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);

function hostNames(listen: string): string[] {
  const names = [...LOOPBACK_NAMES, bracketed(listen)];
  if (WILDCARDS.has(listen)) {
    for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) names.push(bracketed(a.address));
  }
  return names.map((n) => n.toLowerCase());
}

/** Whether `Host` (host:port) names this server as it listens on `listen`:`port`. */
export function hostAllowed(header: string | undefined, listen: string, port: number): boolean {
  if (header === undefined) return false;
  const given = header.trim().toLowerCase();
  return hostNames(listen).some((name) => given === `${name}:${port}`);
}

/**
 * Whether a request's `Origin` may reach the server: absent (not a browser), or a page on this host (a loopback
 * name or the listen address, any port: a local browser client such as the MCP Inspector still needs the token).
 */
export function originAllowed(origin: string | undefined, listen: string): boolean {
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // "null" (a sandboxed page, a file:) and anything else that is not an origin
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return hostNames(listen).includes(url.hostname.toLowerCase());
}
