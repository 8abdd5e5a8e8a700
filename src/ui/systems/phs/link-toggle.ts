/**
 * How the lab's link toggles (`link-<n>` test ids) act on PHS: each PIAFS link has its own live
 * key `link<n>` (phs-params.ts), so a toggle is one recorded event, e.g. `events=12@link3=0`
 * (release link 3 at 12 s; Multilink notices after releaseDetect) and `20@link3=1` (set it up
 * again: setupTime, only at ≥ 30 dBµV).
 */
export function phsLinkToggle(n: number, on: boolean): { key: string; value: string } | null {
  if (!Number.isInteger(n) || n < 1 || n > 6) return null;
  return { key: `link${n}`, value: on ? '1' : '0' };
}
