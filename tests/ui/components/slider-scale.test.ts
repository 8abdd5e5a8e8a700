import { describe, expect, it } from 'vitest';
import { SYSTEM_IDS, schemaFor } from '../../../src/engine/scenarios';
import {
  keyTarget,
  ladder,
  linearStep,
  niceAtLeast,
  sliderScale,
  wholeLogLadder,
  type NumberSpec,
} from '../../../src/ui/components/slider-scale';

const spec = (system: 'is707' | 'gsm' | 'phs', key: string) =>
  schemaFor(system)!.find((s) => s.key === key) as NumberSpec;

describe('slider ladder', () => {
  it('round steps: 1-2-5 × 10^k at least x', () => {
    expect([0.003, 0.01, 0.011, 4, 5, 7, 250].map(niceAtLeast)).toEqual([0.005, 0.01, 0.02, 5, 5, 10, 500]);
  });

  it('a key’s scale is built once: the same scale for its spec at every render, another for another key', () => {
    const fer = spec('is707', 'fer');
    expect(sliderScale(fer)).toBe(sliderScale(fer));
    expect(sliderScale(spec('is707', 'fdt'))).not.toBe(sliderScale(fer));
    // A spec that differs (a copy with another range) gets its own ladder, not the cached one.
    const narrow = { ...fer, max: 0.3 };
    expect(sliderScale(narrow).rungs.at(-1)).toBe(0.3);
    expect(sliderScale(fer).rungs.at(-1)).toBe(0.6);
  });

  it('FER (linear, step 0.01): ArrowRight 0.14 → 0.15, PageUp ten steps, Home/End the ends', () => {
    const s = sliderScale(spec('is707', 'fer'));
    expect(keyTarget(s, 0.14, 'ArrowRight')).toBe(0.15);
    expect(keyTarget(s, 0.14, 'ArrowLeft')).toBe(0.13);
    expect(keyTarget(s, 0.14, 'PageUp')).toBe(0.24);
    expect(keyTarget(s, 0.14, 'PageDown')).toBe(0.04);
    expect(keyTarget(s, 0.14, 'Home')).toBe(0);
    expect(keyTarget(s, 0.14, 'End')).toBe(0.6);
    expect(keyTarget(s, 0.6, 'ArrowRight')).toBe(0.6);
    expect(keyTarget(s, 0, 'ArrowLeft')).toBe(0);
    expect(keyTarget(s, 0.14, 'a')).toBeNull();
    // A typed value between rungs moves to the next round one.
    expect(keyTarget(s, 0.143, 'ArrowRight')).toBe(0.15);
    expect(keyTarget(s, 0.143, 'ArrowLeft')).toBe(0.14);
  });

  it('f_d·T (log 0.001–1): ten round steps per decade, moving on every press', () => {
    const s = sliderScale(spec('is707', 'fdt'));
    const seen = [0.001];
    for (let i = 0; i < 12; i++) seen.push(keyTarget(s, seen[seen.length - 1], 'ArrowRight')!);
    expect(seen).toEqual([
      0.001, 0.0012, 0.0015, 0.002, 0.0025, 0.003, 0.004, 0.005, 0.006, 0.008, 0.01, 0.012, 0.015,
    ]);
    expect(keyTarget(s, 0.01, 'PageUp')).toBe(0.1);
    expect(keyTarget(s, 0.1, 'PageDown')).toBe(0.01);
    expect(keyTarget(s, 0.00101, 'ArrowRight')).toBe(0.0012);
    expect(keyTarget(s, 0.3, 'End')).toBe(1);
    expect(s.rungs.length).toBe(31);
  });

  it('positions: rung i sits at position i; values between rungs in between; drag snaps to a rung', () => {
    const s = sliderScale(spec('is707', 'fdt'));
    expect(s.toPos(0.01)).toBe(10);
    expect(s.toPos(0.0011)).toBeGreaterThan(0);
    expect(s.toPos(0.0011)).toBeLessThan(1);
    expect(s.fromPos(10.4)).toBe(0.01);
    expect(s.toPos(Infinity)).toBe(s.maxPos);
    const f = sliderScale(spec('is707', 'fer'));
    expect(f.fromPos(f.toPos(0.5))).toBe(0.5);
  });

  it('idle frames (0–1000, inf): ArrowRight from 0 goes 1, 2, 3, 4 … on a whole-number log ladder', () => {
    const s = sliderScale(spec('is707', 'idle'));
    expect(wholeLogLadder(spec('is707', 'idle'))).toBe(true);
    const seen = [0];
    for (let i = 0; i < 16; i++) seen.push(keyTarget(s, seen[seen.length - 1], 'ArrowRight')!);
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60]);
    expect(s.rungs.slice(-4)).toEqual([600, 800, 1000, Infinity]);
    expect(keyTarget(s, 4, 'ArrowLeft')).toBe(3);
    // A typed value between rungs moves to the next whole rung.
    expect(keyTarget(s, 7, 'ArrowRight')).toBe(8);
    expect(keyTarget(s, 7, 'ArrowLeft')).toBe(6);
  });

  it('AP queue (1–100 000, inf): fine at the low end, 100 000 a few dozen presses away', () => {
    const s = sliderScale(spec('is707', 'apQueue'));
    expect(s.rungs.slice(0, 8)).toEqual([1, 2, 3, 4, 5, 6, 8, 10]);
    expect(keyTarget(s, 1, 'ArrowRight')).toBe(2);
    expect(s.rungs.length).toBeLessThan(50);
    expect(s.rungs.slice(-3)).toEqual([80000, 100000, Infinity]);
  });

  it('FER, f_d·T and narrow whole-number keys keep their ladders', () => {
    expect(wholeLogLadder(spec('is707', 'fer'))).toBe(false);
    expect(wholeLogLadder(spec('is707', 'fdt'))).toBe(false);
    expect(wholeLogLadder(spec('is707', 'dataRetries'))).toBe(false); // 0–100 in steps of 1 already
    expect(wholeLogLadder(spec('phs', 'channels'))).toBe(false);
    expect(ladder(spec('is707', 'mss')).slice(0, 3)).toEqual([64, 70, 80]); // 64–1460: not two decades
  });

  it('a key that takes inf (AP queue, idle frames): inf is the top rung, reached and left by keys', () => {
    const q = sliderScale(spec('is707', 'apQueue'));
    expect(q.toPos(Infinity)).toBe(q.maxPos);
    expect(keyTarget(q, Infinity, 'ArrowRight')).toBe(Infinity);
    expect(keyTarget(q, Infinity, 'End')).toBe(Infinity);
    expect(keyTarget(q, Infinity, 'ArrowLeft')).toBe(100000);
    expect(keyTarget(q, 100000, 'ArrowRight')).toBe(Infinity);
    expect(q.fromPos(q.maxPos)).toBe(Infinity);
    const idle = sliderScale(spec('is707', 'idle'));
    expect(keyTarget(idle, 1000, 'ArrowRight')).toBe(Infinity);
    expect(keyTarget(idle, 0, 'End')).toBe(Infinity);
    expect(idle.toPos(1000)).toBe(idle.maxPos - 1);
  });

  it('every slider of every system: round rungs, ascending, at most ~200 linear steps, keys always move', () => {
    for (const system of SYSTEM_IDS) {
      for (const p of schemaFor(system) ?? []) {
        if (p.kind !== 'number' || !Number.isFinite(p.min) || !Number.isFinite(p.max)) continue;
        const r = ladder(p);
        expect(r[0], p.key).toBe(p.log ? (p.min > 0 ? p.min : p.max / 1e6) : p.min);
        expect(r[r.length - 1], p.key).toBe(p.words?.includes('inf') ? Infinity : p.max);
        for (let i = 1; i < r.length; i++) expect(r[i], `${system} ${p.key}`).toBeGreaterThan(r[i - 1]);
        if (!p.log) expect(r.length, p.key).toBeLessThanOrEqual(202);
        if (p.integer) expect(r.filter(Number.isFinite).every(Number.isInteger), p.key).toBe(true);
        if (p.step && !p.log) {
          const ratio = linearStep(p) / p.step;
          expect(Math.abs(ratio - Math.round(ratio)), p.key).toBeLessThan(1e-9);
        }
        const s = sliderScale(p);
        // From every rung, ArrowRight moves up until the top (no dead key).
        for (let i = 0; i < s.maxPos; i++) expect(keyTarget(s, r[i], 'ArrowRight'), p.key).toBe(r[i + 1]);
        // Rungs print as short numbers (no binary noise such as 0.30000000000000004).
        for (const v of r) expect(String(v).length, `${p.key} ${v}`).toBeLessThan(14);
      }
    }
  });
});
