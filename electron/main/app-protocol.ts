// The renderer is served from a privileged custom scheme (tactile://app/) rather than file://, so it has a
// real origin to pin navigation to and every response carries the CSP header. Only files inside the built
// renderer folder are served.
import { join, normalize, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Net, Protocol } from 'electron';
import { contentSecurityPolicy } from '../app-root/csp';

export const APP_SCHEME = 'tactile';
export const APP_ORIGIN = `${APP_SCHEME}://app`;
export const APP_URL = `${APP_ORIGIN}/index.html`;

/** Must run before the app is ready. */
export function registerAppScheme(protocol: Protocol): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/** The file under `root` for an app URL, or null when the URL leaves the app or the folder. */
export function appFileFor(url: string, root: string): string | null {
  const parsed = new URL(url);
  if (`${parsed.protocol}//${parsed.host}` !== APP_ORIGIN) return null;
  const relative = decodeURIComponent(parsed.pathname === '/' ? '/index.html' : parsed.pathname);
  const file = normalize(join(root, relative));
  return file.startsWith(normalize(root) + sep) ? file : null;
}

export function serveApp(protocol: Protocol, net: Net, root: string): void {
  const csp = contentSecurityPolicy();
  protocol.handle(APP_SCHEME, async (request) => {
    const file = appFileFor(request.url, root);
    if (file === null) return new Response('not found', { status: 404 });
    const response = await net.fetch(pathToFileURL(file).toString());
    const headers = new Headers(response.headers);
    headers.set('Content-Security-Policy', csp);
    headers.set('X-Content-Type-Options', 'nosniff');
    return new Response(response.body, { status: response.status, headers });
  });
}
