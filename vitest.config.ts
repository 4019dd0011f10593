import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['shared/**/*.test.ts', 'electron/**/*.test.ts', 'virtual-device/**/*.test.ts', 'renderer/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    // Soaks run on their own after this suite (vitest.soak.config.ts).
    exclude: ['**/node_modules/**', 'test/soak/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A condition polled for is given time on a loaded machine (CI at load 10–20): 1 s, the default, is not.
    expect: { poll: { timeout: 20_000 } },
    // Integration suites share one adb server and one virtual device per file; keep files parallel but bounded (2 cores).
    maxWorkers: 2,
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
});
