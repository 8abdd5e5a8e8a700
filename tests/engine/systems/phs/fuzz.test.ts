import { describe, expect, it } from 'vitest';
import { createSimulation, parseScenario } from '../../../../src/engine';

/** A tiny deterministic generator (the engine's own streams are not for tests). */
function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

/** Values per key, including the edges (no set-up, instant set-up, window 1, every packet fragmented…). */
const CHOICES: Record<string, readonly string[]> = {
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

describe('PHS random scenarios (seeded fuzz)', () => {
  it('never throw, end within their duration and give a JSON summary and view', () => {
    const r = lcg(20_26);
    for (let i = 0; i < 40; i++) {
      const parts = ['system=phs', `seed=${i}`, 'duration=20'];
      for (const [k, vs] of Object.entries(CHOICES))
        if (r() < 0.25) parts.push(`${k}=${vs[Math.floor(r() * vs.length)]}`);
      if (r() < 0.4)
        parts.push(
          `events=2.5@link${1 + Math.floor(r() * 6)}=0;6@msX=${Math.round(r() * 600 - 300)};7@hit=all;8@link1=1`,
        );
      const q = parts.join('&');
      const p = parseScenario(q);
      expect(p.errors, q).toEqual([]);
      const sim = createSimulation(p.scenario, { traces: i % 4 === 0 });
      expect(() => sim.runToEnd(), q).not.toThrow();
      expect(sim.now).toBeLessThanOrEqual(20e9);
      const s = sim.summary();
      expect(JSON.parse(JSON.stringify(s)).system).toBe('phs');
      expect(s.capacityBps).toBeGreaterThanOrEqual(0);
      expect(s.capacityBps).toBeLessThanOrEqual(6 * 58_400);
      expect(sim.view().links).toHaveLength(6);
    }
  });
});
