import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two cores: keep parallel workers from starving the servers the tests start.
    maxWorkers: 2,
    reporters: process.env.CI_JSON ? ['default', ['json', { outputFile: process.env.CI_JSON }]] : ['default'],
  },
});
