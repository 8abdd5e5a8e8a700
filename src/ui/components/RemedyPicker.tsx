import { useMemo } from 'react';
import { parseScenario } from '../../engine/scenarios';
import type { ParamSpec } from '../../engine/scenario/types';

/** One choice of the picker: its note and, when this system refuses it, the parser's reason. */
interface Choice {
  readonly value: string;
  readonly note: string;
  readonly refused: string | null;
}

/**
 * Why the running system refuses `key=value`, in the parser's own words (the reason the CLI prints
 * with exit 2), or null when it is accepted.
 */
function refusal(system: string, key: string, value: string): string | null {
  const prefix = `${key}=${value}: `;
  const error = parseScenario(`system=${system}&${key}=${value}`).errors.find((e) =>
    e.message.startsWith(prefix),
  );
  return error ? error.message.slice(prefix.length) : null;
}

/**
 * The Remedies picker (remedies.md; issue 26 item 5): every value of an enum key that carries
 * one-line notes (the `remedy` key), one radio each with what it does and where it sits; a value the
 * running system refuses is greyed with the reason the parser gives. Choosing one sets the key (a
 * change that restarts the run); the individual keys stay in the TCP group for combinations.
 */
export function RemedyPicker({
  system,
  spec,
  value,
  onChange,
}: {
  system: string;
  spec: ParamSpec;
  value: string;
  onChange(key: string, text: string): void;
}) {
  const choices = useMemo((): Choice[] => {
    if (spec.kind !== 'enum') return [];
    return spec.options.map((o) => ({
      value: o,
      note: spec.optionNotes?.[o] ?? '',
      refused: refusal(system, spec.key, o),
    }));
  }, [system, spec]);
  return (
    <fieldset className="remedy-picker" data-testid="remedy-picker">
      <legend className="small">
        {spec.label} (<code>{spec.key}</code>): switched on at both ends, on the same channel draws
      </legend>
      {choices.map((c) => {
        const id = `remedy-${c.value}`;
        return (
          <div
            key={c.value}
            className={`remedy-choice${c.refused ? ' refused' : ''}`}
            data-testid={id}
            data-refused={c.refused ? 'true' : 'false'}
          >
            <input
              type="radio"
              id={id}
              name={spec.key}
              value={c.value}
              checked={value === c.value}
              disabled={c.refused !== null}
              aria-describedby={`${id}-note`}
              onChange={() => onChange(spec.key, c.value)}
            />
            <label htmlFor={id}>
              <code>{c.value}</code>
            </label>
            <span id={`${id}-note`} className="small">
              {' '}
              {c.note}
              {c.refused && <em className="remedy-reason"> Not here: {c.refused}</em>}
            </span>
          </div>
        );
      })}
    </fieldset>
  );
}
