import { useEffect, useId, useRef, useState } from 'react';
import { describeAllowed, formatValue } from '../../engine/scenario/values';
import type { ParamSpec, ParamValue } from '../../engine/scenario/types';
import type { ParamNote } from './param-notes';

interface Props {
  spec: ParamSpec;
  value: ParamValue | undefined;
  onChange(key: string, text: string): void;
  /** Why the key has no effect right now, and the change that gives it one (param-notes.ts). */
  note?: ParamNote | null;
}

const SLIDER_STEPS = 1000;

/** Slider position (0…SLIDER_STEPS) ↔ value for a number key, linear or log. */
function sliderScale(spec: Extract<ParamSpec, { kind: 'number' }>) {
  const lo = spec.log ? Math.max(spec.min, spec.max / 1e6, 1e-9) : spec.min;
  const hi = spec.max;
  const toPos = (v: number) => {
    if (!Number.isFinite(v)) return SLIDER_STEPS;
    const f = spec.log ? Math.log(Math.max(v, lo) / lo) / Math.log(hi / lo) : (v - lo) / (hi - lo);
    return Math.round(Math.min(1, Math.max(0, f)) * SLIDER_STEPS);
  };
  const fromPos = (p: number) => {
    const f = p / SLIDER_STEPS;
    let v = spec.log ? lo * Math.pow(hi / lo, f) : lo + f * (hi - lo);
    if (spec.integer) v = Math.round(v);
    else if (spec.step) v = Math.round(v / spec.step) * spec.step;
    else v = Number(v.toPrecision(3));
    return Math.min(hi, Math.max(spec.min, Number(v.toPrecision(12))));
  };
  return { toPos, fromPos };
}

/**
 * The schema's description and allowed values in words. A checkbox needs no "Allowed: 1 or 0", and
 * its URL values read as ticked / not ticked ("1: the FER follows…" → "Ticked: the FER follows…").
 */
export function hintText(spec: ParamSpec): string {
  if (spec.kind !== 'bool') return `${spec.description}. Allowed: ${describeAllowed(spec)}.`;
  const d = spec.description
    .replace(/^1: /, 'Ticked: ')
    .replace(/\(0 = /g, '(unticked: ')
    .replace(/ \(1\) or released by the user \(0\)/, ', or released by the user when unticked');
  return `${d.charAt(0).toUpperCase()}${d.slice(1)}.`;
}

/** A slider is offered for number keys with a range a slider can span sensibly. */
function hasSlider(spec: ParamSpec): spec is Extract<ParamSpec, { kind: 'number' }> {
  if (spec.kind !== 'number') return false;
  if (!Number.isFinite(spec.min) || !Number.isFinite(spec.max)) return false;
  return spec.log ? spec.max / Math.max(spec.min, 1e-12) <= 1e7 : spec.max - spec.min <= 1e5;
}

/**
 * The input of one scenario key (`data-testid="param-<key>"`): a checkbox, a select,
 * or a text field (committed on Enter or when it loses focus) with a slider beside it
 * for number keys. Label with unit; the schema's description as tooltip and hint.
 */
export function ParamInput({ spec, value, onChange, note }: Props) {
  const id = useId();
  const hintId = `${id}-hint`;
  const shown = value === undefined ? '' : formatValue(spec, value);
  const [text, setText] = useState(shown);
  const editing = useRef(false);
  /** Slider value moved to but not yet applied (see the slider's onChange). */
  const pending = useRef<number | null>(null);
  useEffect(() => {
    if (!editing.current) setText(shown);
  }, [shown]);

  const label = (
    <label htmlFor={id} title={spec.description}>
      {spec.label}
      {spec.unit ? <span className="unit"> ({spec.unit})</span> : null}
    </label>
  );
  const hint = (
    <>
      {note && (
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
      <span id={hintId} className="hint">
        {hintText(spec)}{' '}
        <span className={spec.live ? 'badge live' : 'badge restart'}>
          {spec.live ? 'applies live' : 'restarts the run'}
        </span>
      </span>
    </>
  );
  const common = {
    id,
    'data-testid': `param-${spec.key}`,
    'aria-describedby': hintId,
    title: spec.description,
  };

  if (spec.kind === 'bool') {
    return (
      <div className="param param-bool">
        <input
          type="checkbox"
          {...common}
          checked={value === true}
          onChange={(e) => onChange(spec.key, e.target.checked ? '1' : '0')}
        />
        {label}
        {hint}
      </div>
    );
  }
  if (spec.kind === 'enum') {
    return (
      <div className="param">
        {label}
        <select {...common} value={shown} onChange={(e) => onChange(spec.key, e.target.value)}>
          {spec.options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
        {hint}
      </div>
    );
  }
  const commit = () => {
    editing.current = false;
    const t = text.trim();
    if (t !== shown && t !== '') onChange(spec.key, t);
    else setText(shown);
  };
  const slider = hasSlider(spec) ? sliderScale(spec) : null;
  const commitSlider = () => {
    const v = pending.current;
    pending.current = null;
    if (v === null) return;
    if (v !== value) onChange(spec.key, String(v));
    else setText(shown);
  };
  return (
    <div className="param">
      {label}
      <div className="param-row">
        <input
          type="text"
          inputMode={spec.kind === 'number' ? 'decimal' : 'text'}
          spellCheck={false}
          autoComplete="off"
          {...common}
          value={text}
          onFocus={() => {
            editing.current = true;
          }}
          onChange={(e) => setText(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              commit();
              e.currentTarget.blur();
            } else if (e.key === 'Escape') {
              editing.current = false;
              setText(shown);
              e.currentTarget.blur();
            }
          }}
        />
        {slider && spec.kind === 'number' && (
          <input
            type="range"
            className="slider"
            data-testid={`param-${spec.key}-slider`}
            aria-label={`${spec.label} slider`}
            aria-valuetext={`${shown}${spec.unit ? ' ' + spec.unit : ''}`}
            min={0}
            max={SLIDER_STEPS}
            step={1}
            value={
              pending.current !== null
                ? slider.toPos(pending.current)
                : slider.toPos(typeof value === 'number' ? value : spec.min)
            }
            onChange={(e) => {
              // While the thumb moves, only the field follows; the value is applied once, when the
              // slider is let go (pointer up, key up, focus lost). One drag during a run is one timed
              // change in the URL, not one per pixel.
              const v = slider.fromPos(Number(e.target.value));
              pending.current = v;
              setText(String(v));
            }}
            onPointerUp={commitSlider}
            onKeyUp={commitSlider}
            onBlur={commitSlider}
          />
        )}
      </div>
      {hint}
    </div>
  );
}
