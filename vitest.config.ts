import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 60_000,
    // A beforeAll that runs a validation item's simulations (is707-5, -6: ≈ 5 s alone) overran the
    // default 10 s when the two cores were shared with other work; hooks get the tests' limit.
    hookTimeout: 60_000,
    pool: 'threads',
  },
});
