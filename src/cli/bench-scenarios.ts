import type { SystemId } from '../engine';

/** Reference scenarios timed by `npm run bench`, per system. */
export const BENCH_SCENARIOS: Partial<Record<SystemId, readonly string[]>> = {
  is707: [
    'system=is707&fer=0.1&fdt=0.1&duration=1000',
    'system=is707&fer=0.3&fdt=0.01&idle=0&duration=1000',
    'system=is707&fer=0.3&fdt=1&idle=inf&duration=1000',
  ],
  gsm: [
    'system=gsm&app=ftpGet&size=500000',
    'system=gsm&app=ftpGet&size=500000&radio=driving',
    'system=gsm&app=rr&duration=1000',
  ],
  phs: [
    'system=phs&app=ftpGet',
    // The same six clean links over 10 MB: the steady-state speed (the 1 MB run is mostly JIT warm-up).
    'system=phs&app=ftpGet&size=10000000',
    'system=phs&env=outdoor&msX=240&size=5000000',
    'system=phs&release=3@5&body=2&size=5000000',
  ],
  // 25 downloads of the 65 KB page with speech in both directions (issue 11: ≥ 20,000× real time).
  geran: ['system=geran&repeat=25'],
};
