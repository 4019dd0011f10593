// `npm run tactile`: runs the CLI from its bundle (out/cli/tactile.mjs, written by `npm run build`) when the bundle
// is at least as new as every file it was built from (out/cli/inputs.json). Otherwise (no bundle yet, or a source
// edited since the build) it runs the TypeScript sources through tsx, which compiles them on the fly: seconds
// instead of a fraction of one, but an edit takes effect without a rebuild and a stale bundle never runs.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cliBundleIsFresh } from './cli-fresh.mjs';

const repo = join(import.meta.dirname, '..');

if (cliBundleIsFresh(repo, join('out', 'cli'))) {
  await import(pathToFileURL(join(repo, 'out', 'cli', 'tactile.mjs')).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(join(repo, 'cli', 'main.ts')).href);
}
