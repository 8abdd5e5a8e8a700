import { describe, expect, it } from 'vitest';
import { schemaFor } from '../../../src/engine/scenarios';
import type { ParamSpec } from '../../../src/engine/scenario/types';
import { defaultSweepRange, sweepBaseKeys } from '../../../src/ui/components/SweepPanel';

type NumberSpec = Extract<ParamSpec, { kind: 'number' }>;
const spec = (system: 'is707' | 'gsm' | 'phs', key: string) =>
  schemaFor(system)!.find((s) => s.key === key) as NumberSpec;

describe('custom sweep defaults', () => {
  it('start from a range that suits the key, inside its allowed range', () => {
    expect(defaultSweepRange(spec('is707', 'fer'))).toEqual(['0.05', '0.5']);
    const [a, b] = defaultSweepRange(spec('phs', 'msX')).map(Number);
    expect(a).toBe(10);
    expect(b).toBeGreaterThan(a);
    expect(b).toBeLessThanOrEqual(spec('phs', 'msX').max);
    const setup = spec('phs', 'setupTime');
    expect(defaultSweepRange(setup)).toEqual([String(setup.min), String(setup.max)]);
  });

  it('GSM: a FER sweep runs with radio = custom (FER applies only then); IS-707 needs nothing', () => {
    expect(sweepBaseKeys('gsm', 'fer', { radio: 'good' })).toBe('radio=custom');
    expect(sweepBaseKeys('gsm', 'fer', {})).toBe('radio=custom');
    expect(sweepBaseKeys('gsm', 'fer', { radio: 'custom' })).toBe('');
    expect(sweepBaseKeys('gsm', 'fdt', { radio: 'map' })).toBe('');
    expect(sweepBaseKeys('gsm', 'mtu', { radio: 'good' })).toBe('');
    expect(sweepBaseKeys('is707', 'fer', {})).toBe('');
  });
});
