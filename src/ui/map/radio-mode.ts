import type { ParamSpec, ParamValue } from '../../engine/scenario/types';

/** A change of one key, as the lab sends it (`change(key, value)`). */
export interface RadioChange {
  readonly key: string;
  readonly value: string;
}

/**
 * The "Radio from map" switch (ui.md "Map": position changes the FER "when 'radio from map' is
 * on"): one switch, with one label and one place under the map, whatever key the system uses.
 * `switchable` systems can turn it off and on; the others' radio always follows the phone (PHS
 * field strengths, DECT cells) and they get the same place with a sentence saying so.
 */
export interface RadioModeNote {
  /** Whether moving the phone changes the radio now. */
  readonly on: boolean;
  readonly text: string;
  /** The changes that turn it on and off; null where the radio always follows the map. */
  readonly turnOn: RadioChange | null;
  readonly turnOff: RadioChange | null;
}

/** The label of the switch, the same in every system. */
export const RADIO_FROM_MAP = 'Radio from map';

/**
 * The switch of a system, from its schema:
 * - a boolean key `radioFromMap` (IS-707): on or off as the key says;
 * - an enum key `radio` with a `map` option (GSM): on when `radio=map`; off goes back to the
 *   radio the scenario started with (or the key's default when it started on `map`);
 * - a position (`msX`) and neither key (PHS): always on, no switch.
 * `values` are the values in force (after timed changes); `start` the scenario's starting values.
 */
export function radioModeNote(
  specs: readonly ParamSpec[],
  values: Readonly<Record<string, ParamValue | undefined>>,
  start: Readonly<Record<string, ParamValue | undefined>> = {},
): RadioModeNote | null {
  const flag = specs.find((s) => s.key === 'radioFromMap' && s.kind === 'bool');
  if (flag) {
    const on = values.radioFromMap === true;
    const fer = typeof values.fer === 'number' ? ` (fer = ${values.fer})` : '';
    return {
      on,
      text: on
        ? 'Radio from map: on — moving the phone changes the FER.'
        : `Radio from map: off — the FER comes from the parameters${fer}; moving the phone changes nothing.`,
      turnOn: { key: 'radioFromMap', value: '1' },
      turnOff: { key: 'radioFromMap', value: '0' },
    };
  }
  const radio = specs.find((s) => s.key === 'radio' && s.kind === 'enum' && s.options.includes('map'));
  if (radio && radio.kind === 'enum') {
    const value = String(values.radio ?? radio.default);
    const first = String(start.radio ?? radio.default);
    const back = first !== 'map' ? first : String(radio.default);
    return {
      on: value === 'map',
      text:
        value === 'map'
          ? 'Radio from map: on (radio = map) — moving the phone changes the FER.'
          : `Radio from map: off (radio = ${value}) — moving the phone changes nothing.`,
      turnOn: { key: 'radio', value: 'map' },
      turnOff: { key: 'radio', value: back },
    };
  }
  if (specs.some((s) => s.key === 'msX')) {
    return {
      on: true,
      text: "Radio from map: always on here — each unit's field strength follows the phone's distance to it.",
      turnOn: null,
      turnOff: null,
    };
  }
  return null;
}
