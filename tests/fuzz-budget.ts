/**
 * How much a fuzz test draws in one run. `npm test` draws a small count that still reaches every
 * arbitrary's branches, keeping the whole suite within its four-minute budget (CONTRIBUTING.md,
 * "The suite's budget"); `npm run test:deep` (TEST_DEEP=1, before a release) draws the full
 * count; the test's own variable, when set to a positive whole number, wins over both (a replay,
 * or a longer search).
 */
export const DEEP = process.env.TEST_DEEP === '1';

export function fuzzCount(variable: string, quick: number, deep: number): number {
  const given = process.env[variable];
  const n = Number(given);
  if (given !== undefined && given !== '' && Number.isInteger(n) && n > 0) return n;
  return DEEP ? deep : quick;
}
