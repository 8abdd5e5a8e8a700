import type { ParamSpec, ParamValue } from '../../engine/scenario/types';

/** Whether the phone's position drives the radio, in words for the map's captions. */
export interface RadioModeNote {
  readonly on: boolean;
  readonly text: string;
}

/**
 * The "radio from map" caption (ui.md "Map": position changes "FER for IS-707 and GERAN when
 * 'radio from map' is on") — only for systems where it can be switched:
 * - a boolean key `radioFromMap` (IS-707): on or off as the key says;
 * - an enum key `radio` with a `map` option (GSM): on when `radio=map`.
 * Systems whose radio always follows the phone (PHS field strengths, DECT cells) get no caption:
 * "off" would be wrong there. `values` are the values in force (after timed changes).
 */
export function radioModeNote(
  specs: readonly ParamSpec[],
  values: Readonly<Record<string, ParamValue | undefined>>,
): RadioModeNote | null {
  const flag = specs.find((s) => s.key === 'radioFromMap' && s.kind === 'bool');
  if (flag) {
    const on = values.radioFromMap === true;
    return on
      ? { on, text: 'Radio from map: on — moving the phone changes the FER.' }
      : {
          on,
          text: `Radio from map: off — the FER comes from the parameters; tick “${flag.label}” to let the phone's position set it.`,
        };
  }
  const radio = specs.find((s) => s.key === 'radio' && s.kind === 'enum' && s.options.includes('map'));
  if (radio) {
    const value = String(values.radio ?? (radio.kind === 'enum' ? radio.default : ''));
    return value === 'map'
      ? { on: true, text: 'Radio from map: on (radio = map) — moving the phone changes the FER.' }
      : {
          on: false,
          text: `Radio from map: off (radio = ${value}) — choose radio = map to let the phone's position set the FER.`,
        };
  }
  return null;
}
