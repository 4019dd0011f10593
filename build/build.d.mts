// Types of build.mjs for the TypeScript that imports it (the start-up bench and the CLI bundle test build the CLI).
import type { Metafile } from 'esbuild';

export declare function buildRenderer(): Promise<void>;
export declare function buildElectron(): Promise<void>;
/** Builds the CLI into `outdir` (a path from the repository root; default out/cli) and returns esbuild's metafile. */
export declare function buildCli(outdir?: string): Promise<Metafile>;
export declare const CLI_DIR: string;
