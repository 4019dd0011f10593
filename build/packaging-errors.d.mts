// Types for build/packaging-errors.mjs.
export declare function explainPackagingError(error: unknown): string;
export declare function missingScrcpyServer(file: string): string;
