import { describe, expect, it } from 'vitest';
import {
  caseText,
  checkDeterminism,
  checkRun,
  checkStepSize,
  freshSeeds,
  type SystemFuzz,
} from '../system-fuzz';

/** Values per key, including the edges (no set-up, instant set-up, window 1, every packet fragmented…). */
const CHOICES: Readonly<Record<string, readonly string[]>> = {
  env: ['indoor', 'outdoor'],
  msX: ['-400', '-20', '0', '150', '260', '380'],
  units: ['0,0;0,0;0,0', '50,0;0,-80;0,0', '-200,0;200,0;0,300'],
  setupTime: ['0', '0.5', '2'],
  dropTime: ['0', '1'],
  autoRedial: ['0', '1'],
  mpReorder: ['1', '4'],
  mpTimeout: ['0.01', '0.2'],
  channels: ['1', '2', '6'],
  release: ['3@5', '*@2', '1@0,2@0.5'],
  add: ['3@6', '*@3'],
  window: ['1', '8', '64'],
  piafsDelay: ['1', '7'],
  resendSlack: ['0', '20'],
  releaseDetect: ['0', '2'],
  mpMinFragment: ['1', '2000'],
  mpShortSeq: ['1'],
  fading: ['walking'],
  shadowing: ['0', '10'],
  body: ['10', '60'],
  burst: ['2@1:370', '*@0:1000'],
  hit: ['all', '4'],
  clientStall: ['0.05'],
  app: ['ftpPut'],
  size: ['1', '5000', '200000'],
  link2: ['0'],
};

const PHS: SystemFuzz = {
  system: 'phs',
  duration: 20,
  choices: CHOICES,
  events: (r) =>
    r() < 0.4
      ? `2.5@link${1 + Math.floor(r() * 6)}=0;6@msX=${Math.round(r() * 600 - 300)};7@hit=all;8@link1=1`
      : undefined,
};

/** Seeds that run every time (add a failing fresh seed here to keep it). */
const PINNED = Array.from({ length: 30 }, (_, i) => i);

describe('PHS random scenarios (seeded fuzz)', () => {
  it.each([...PINNED, ...freshSeeds(3, 1995)])('seed %i keeps every invariant', (seed) => {
    const text = caseText(PHS, seed);
    const { sim, summary } = checkRun(PHS, text, seed % 4 === 0);
    // At most six 32 kbit/s bearers, each carrying 58.4 kbit/s of PIAFS payload at most.
    expect(summary.capacityBps, text).toBeLessThanOrEqual(6 * 58_400);
    expect(sim.view().links, text).toHaveLength(6);
  });

  it.each([3, ...freshSeeds(1, 1996)])(
    'seed %i is deterministic and independent of the step size',
    (seed) => {
      const text = caseText({ ...PHS, duration: 5 }, seed);
      checkDeterminism(text);
      checkStepSize(text);
    },
  );
});
