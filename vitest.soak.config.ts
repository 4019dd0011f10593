import { defineConfig } from 'vitest/config';

// The kill -9 × 100 and 20 × 10 lock soaks load both cores for minutes: they run after the main suite
// (vitest.config.ts excludes them), one file at a time, so their load cannot make timing-sensitive tests flake.
export default defineConfig({
  test: {
    include: ['test/soak/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    expect: { poll: { timeout: 20_000 } },
    maxWorkers: 1,
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
});
