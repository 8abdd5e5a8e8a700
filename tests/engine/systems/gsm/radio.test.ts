import { describe, expect, it } from 'vitest';
import { ferFromDistance } from '../../../../src/engine/channel';
import { RandomStreams } from '../../../../src/engine/core/rng';
import {
  DrivingPhase,
  DrivingSchedule,
  drivingPe,
  gsmMapFer,
  GsmRadioModel,
  GSM_DRIVING,
} from '../../../../src/engine/systems/gsm/radio';

const SLOTS = 50; // per second

/** Runs of equal phase [phase, length in slots] over `seconds`, from slot 0. */
function runs(seed: number, seconds: number): [number, number][] {
  const d = new DrivingSchedule(new RandomStreams(seed).get('gsm.driving'), 0);
  const out: [number, number][] = [];
  for (let s = 0; s < seconds * SLOTS; s++) {
    const p = d.phaseAt(s);
    if (out.length > 0 && out[out.length - 1][0] === p) out[out.length - 1][1]++;
    else out.push([p, 1]);
  }
  return out.slice(1, -1); // drop the edges (cut by the window)
}

describe('GSM radio presets', () => {
  it('good and poor: fixed Pe at f_dT 0.1', () => {
    const rng = new RandomStreams(1);
    const good = new GsmRadioModel(rng, { radio: 'good', fer: 0.3, fdt: 0.5, msX: 0, msY: 0 });
    expect([good.pe, good.fdt]).toEqual([0.001, 0.1]);
    const poor = new GsmRadioModel(new RandomStreams(1), {
      radio: 'poor',
      fer: 0.3,
      fdt: 0.5,
      msX: 0,
      msY: 0,
    });
    expect([poor.pe, poor.fdt]).toEqual([0.05, 0.1]);
    expect(poor.uplink.stationaryBad).toBeCloseTo(0.05, 9);
  });

  it('custom uses fer and fdt; map uses the distance curve; changes apply at once', () => {
    const m = new GsmRadioModel(new RandomStreams(1), {
      radio: 'custom',
      fer: 0.2,
      fdt: 0.03,
      msX: 0,
      msY: 0,
    });
    expect([m.pe, m.fdt]).toEqual([0.2, 0.03]);
    m.change('radio', 'map', 10);
    m.change('msX', 1500, 11);
    expect(m.pe).toBeCloseTo(ferFromDistance(1500), 12);
    expect(m.downlink.stationaryBad).toBeCloseTo(ferFromDistance(1500), 9);
    m.change('msY', 3000, 12);
    expect(m.pe).toBeCloseTo(gsmMapFer(1500, 3000), 12);
    m.change('radio', 'good', 13);
    expect(m.pe).toBe(0.001);
  });

  it('driving: Pe 0.01 / 0.1 stretches of 10–30 s alternating, 1–3 s holes of Pe 0.3 about once a minute', () => {
    let holes = 0;
    let seconds = 0;
    const time = [0, 0, 0];
    for (const seed of [1, 2, 3]) {
      const r = runs(seed, 3600);
      seconds += 3600;
      for (const [phase, len] of r) {
        if (phase === DrivingPhase.Hole) {
          holes++;
          expect(len).toBeGreaterThanOrEqual(1 * SLOTS);
          expect(len).toBeLessThanOrEqual(3 * SLOTS);
        } else expect(len).toBeLessThanOrEqual(30 * SLOTS);
        time[phase] += len;
      }
      // Without a hole in between, a stretch of one Pe is followed by one of the other.
      for (let i = 1; i < r.length; i++)
        if (r[i][0] !== DrivingPhase.Hole && r[i - 1][0] !== DrivingPhase.Hole)
          expect(r[i][0]).not.toBe(r[i - 1][0]);
    }
    // The two Pe levels share the time about equally; holes take ≈ 2 s a minute.
    const total = time[0] + time[1] + time[2];
    expect(time[DrivingPhase.Low] / total).toBeGreaterThan(0.4);
    expect(time[DrivingPhase.High] / total).toBeGreaterThan(0.4);
    expect(time[DrivingPhase.Hole] / total).toBeCloseTo(2 / 62, 2);
    // Gaps of 30–90 s (mean 60 s) plus the holes themselves: ≈ 58 holes per hour.
    expect(holes / (seconds / 3600)).toBeGreaterThan(50);
    expect(holes / (seconds / 3600)).toBeLessThan(66);
    expect(drivingPe(DrivingPhase.Low)).toBe(0.01);
    expect(drivingPe(DrivingPhase.High)).toBe(0.1);
    expect(drivingPe(DrivingPhase.Hole)).toBe(0.3);
  });

  it('driving: both channels follow the schedule at f_dT 0.8; the schedule is drawn from the seed', () => {
    const a = runs(5, 600);
    expect(runs(5, 600)).toEqual(a);
    expect(runs(6, 600)).not.toEqual(a);
    const m = new GsmRadioModel(new RandomStreams(5), { radio: 'driving', fer: 0, fdt: 0.1, msX: 0, msY: 0 });
    const seen = new Set<number>();
    for (let s = 0; s < 600 * SLOTS; s++) {
      m.slot(s);
      seen.add(m.pe);
      expect(m.fdt).toBe(GSM_DRIVING.fdt);
      expect(m.uplink.stationaryBad).toBeCloseTo(m.pe, 9);
      expect(m.downlink.stationaryBad).toBeCloseTo(m.pe, 9);
    }
    expect([...seen].sort()).toEqual([0.01, 0.1, 0.3]);
  });
});
