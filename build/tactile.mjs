// `npm run tactile`: runs the CLI from its bundle (out/cli/tactile.mjs, written by `npm run build`) when the bundle
// is at least as new as every file it was built from (out/cli/inputs.json). Otherwise (no bundle yet, or a source
// edited since the build) it runs the TypeScript sources through tsx, which compiles them on the fly: seconds
// instead of a fraction of one, but an edit takes effect without a rebuild and a stale bundle never runs.
// Checking costs one stat per source file (about 500, a few ms).
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const repo = join(import.meta.dirname, '..');
const bundle = join(repo, 'out', 'cli', 'tactile.mjs');

function bundleIsFresh() {
  try {
    const built = statSync(bundle).mtimeMs;
    const { inputs } = JSON.parse(readFileSync(join(repo, 'out', 'cli', 'inputs.json'), 'utf8'));
    return inputs.every((file) => statSync(join(repo, file)).mtimeMs <= built);
  } catch {
    return false; // no bundle, no inputs list, or a source removed since the build
  }
}

if (bundleIsFresh()) {
  await import(pathToFileURL(bundle).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(join(repo, 'electron', 'cli', 'main.ts')).href);
}
