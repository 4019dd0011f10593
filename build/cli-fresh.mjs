// Whether the CLI bundle in `dir` (from `root`) is at least as new as every file it was built from, as listed in
// its inputs.json by build.mjs. build/tactile.mjs runs the bundle only then; the start-up bench checks it too, so
// it never measures the TypeScript fallback by mistake. About 500 stats: a few ms.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function cliBundleIsFresh(root, dir) {
  try {
    const built = statSync(join(root, dir, 'tactile.mjs')).mtimeMs;
    const { inputs } = JSON.parse(readFileSync(join(root, dir, 'inputs.json'), 'utf8'));
    return inputs.every((file) => statSync(join(root, file)).mtimeMs <= built);
  } catch {
    return false; // no bundle, no inputs list, or a source removed since the build
  }
}
