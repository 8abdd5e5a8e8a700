import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 60_000,
    // A beforeAll that runs a validation item takes as long as a test: under load (seven agents on
    // two cores) it passed 10 s.
    hookTimeout: 60_000,
    pool: 'threads',
  },
});
