import { useId } from 'react';
import { describeAllowed, formatValue } from '../../engine/scenario/values';
import type { ParamSpec, ParamValue } from '../../engine/scenario/types';
import type { ParamNote } from './param-notes';
import { ParamField } from './ParamField';

interface Props {
  spec: ParamSpec;
  value: ParamValue | undefined;
  /** Apply a change; a returned promise settles once the change has reached the store. */
  onChange(key: string, text: string): void | Promise<unknown>;
  /** Why the key has no effect right now, and the change that gives it one (param-notes.ts). */
  note?: ParamNote | null;
  /** Why the open activity step locks the key (the control is shown, not changeable). */
  locked?: string;
}

/**
 * The schema's description and allowed values in words (hint and tooltip). A checkbox needs no
 * "Allowed: 1 or 0", and its URL values read as ticked / not ticked ("1: the FER follows…" →
 * "Ticked: the FER follows…").
 */
export function hintText(spec: ParamSpec): string {
  if (spec.kind !== 'bool') return `${spec.description}. Allowed: ${describeAllowed(spec)}.`;
  const d = spec.description
    .replace(/^1: /, 'Ticked: ')
    .replace(/\(0 = /g, '(unticked: ')
    .replace(/ \(1\) or released by the user \(0\)/, ', or released by the user when unticked');
  return `${d.charAt(0).toUpperCase()}${d.slice(1)}.`;
}

/** Under the input: the step's lock, else a note with its fix; then the description and whether it applies live. */
function ParamHint({
  spec,
  words,
  ids,
  note,
  locked,
  onChange,
}: Pick<Props, 'spec' | 'note' | 'locked' | 'onChange'> & {
  words: string;
  ids: { lock: string; hint: string };
}) {
  return (
    <>
      {locked && (
        <span className="param-locked" id={ids.lock} data-testid={`param-locked-${spec.key}`}>
          <span aria-hidden="true">🔒 </span>Locked by this step: {locked}
        </span>
      )}
      {note && !locked && (
        <span className="param-note" data-testid={`param-note-${spec.key}`}>
          {note.text}{' '}
          {note.fix && (
            <button
              type="button"
              className="small"
              onClick={() => note.fix && onChange(note.fix.key, note.fix.value)}
            >
              {note.fix.label}
            </button>
          )}
        </span>
      )}
      <span id={ids.hint} className="hint">
        {words}{' '}
        <span className={spec.live ? 'badge live' : 'badge restart'}>
          {spec.live ? 'applies live' : 'restarts the run'}
        </span>
      </span>
    </>
  );
}

/** The control itself: a checkbox for a bool key, a select for an enum key, else a text field (with a slider for numbers). */
function ParamControl({
  spec,
  value,
  shown,
  common,
  locked,
  onChange,
}: Pick<Props, 'spec' | 'value' | 'locked' | 'onChange'> & {
  shown: string;
  common: Record<string, string>;
}) {
  if (spec.kind === 'bool')
    return (
      <input
        type="checkbox"
        {...common}
        disabled={!!locked}
        checked={value === true}
        onChange={(e) => onChange(spec.key, e.target.checked ? '1' : '0')}
      />
    );
  if (spec.kind === 'enum')
    return (
      <select
        {...common}
        disabled={!!locked}
        value={shown}
        onChange={(e) => onChange(spec.key, e.target.value)}
      >
        {spec.options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    );
  return (
    <ParamField
      spec={spec}
      value={value}
      shown={shown}
      common={common}
      onChange={onChange}
      disabled={!!locked}
    />
  );
}

/**
 * The input of one scenario key (`data-testid="param-<key>"`): a checkbox, a select,
 * or a text field (committed on Enter or when it loses focus) with a slider beside it
 * for number keys (ParamField.tsx). Label with unit; the description in words as tooltip and hint.
 */
export function ParamInput({ spec, value, onChange, note, locked }: Props) {
  const id = useId();
  const ids = { hint: `${id}-hint`, lock: `${id}-lock` };
  const shown = value === undefined ? '' : formatValue(spec, value);
  const words = hintText(spec);
  const label = (
    <label htmlFor={id} title={words}>
      {spec.label}
      {spec.unit ? <span className="unit"> ({spec.unit})</span> : null}
    </label>
  );
  const common = {
    id,
    'data-testid': `param-${spec.key}`,
    'aria-describedby': locked ? `${ids.lock} ${ids.hint}` : ids.hint,
    title: locked ? `Locked by this step: ${locked}` : words,
  };
  const control = (
    <ParamControl
      spec={spec}
      value={value}
      shown={shown}
      common={common}
      locked={locked}
      onChange={onChange}
    />
  );
  const hint = (
    <ParamHint spec={spec} words={words} ids={ids} note={note} locked={locked} onChange={onChange} />
  );
  // A checkbox comes before its label; a select and a text field after it.
  const kind = spec.kind === 'bool' ? 'param param-bool' : 'param';
  return (
    <div className={locked ? `${kind} locked` : kind}>
      {spec.kind === 'bool' ? (
        <>
          {control}
          {label}
        </>
      ) : (
        <>
          {label}
          {control}
        </>
      )}
      {hint}
    </div>
  );
}
