import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 60_000,
    // The golden validation tests run their items in beforeAll hooks: seconds of CPU, and on a shared
    // machine many times that in wall time.
    hookTimeout: 180_000,
    pool: 'threads',
  },
});
