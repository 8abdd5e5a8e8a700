import { describe, expect, it } from 'vitest';
import { schemaFor } from '../../../src/engine/scenarios';
import { radioModeNote } from '../../../src/ui/map/radio-mode';

describe('radio-from-map caption', () => {
  it('IS-707 (a radioFromMap key): on or off as the key in force says', () => {
    const specs = schemaFor('is707')!;
    expect(radioModeNote(specs, { radioFromMap: true })).toMatchObject({ on: true });
    const off = radioModeNote(specs, { radioFromMap: false })!;
    expect(off.on).toBe(false);
    expect(off.text).toContain('Radio from map: off');
  });

  it('GSM (radio = map is one of the radio choices): on only with radio = map', () => {
    const specs = schemaFor('gsm')!;
    expect(radioModeNote(specs, { radio: 'map' })).toMatchObject({ on: true });
    const off = radioModeNote(specs, { radio: 'good' })!;
    expect(off.on).toBe(false);
    expect(off.text).toContain('radio = good');
  });

  it('GSM: the switch turns radio = map on, and off back to the radio the scenario started with', () => {
    const specs = schemaFor('gsm')!;
    expect(radioModeNote(specs, { radio: 'map' }, { radio: 'poor' })!.turnOff).toEqual({
      key: 'radio',
      value: 'poor',
    });
    expect(radioModeNote(specs, { radio: 'map' }, { radio: 'map' })!.turnOff).toEqual({
      key: 'radio',
      value: 'good',
    });
    expect(radioModeNote(specs, { radio: 'good' })!.turnOn).toEqual({ key: 'radio', value: 'map' });
    expect(radioModeNote(schemaFor('is707')!, {})!.turnOn).toEqual({ key: 'radioFromMap', value: '1' });
  });

  it('PHS (the field strengths always follow the phone): always on, no switch', () => {
    const n = radioModeNote(schemaFor('phs')!, {})!;
    expect(n).toMatchObject({ on: true, turnOn: null, turnOff: null });
    expect(n.text).toContain('always on');
  });
});
