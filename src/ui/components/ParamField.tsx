import { useEffect, useRef, useState } from 'react';
import { formatNumber } from '../../engine/scenario/values';
import { readNumber } from '../../engine/scenario/numbers';
import type { ParamSpec, ParamValue } from '../../engine/scenario/types';
import { keyTarget, sliderScale, type NumberSpec } from './slider-scale';

interface Props {
  spec: ParamSpec;
  value: ParamValue | undefined;
  /** The value in force as the URL writes it. */
  shown: string;
  /** id, test id, aria-describedby and tooltip of the text field. */
  common: Record<string, string>;
  onChange(key: string, text: string): void | Promise<unknown>;
  /** Locked by an activity's step: shown, not changeable. */
  disabled?: boolean;
}

/** A slider is offered for number keys with a range a slider can span sensibly. */
function hasSlider(spec: ParamSpec): spec is NumberSpec {
  if (spec.kind !== 'number') return false;
  if (!Number.isFinite(spec.min) || !Number.isFinite(spec.max)) return false;
  return spec.log ? spec.max / Math.max(spec.min, 1e-12) <= 1e7 : spec.max - spec.min <= 1e5;
}

type Draft = { v: number; sent: boolean };

/**
 * The slider's draft (the value moved to, `sent` once handed to onChange) and `send`, which hands a
 * value to onChange and drops the draft once the store answers or the value in force changes.
 */
function useSentDraft(key: string, value: ParamValue | undefined, onChange: Props['onChange']) {
  const draft = useRef<Draft | null>(null);
  const [draftV, setDraftV] = useState<number | null>(null);
  const setDraft = (d: Draft | null) => {
    draft.current = d;
    setDraftV(d ? d.v : null);
  };
  // The value in force changed (the store took the change, or another change came): a sent draft
  // has done its work.
  useEffect(() => {
    if (draft.current?.sent) setDraft(null);
  }, [value]);
  const inForce = typeof value === 'number' ? value : undefined;
  /**
   * The change last sent while the store has not answered it: until it does, the value in force
   * is the one before, and a step back onto that value (→ then ← at once) must still be sent.
   */
  const inFlight = useRef<{ v: number } | null>(null);
  const send = (v: number) => {
    const d = { v, sent: true };
    setDraft(d);
    const latest = inFlight.current?.v ?? inForce;
    const r = v === latest ? undefined : onChange(key, formatNumber(v));
    const flight = { v };
    const done = () => {
      if (inFlight.current === flight) inFlight.current = null;
      if (draft.current === d) setDraft(null);
    };
    if (r && typeof r.then === 'function') {
      inFlight.current = flight;
      void r.then(done, done);
    } else done();
  };
  return { draft, draftV, setDraft, send, inForce };
}

/** The slider of a number key: moves the draft; sends it when let go. */
function ParamSlider({
  spec,
  scale,
  current,
  shown,
  disabled,
  moveTo,
  from,
  commit,
}: {
  spec: ParamSpec;
  scale: NonNullable<ReturnType<typeof sliderScale>>;
  /** The value shown: the draft, else the value in force. */
  current: number | undefined;
  shown: string;
  disabled?: boolean;
  moveTo(v: number): void;
  /** Where a key press moves from. */
  from(): number;
  commit(): void;
}) {
  const unit = spec.unit ? ` ${spec.unit}` : '';
  return (
    <input
      type="range"
      className="slider"
      disabled={disabled}
      data-testid={`param-${spec.key}-slider`}
      aria-label={`${spec.label} slider`}
      aria-valuetext={`${current === undefined ? shown : formatNumber(current)}${unit}`}
      min={0}
      max={scale.maxPos}
      step="any"
      value={scale.toPos(current ?? scale.rungs[0])}
      onChange={(e) => moveTo(scale.fromPos(Number(e.target.value)))}
      onKeyDown={(e) => {
        const to = keyTarget(scale, from(), e.key);
        if (to === null) return;
        e.preventDefault();
        moveTo(to);
      }}
      onPointerUp={commit}
      onKeyUp={commit}
      onBlur={commit}
    />
  );
}

/**
 * The text field of a key (committed on Enter or when it loses focus; Escape restores it) and, for
 * number keys, a slider beside it (issue #8 item 2).
 *
 * The field and the thumb always show one value: the value in force, or — while the slider is
 * dragged or stepped, and until the change it sends has reached the store — the value moved to.
 * That draft is dropped once the store answers (the promise `onChange` returns has settled) or
 * the value in force changes, so a change the engine holds back (a paused run's spacing of timed
 * changes) shows the value in force, not the one asked for.
 *
 * The slider stops on a ladder of round values (slider-scale.ts): arrows move one rung (one tenth
 * of a decade on a log key), PageUp / PageDown ten, Home / End to the ends. A drag or a held key is
 * applied once, when the slider is let go (pointer up, key up, focus lost): one timed change in
 * the URL, not one per pixel.
 */
export function ParamField({ spec, value, shown, common, onChange, disabled }: Props) {
  /** Text typed while the field has focus (null: not editing, the field shows the value). */
  const edit = useRef<string | null>(null);
  const [editText, setEditText] = useState<string | null>(null);
  const { draft, draftV, setDraft, send, inForce } = useSentDraft(spec.key, value, onChange);
  const scale = hasSlider(spec) ? sliderScale(spec) : null;

  const commitSlider = () => {
    const d = draft.current;
    if (d && !d.sent) send(d.v);
  };
  const commitText = () => {
    const t = edit.current?.trim();
    edit.current = null;
    setEditText(null);
    if (t === undefined || t === '' || t === shown) return;
    // Only the scenario grammar's numbers go through the slider's path: text that JavaScript reads
    // as a number but a link would not (`0x10`, `Infinity`) reaches the parser as typed, which names it.
    const n = spec.kind === 'number' ? readNumber(t) : undefined;
    if (n !== undefined && Number.isFinite(n)) send(n);
    else void onChange(spec.key, t);
  };

  const current = draftV ?? inForce;
  const text = editText ?? (draftV !== null ? formatNumber(draftV) : shown);
  return (
    <div className="param-row">
      <input
        type="text"
        inputMode={spec.kind === 'number' ? 'decimal' : 'text'}
        spellCheck={false}
        autoComplete="off"
        {...common}
        disabled={disabled}
        value={text}
        onFocus={() => {
          edit.current = text;
          setEditText(text);
        }}
        onChange={(e) => {
          edit.current = e.target.value;
          setEditText(e.target.value);
        }}
        onBlur={commitText}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            commitText();
            e.currentTarget.blur();
          } else if (e.key === 'Escape') {
            edit.current = null;
            setEditText(null);
            e.currentTarget.blur();
          }
        }}
      />
      {scale && (
        <ParamSlider
          spec={spec}
          scale={scale}
          current={current}
          shown={shown}
          disabled={disabled}
          moveTo={(v) => setDraft({ v, sent: false })}
          from={() => draft.current?.v ?? inForce ?? scale.rungs[0]}
          commit={commitSlider}
        />
      )}
    </div>
  );
}
