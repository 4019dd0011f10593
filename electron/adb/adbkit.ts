// The one import point for @devicefarmer/adbkit. It is CommonJS whose named exports Node's ESM loader cannot
// see (tsx fails on `import { Adb }`), while vitest hands out `exports.default` for a default import;
// `require` gives the same module.exports object under both, so every adb file imports from here.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const adbkit = require('@devicefarmer/adbkit') as typeof import('@devicefarmer/adbkit');

export const { Adb, Parser, ShellCommand } = adbkit;
export type { Client, Device } from '@devicefarmer/adbkit';
