import { describe, expect, it } from 'vitest';
import { schemaFor } from '../../../src/engine/scenarios';
import { radioModeNote as note } from '../../../src/ui/map/radio-mode';
import { labPlugin } from '../../../src/ui/systems';
import type { ParamValue } from '../../../src/engine/scenario/types';

/** The note the map shows for `system` with these values in force (and at the start). */
const radioModeNote = (
  system: 'is707' | 'gsm' | 'phs',
  values: Record<string, ParamValue>,
  start?: Record<string, ParamValue>,
) => note(labPlugin(system)!.mapRadio, schemaFor(system)!, values, start);

describe('radio-from-map caption', () => {
  it('IS-707 (a radioFromMap key): on or off as the key in force says', () => {
    expect(radioModeNote('is707', { radioFromMap: true })).toMatchObject({ on: true });
    const off = radioModeNote('is707', { radioFromMap: false, fer: 0.1 })!;
    expect(off.on).toBe(false);
    expect(off.text).toBe(
      'Radio from map: off — the FER comes from the parameters (fer = 0.1); moving the phone changes nothing.',
    );
  });

  it('GSM (radio = map is one of the radio choices): on only with radio = map', () => {
    expect(radioModeNote('gsm', { radio: 'map' })).toMatchObject({ on: true });
    const off = radioModeNote('gsm', { radio: 'good' })!;
    expect(off.on).toBe(false);
    expect(off.text).toContain('radio = good');
  });

  it('GSM: the switch turns radio = map on, and off back to the radio the scenario started with', () => {
    expect(radioModeNote('gsm', { radio: 'map' }, { radio: 'poor' })!.turnOff).toEqual({
      key: 'radio',
      value: 'poor',
    });
    expect(radioModeNote('gsm', { radio: 'map' }, { radio: 'map' })!.turnOff).toEqual({
      key: 'radio',
      value: 'good',
    });
    expect(radioModeNote('gsm', { radio: 'good' })!.turnOn).toEqual({ key: 'radio', value: 'map' });
    expect(radioModeNote('is707', {})!.turnOn).toEqual({ key: 'radioFromMap', value: '1' });
  });

  it('PHS (the field strengths always follow the phone): always on, no switch', () => {
    const n = radioModeNote('phs', {})!;
    expect(n).toMatchObject({ on: true, turnOn: null, turnOff: null });
    expect(n.text).toContain('always on');
  });

  it('a plug-in without a mapRadio has no switch and no sentence', () => {
    expect(note(undefined, schemaFor('is707')!, { radioFromMap: true })).toBeNull();
  });
});
