import { describe, expect, it } from 'vitest';
import {
  ferStill,
  ferWalking,
  fieldStrengthIndoor,
  fieldStrengthOutdoor,
} from '../../../../src/engine/channel';
import { RandomStreams } from '../../../../src/engine/core/rng';
import { millis } from '../../../../src/engine/core/time';
import {
  DOWN,
  PHS_LINKS,
  PhsRadio,
  UP,
  unitOfLink,
  type PhsRadioOptions,
} from '../../../../src/engine/systems/phs/radio';

const ORIGIN: PhsRadioOptions['units'] = [
  [0, 0],
  [0, 0],
  [0, 0],
];

function radio(o: Partial<PhsRadioOptions> = {}, seed = 1): PhsRadio {
  return new PhsRadio(new RandomStreams(seed), {
    env: 'indoor',
    units: ORIGIN,
    ms: { x: 20, y: 0 },
    fading: 'still',
    shadowing: 'auto',
    ...o,
  });
}

const ALL = new Uint8Array(PHS_LINKS).fill(1);

describe('PHS radio', () => {
  it('serves links 1–2, 3–4, 5–6 from units 1, 2, 3', () => {
    expect(Array.from({ length: 6 }, (_, i) => unitOfLink(i))).toEqual([0, 0, 1, 1, 2, 2]);
  });

  it('without shadowing every unit gets the median field and its still-phone FER', () => {
    const r = radio({ shadowing: 0 });
    for (let u = 0; u < 3; u++) {
      expect(r.field[u]).toBeCloseTo(fieldStrengthIndoor(20), 12);
      expect(r.fer[u]).toBeCloseTo(ferStill(r.field[u]), 15);
    }
    expect(r.field[0]).toBeCloseTo(68.3 - 17.7 * Math.log10(2), 10);
    expect(r.fdt).toBe(0.01);
    const out = radio({ env: 'outdoor', shadowing: 0, ms: { x: 300, y: 0 } });
    expect(out.field[2]).toBeCloseTo(fieldStrengthOutdoor(300), 12);
  });

  it('each unit has its own shadowing term, with σ by distance (1 dB at 10 m, 4 dB at 300 m)', () => {
    const near: number[] = [];
    const far: number[] = [];
    for (let seed = 1; seed <= 300; seed++) {
      const a = radio({ ms: { x: 10, y: 0 } }, seed);
      near.push(a.field[0] - a.median[0]);
      const b = radio({ env: 'outdoor', ms: { x: 300, y: 0 } }, seed);
      far.push(b.field[0] - b.median[0]);
      // The three units drift apart: their terms are independent.
      if (seed === 1) expect(new Set(Array.from(b.field)).size).toBe(3);
    }
    const sd = (xs: number[]): number => Math.sqrt(xs.reduce((s, x) => s + x * x, 0) / xs.length);
    expect(sd(near)).toBeGreaterThan(0.85);
    expect(sd(near)).toBeLessThan(1.15);
    expect(sd(far)).toBeGreaterThan(3.4);
    expect(sd(far)).toBeLessThan(4.6);
  });

  it('follows the phone and the fading curve', () => {
    const r = radio({ shadowing: 0 });
    r.moveTo(0, 31.6);
    expect(r.distance[1]).toBeCloseTo(31.6, 10);
    expect(r.field[1]).toBeCloseTo(fieldStrengthIndoor(31.6), 10);
    r.setFading('walking');
    expect(r.fdt).toBe(0.06);
    expect(r.fer[1]).toBeCloseTo(ferWalking(r.field[1]), 15);
  });

  it('gives strong links no CRC errors and steps only the active links', () => {
    const r = radio();
    const active = new Uint8Array(PHS_LINKS);
    active[2] = 1;
    let errors = 0;
    for (let k = 0; k < 1000; k++) {
      r.step(millis(10 * k), ALL);
      for (const v of r.verdict) errors += v;
    }
    expect(errors).toBe(0);
    r.force(3, millis(100));
    r.step(0, active);
    expect(Array.from(r.verdict)).toEqual(new Array(12).fill(0)); // link 4 is forced but not active
  });

  it('a forced burst hits both directions of its link for its duration only', () => {
    const r = radio();
    r.force(1, millis(370));
    let bad = 0;
    for (let k = 0; k < 100; k++) {
      r.step(millis(10 * k), ALL);
      if (r.verdict[2 * 1 + DOWN] && r.verdict[2 * 1 + UP]) bad++;
      for (let i = 0; i < PHS_LINKS; i++)
        if (i !== 1) expect(r.verdict[2 * i] + r.verdict[2 * i + 1]).toBe(0);
    }
    expect(bad).toBe(37);
    expect(r.forced(1, millis(369))).toBe(true);
    expect(r.forced(1, millis(370))).toBe(false);
  });

  it('gives weak links bursty errors near the still-phone FER, per direction', () => {
    const r = radio({ env: 'outdoor', shadowing: 0, ms: { x: 259, y: 0 } }); // ≈ 36 dBµV: FER ≈ 2.3 %
    let errs = 0;
    let both = 0;
    const n = 20_000;
    for (let k = 0; k < n; k++) {
      r.step(millis(10 * k), ALL);
      errs += r.verdict[0];
      both += r.verdict[0] & r.verdict[1];
    }
    expect(errs / n).toBeGreaterThan(0.4 * r.fer[0]);
    expect(errs / n).toBeLessThan(2 * r.fer[0]);
    // Independent fading per direction: both failing together is rare.
    expect(both).toBeLessThan(errs / 4);
  });
});
