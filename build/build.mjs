// Builds the console into out/: the renderer with Vite (out/renderer), Electron's main process as one ESM file
// (out/main/main.mjs, node_modules left external), the preload as one CommonJS file (out/preload/preload.cjs,
// sandboxed preloads cannot load modules) and the `tactile` CLI (out/cli/, see buildCli).
// `node build/build.mjs [renderer|electron|cli]`; nothing = all three.
import { build as esbuild } from 'esbuild';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import process from 'node:process';
import { URL, fileURLToPath } from 'node:url';
import { build as viteBuild } from 'vite';

const repo = fileURLToPath(new URL('..', import.meta.url));

export async function buildRenderer() {
  await viteBuild({ configFile: `${repo}/build/vite.renderer.config.ts` });
}

export async function buildElectron() {
  const common = {
    bundle: true,
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    absWorkingDir: repo,
  };
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

/** Where buildCli writes the CLI by default (build/tactile.mjs runs it from there), beside inputs.json, the files it was built from. */
export const CLI_DIR = 'out/cli';

/**
 * The CLI as an ESM entry plus one chunk per command (code splitting turns catalog.ts's dynamic imports into
 * chunks), so a command loads only its own code. Unlike main, node_modules are bundled too: resolving and reading
 * hundreds of package files at every start costs more than the command's work (`tactile schema` 780 → 477 ms,
 * `lock status` 893 → 734 ms at load 12). Left external: electron (never loaded by the CLI) and @napi-rs/canvas (a
 * native addon). CommonJS packages bundled into ESM call `require`, which the banner provides. The inputs list
 * (the sources and package-lock.json)
 * lets build/tactile.mjs tell a bundle older than what it was built from.
 */
/**
 * `z.locales` re-exports zod's ~50 message translations (about 400 KB, half of zod's bundled code), which every
 * command that validates would compile at start. Tactile never calls `z.config` (its messages are English; zod's
 * own default, registered from locales/en.js, is kept), so the CLI bundle's `z.locales` offers English alone.
 */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /\/zod\/v4\/(classic|core)\//.test(args.importer)
        ? { path: 'zod-locales', namespace: 'zod-english-only', pluginData: args.resolveDir }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, (args) => ({
      contents: "export { default as en } from '../locales/en.js';",
      resolveDir: args.pluginData,
    }));
  },
};

export async function buildCli(outdir = CLI_DIR) {
  const result = await esbuild({
    entryPoints: { tactile: 'cli/main.ts' },
    outdir,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
    absWorkingDir: repo,
    external: ['electron', '@napi-rs/canvas'],
    banner: {
      js: "import { createRequire as __tactileRequire } from 'node:module'; const require = __tactileRequire(import.meta.url);",
    },
    plugins: [zodEnglishOnly],
  });
  // The bundled packages change only with the lock file, so it stands for them.
  // Files only: a plugin's virtual module is named `namespace:path`.
  const inputs = [
    ...Object.keys(result.metafile.inputs)
      .filter((f) => !f.includes('node_modules/') && !f.includes(':'))
      .sort(),
    'package-lock.json',
  ];
  await writeFile(join(repo, outdir, 'inputs.json'), JSON.stringify({ inputs }) + '\n');
  return result.metafile;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const what = process.argv[2];
  if (what === undefined || what === 'renderer') await buildRenderer();
  if (what === undefined || what === 'electron') await buildElectron();
  if (what === undefined || what === 'cli') await buildCli();
}
