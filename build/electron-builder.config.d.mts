// Types for the plain-JS electron-builder configuration (it is loaded by Node without a TypeScript step).
import type { Configuration } from 'electron-builder';

export declare const SCRCPY_SERVER_FILE: string;
type TactileConfiguration = Configuration & { linux: { target: string[] }; mac: { target: string[] }; win: { target: string[] } };
declare const config: TactileConfiguration;
export default config;
/** A deep copy of the configuration with `overrides` on top, for one electron-builder run. */
export declare function builderConfig(overrides?: Configuration): TactileConfiguration;
