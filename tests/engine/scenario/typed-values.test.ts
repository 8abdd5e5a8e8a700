import { describe, expect, it } from 'vitest';
import { parseScenario, schemaFor } from '../../../src/engine/scenarios';
import { ScenarioValues, numberValue, optionValue } from '../../../src/engine/scenario/typed-values';

describe('ScenarioValues', () => {
  const { scenario } = parseScenario('system=is707&fer=0.25&idle=inf&nakRounds=2,2&handshake=1');
  const v = ScenarioValues.of(scenario, schemaFor('is707') ?? []);

  it('hands out each value with the type its spec declares', () => {
    expect(v.number('fer')).toBe(0.25);
    expect(v.number('idle')).toBe(Infinity);
    expect(v.numbers('nakRounds')).toEqual([2, 2]);
    expect(v.bool('handshake')).toBe(true);
  });

  it('refuses, by name, a key read as another kind or one the system does not have', () => {
    expect(() => v.bool('fer')).toThrow(/fer: is number, read as bool/);
    expect(() => v.number('accm')).toThrow(/accm: is not a key of this system/);
  });

  it('narrows a live change by its value', () => {
    expect(numberValue('fer', 0.3)).toBe(0.3);
    expect(() => numberValue('fer', 'x')).toThrow(/fer/);
    expect(optionValue('radio', 'poor', ['good', 'poor'] as const)).toBe('poor');
    expect(() => optionValue('radio', 'bad', ['good', 'poor'] as const)).toThrow(/one of good, poor/);
  });
});
