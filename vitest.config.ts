import { defineConfig } from 'vitest/config';

// Two projects so that only a run with E2E files builds the renderer (test/e2e/global-setup.ts, once per run).
const e2e = 'test/e2e/**/*.test.ts';

export default defineConfig({
  test: {
    // Soaks run on their own after this suite (vitest.soak.config.ts).
    exclude: ['**/node_modules/**', 'test/soak/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A condition polled for is given time on a loaded machine (CI at load 10–20): 1 s, the default, is not.
    expect: { poll: { timeout: 20_000 } },
    // Integration suites share one adb server and one virtual device per file; keep files parallel but bounded (2 cores).
    maxWorkers: 2,
    reporters: ['default', './test/support/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'shared/**/*.test.ts',
            'electron/**/*.test.ts',
            'cli/**/*.test.ts',
            'agents/**/*.test.ts',
            'virtual-device/**/*.test.ts',
            'renderer/**/*.test.{ts,tsx}',
            'test/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**', 'test/soak/**', e2e],
        },
      },
      { extends: true, test: { name: 'e2e', include: [e2e], globalSetup: ['test/e2e/global-setup.ts'] } },
    ],
  },
});
