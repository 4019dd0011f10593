// Types for the plain-JS electron-builder configuration (it is loaded by Node without a TypeScript step).
import type { Configuration } from 'electron-builder';

export declare const SCRCPY_SERVER_FILE: string;
declare const config: Configuration & { linux: { target: string[] }; mac: { target: string[] }; win: { target: string[] } };
export default config;
