import { describe, expect, it } from 'vitest';
import { schemaFor } from '../../../src/engine/scenario/schema';
import { paramNote } from '../../../src/ui/components/param-notes';

describe('notes on keys that have no effect right now', () => {
  const gsm = schemaFor('gsm')!;
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
    const is707 = schemaFor('is707')!;
    expect(paramNote(is707, 'fer', { radioFromMap: true })!.text).toContain('map sets the FER');
    expect(paramNote(is707, 'fer', { radioFromMap: false })).toBeNull();
    expect(paramNote(schemaFor('phs')!, 'msX', {})).toBeNull();
  });
});
