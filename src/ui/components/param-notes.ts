import type { ParamSpec, ParamValue } from '../../engine/scenario/types';

/** A note beside a key that has no effect in the current scenario, and the change that gives it one. */
export interface ParamNote {
  readonly text: string;
  /** A change (key, value) that makes the key take effect, offered as a button. */
  readonly fix?: { readonly key: string; readonly value: string; readonly label: string };
}

/**
 * Keys whose value is set but not used right now (a slider that moves nothing is the most confusing
 * thing a lab can do): GSM's `fer` applies only with `radio=custom` and `fdt` with `custom` or
 * `map`; IS-707's `fer` is overridden by the map while `radioFromMap` is on.
 */
export function paramNote(
  specs: readonly ParamSpec[],
  key: string,
  values: Readonly<Record<string, ParamValue | undefined>>,
): ParamNote | null {
  const radio = specs.find((s) => s.key === 'radio' && s.kind === 'enum');
  if (
    radio &&
    radio.kind === 'enum' &&
    radio.options.includes('custom') &&
    (key === 'fer' || key === 'fdt')
  ) {
    const now = String(values.radio ?? radio.default);
    const used = now === 'custom' || (key === 'fdt' && now === 'map');
    if (used) return null;
    return {
      text: `Not used now: radio = ${now} sets the radio conditions. ${key === 'fer' ? 'FER' : 'f_dT'} applies with radio = custom${key === 'fdt' ? ' or map' : ''}.`,
      fix: { key: 'radio', value: 'custom', label: 'Use radio = custom' },
    };
  }
  if (key === 'fer' && specs.some((s) => s.key === 'radioFromMap') && values.radioFromMap === true) {
    return {
      text: 'The map sets the FER now (radio from map is on): a value typed here applies until the phone moves again.',
    };
  }
  return null;
}
