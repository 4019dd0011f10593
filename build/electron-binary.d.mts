// Types for build/electron-binary.mjs.
export type Found = { path: string; problem?: undefined } | { path?: undefined; problem: string };
export declare const INSTALL_SCRIPT: string;
export declare const INSTALL_LIMIT_MS: number;
export declare function electronBinary(): Found;
export declare function ensureElectron(options?: { binary?: () => Found; script?: string; limitMs?: number; log?: (line: string) => void }): Promise<Found>;
