// The `tactile` CLI as one ESM file (esbuild, node_modules left external, like build/build.mjs does for main),
// for tests that spawn it hundreds of times: the same code as `npm run tactile`, without compiling TypeScript
// at every start (seconds per process on a loaded machine). Written under node_modules/.cache (never committed).
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';

export async function buildCliBundle(): Promise<{ file: string; remove(): Promise<void> }> {
  return buildNodeBundle('cli/main.ts', 'cli');
}

/** Any repository entry point (path from the repository root) bundled the same way, e.g. a test's child process. */
export async function buildNodeBundle(entry: string, name: string): Promise<{ file: string; remove(): Promise<void> }> {
  const repo = join(import.meta.dirname, '..', '..');
  const file = join(
    repo,
    'node_modules',
    '.cache',
    'tactile-tests',
    `${name}-${process.pid}-${randomBytes(4).toString('hex')}.mjs`,
  );
  await build({
    entryPoints: [join(repo, entry)],
    outfile: file,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
    absWorkingDir: repo,
  });
  return { file, remove: () => rm(file, { force: true }) };
}
