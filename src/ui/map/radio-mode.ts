import type { ParamSpec, ParamValue } from '../../engine/scenario/types';

/** A change of one key, as the lab sends it (`change(key, value)`). */
export interface RadioChange {
  readonly key: string;
  readonly value: string;
}

/**
 * How a system's radio follows the dragged phone (ui.md "Map": position changes the FER "when
 * 'radio from map' is on"), declared by its lab plug-in (`LabPlugin.mapRadio`); a system without
 * one has no switch and no sentence. The keys named here are checked against the system's params
 * by tests/ui/systems/plugins.test.ts.
 */
export type MapRadio =
  /** A boolean key turns it on and off (IS-707 `radioFromMap`). */
  | {
      readonly kind: 'switch';
      readonly key: string;
      /** What moving the phone changes while on, e.g. `the FER`. */
      readonly changes: string;
      /** The key that sets the radio while off; its value is shown (IS-707 `fer`). */
      readonly manualKey?: string;
    }
  /** One option of an enum key means "from the map" (GSM `radio=map`). */
  | { readonly kind: 'option'; readonly key: string; readonly option: string; readonly changes: string }
  /** The radio always follows the phone (PHS field strengths, DECT cells); `how` says how. */
  | { readonly kind: 'always'; readonly how: string };

/**
 * The "Radio from map" switch: one switch, with one label and one place under the map, whatever
 * key the system uses. Systems with a switch can turn it off and on; the others get the same place
 * with a sentence saying the radio always follows the phone.
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
 * The switch of a system, from its plug-in's `radio` and its params (`specs`: an option key's
 * default): a `switch` is on as its key says; an `option` is on when the key holds it, and off goes
 * back to the value the scenario started with (or the key's default when it started on the map
 * option); `always` is on with no switch. `values` are the values in force (after timed changes);
 * `start` the scenario's starting values.
 */
export function radioModeNote(
  radio: MapRadio | undefined,
  specs: readonly ParamSpec[],
  values: Readonly<Record<string, ParamValue | undefined>>,
  start: Readonly<Record<string, ParamValue | undefined>> = {},
): RadioModeNote | null {
  if (!radio) return null;
  if (radio.kind === 'switch') {
    const on = values[radio.key] === true;
    const manual = radio.manualKey;
    const shown =
      manual !== undefined && typeof values[manual] === 'number' ? ` (${manual} = ${values[manual]})` : '';
    return {
      on,
      text: on
        ? `${RADIO_FROM_MAP}: on — moving the phone changes ${radio.changes}.`
        : `${RADIO_FROM_MAP}: off — ${radio.changes} comes from the parameters${shown}; moving the phone changes nothing.`,
      turnOn: { key: radio.key, value: '1' },
      turnOff: { key: radio.key, value: '0' },
    };
  }
  if (radio.kind === 'option') {
    const spec = specs.find((s) => s.key === radio.key);
    const fallback = spec ? String(spec.default) : '';
    const value = String(values[radio.key] ?? fallback);
    const first = String(start[radio.key] ?? fallback);
    const back = first !== radio.option ? first : fallback;
    const on = value === radio.option;
    return {
      on,
      text: on
        ? `${RADIO_FROM_MAP}: on (${radio.key} = ${value}) — moving the phone changes ${radio.changes}.`
        : `${RADIO_FROM_MAP}: off (${radio.key} = ${value}) — moving the phone changes nothing.`,
      turnOn: { key: radio.key, value: radio.option },
      turnOff: { key: radio.key, value: back },
    };
  }
  return {
    on: true,
    text: `${RADIO_FROM_MAP}: always on here — ${radio.how}.`,
    turnOn: null,
    turnOff: null,
  };
}
