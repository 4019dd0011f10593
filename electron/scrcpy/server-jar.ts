// Where the official scrcpy server lives on this machine (downloaded by `npm run fetch:scrcpy-server`) and
// on the device, and what to push when it is missing: a virtual device runs its own server implementation
// and only needs the file to exist, a real phone needs the real server.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { appPath } from '../app-root/app-root';

export const SCRCPY_SERVER_VERSION = '3.3.3';
/** SHA-256 of scrcpy-server-v3.3.3 from the GitHub release (also checked by build/fetch-scrcpy-server.mjs). */
export const SCRCPY_SERVER_SHA256 = '7e70323ba7f259649dd4acce97ac4fefbae8102b2c6d91e2e7be613fd5354be0';
export const SCRCPY_SERVER_DEVICE_PATH = '/data/local/tmp/scrcpy-server.jar';
export const SCRCPY_SERVER_LOCAL_PATH = appPath('vendor', `scrcpy-server-v${SCRCPY_SERVER_VERSION}`);

export class ScrcpyServerMissingError extends Error {
  override readonly name = 'ScrcpyServerMissingError';
  constructor(path: string, problem = 'is not downloaded') {
    super(
      `The scrcpy ${SCRCPY_SERVER_VERSION} server ${problem} (${path}). Run \`npm run fetch:scrcpy-server\`; until then Tactile mirrors real devices by screenshots.`,
    );
  }
}

/** Bytes pushed to a virtual device when the official server was not downloaded (it never executes them). */
export const VIRTUAL_DEVICE_SERVER_STAND_IN = new TextEncoder().encode(
  `tactile: stand-in for scrcpy-server ${SCRCPY_SERVER_VERSION}; the virtual device implements the server itself\n`,
);

export function loadServerJar(opts: { virtualDevice: boolean; path?: string }): Uint8Array {
  const path = opts.path ?? SCRCPY_SERVER_LOCAL_PATH;
  // The file may have been placed by hand (the fetch script suggests it offline): a phone gets only the verified server.
  const jar = existsSync(path) ? readFileSync(path) : null;
  if (jar && createHash('sha256').update(jar).digest('hex') === SCRCPY_SERVER_SHA256) return jar;
  if (opts.virtualDevice) return VIRTUAL_DEVICE_SERVER_STAND_IN;
  throw new ScrcpyServerMissingError(path, jar ? 'file does not have the published SHA-256' : 'is not downloaded');
}
