// Where Tactile's own files live (the vendored scrcpy server, the built helper, the built console): under the
// application root, the directory holding Tactile's package.json. It is found once by walking up from this
// module, which gives the same answer from source under tsx (electron/app-root/) and from the esbuild bundle
// (out/main/main.mjs), instead of counting '../' levels that agree only because both sit two levels deep.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import process from 'node:process';

/** The `name` in Tactile's package.json, which tells its root from any other package's. */
export const APP_PACKAGE_NAME = 'tactile';

function isAppRoot(dir: string): boolean {
  const file = join(dir, 'package.json');
  if (!existsSync(file)) return false;
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown }).name === APP_PACKAGE_NAME;
  } catch {
    return false; // an unreadable package.json is not ours; keep looking above it
  }
}

/** The nearest directory at or above `from` whose package.json is Tactile's. */
export function findAppRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (isAppRoot(dir)) return dir;
    if (dirname(dir) === dir)
      throw new Error(`Tactile's package.json (name "${APP_PACKAGE_NAME}") is not at or above ${from}`);
  }
}

let root: string | undefined;

/** The application root, resolved on first use from this module's own location. */
export function appRoot(): string {
  root ??= findAppRoot(dirname(fileURLToPath(import.meta.url)));
  return root;
}

/**
 * Where a packaged app keeps files beside app.asar (electron-builder extraResources: the helper jar and the
 * scrcpy server, which adb pushes from a real file). Electron sets process.resourcesPath; plain Node does not.
 */
function resourcesDir(): string | undefined {
  return (process as { resourcesPath?: string }).resourcesPath;
}

/**
 * A path inside the application root, e.g. appPath('out', 'renderer'). In a packaged app a file shipped in
 * resources/ at the same relative path wins over the one inside the asar root.
 */
export function appPath(...segments: string[]): string {
  const resources = resourcesDir();
  if (resources !== undefined) {
    const packaged = join(resources, ...segments);
    if (existsSync(packaged)) return packaged;
  }
  return join(appRoot(), ...segments);
}
