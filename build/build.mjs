// Builds the console into out/: the renderer with Vite (out/renderer), Electron's main process as one ESM file
// (out/main/main.mjs, node_modules left external) and the preload as one CommonJS file (out/preload/preload.cjs,
// sandboxed preloads cannot load modules). `node build/build.mjs [renderer|electron]`; nothing = both.
import { build as esbuild } from 'esbuild';
import process from 'node:process';
import { URL, fileURLToPath } from 'node:url';
import { build as viteBuild } from 'vite';

const repo = fileURLToPath(new URL('..', import.meta.url));

export async function buildRenderer() {
  await viteBuild({ configFile: `${repo}/build/vite.renderer.config.ts` });
}

export async function buildElectron() {
  const common = { bundle: true, platform: 'node', target: 'node20', sourcemap: true, logLevel: 'warning', absWorkingDir: repo };
  await Promise.all([
    esbuild({
      ...common,
      entryPoints: ['electron/main/index.ts'],
      outfile: 'out/main/main.mjs',
      format: 'esm',
      packages: 'external',
      external: ['electron'],
    }),
    esbuild({
      ...common,
      entryPoints: ['electron/preload/preload.ts'],
      outfile: 'out/preload/preload.cjs',
      format: 'cjs',
      external: ['electron'],
    }),
  ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const what = process.argv[2];
  if (what !== 'electron') await buildRenderer();
  if (what !== 'renderer') await buildElectron();
}
