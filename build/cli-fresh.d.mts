// Types for build/cli-fresh.mjs.
export declare function cliBundleIsFresh(root: string, dir: string): boolean;
