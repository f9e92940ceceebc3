import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/support/loopback-only.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Timing assertions compare against a loopback server on a 2-core machine:
    // running test files one at a time keeps them from stealing each other's CPU.
    fileParallelism: false,
  },
});
