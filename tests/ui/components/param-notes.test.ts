import { describe, expect, it } from 'vitest';
import { schemaFor } from '../../../src/engine/scenarios';
import { paramNote } from '../../../src/ui/components/param-notes';
import { labPlugin } from '../../../src/ui/systems';

describe('notes on keys that have no effect right now', () => {
  const gsm = labPlugin('gsm');
  it('GSM: FER with radio = good is not used, and the note offers radio = custom', () => {
    const n = paramNote(gsm, 'fer', { radio: 'good' })!;
    expect(n.text).toContain('Not used now');
    expect(n.fix).toEqual({ key: 'radio', value: 'custom', label: 'Use radio = custom' });
    expect(paramNote(gsm, 'fer', { radio: 'custom' })).toBeNull();
    // f_dT is used by the map radio too.
    expect(paramNote(gsm, 'fdt', { radio: 'map' })).toBeNull();
    expect(paramNote(gsm, 'fdt', { radio: 'driving' })).not.toBeNull();
    expect(paramNote(gsm, 'mtu', { radio: 'good' })).toBeNull();
  });

  it('IS-707: FER while the map sets it; nothing otherwise; PHS: nothing', () => {
    const is707 = labPlugin('is707');
    expect(paramNote(is707, 'fer', { radioFromMap: true })!.text).toContain('map sets the FER');
    expect(paramNote(is707, 'fer', { radioFromMap: false })).toBeNull();
    expect(paramNote(labPlugin('phs'), 'msX', {})).toBeNull();
  });
});

describe('checkbox hints', () => {
  it('read as ticked / unticked, without "Allowed: 1 or 0"', async () => {
    const { hintText } = await import('../../../src/ui/components/ParamInput');
    const spec = (system: 'is707' | 'phs', key: string) => schemaFor(system)!.find((s) => s.key === key)!;
    const bool = { key: 'x', kind: 'bool', label: 'X', group: 'radio', default: false, live: true } as const;
    expect(hintText({ ...bool, description: '1: the FER follows the map' })).toBe(
      'Ticked: the FER follows the map.',
    );
    expect(hintText({ ...bool, description: 'errors on the reverse link too (0 = error-free)' })).toBe(
      'Errors on the reverse link too (unticked: error-free).',
    );
    for (const [system, key] of [
      ['is707', 'radioFromMap'],
      ['is707', 'reverse'],
      ['phs', 'link3'],
    ] as const) {
      expect(hintText(spec(system, key))).not.toMatch(/Allowed|\(0 = |^1: /);
    }
    expect(hintText(spec('is707', 'fer'))).toMatch(/Allowed: a number from 0 to 0\.6\.$/);
  });
});
