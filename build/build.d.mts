// Types of build.mjs for the TypeScript that imports it (the start-up bench builds the CLI first).
export declare function buildRenderer(): Promise<void>;
export declare function buildElectron(): Promise<void>;
export declare function buildCli(): Promise<void>;
export declare const CLI_DIR: string;
export declare const CLI_ENTRY: string;
export declare const CLI_INPUTS: string;
