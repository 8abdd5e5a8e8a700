import { useEffect, useMemo, useRef } from 'react';
import { MIN_EVENT_SPACING_NS } from '../../engine/scenario/edit-log';
import { schemaFor } from '../../engine/scenarios';
import type { SystemView } from '../../engine/systems/types';
import type { ParamValue, SystemId } from '../../engine/scenario/types';
import { HIDDEN_TEXT, useHiddenPolicy } from '../exercises/hidden';
import { num } from '../format';
import { lockOn } from '../../state/locks';
import { useLab } from '../hooks/use-lab';
import { labPlugin } from '../systems';
import type { LinkToggleSpec } from '../systems/types';

/** The default: `link<n>`, released and re-added by the user. */
const DEFAULT_SPEC: LinkToggleSpec = { key: (n) => `link${n}`, word: 'Link', mode: 'toggle' };

/**
 * Simulated seconds after a recorded release before its key is set back to 1: one event spacing
 * (edit-log.ts, 0.2 s; sooner, the change would wait for it anyway) and a frame or so.
 */
const REARM_AFTER_S = MIN_EVENT_SPACING_NS / 1e9 + 0.05;

/**
 * After a release is recorded (a 'release'-mode key set to 0 by a timed change), set the key back
 * to 1 once the run has moved on, so that the next release is a change again: the scenario records
 * values, and a second 0 after a 0 would record nothing. The engine does nothing on 1 (the system
 * restores links itself); the link keeps both points, so a replay runs the same.
 */
function useRearm(
  keys: readonly string[],
  values: Record<string, ParamValue | undefined>,
  on: boolean,
): void {
  const change = useLab((s) => s.change);
  const events = useLab((s) => s.scenario?.events);
  const simTime = useLab((s) => s.simTime);
  const playing = useLab((s) => s.status === 'playing');
  const asked = useRef(new Set<string>());
  useEffect(() => {
    if (!on) return;
    for (const key of keys) {
      if (values[key] !== false) {
        asked.current.delete(key);
        continue;
      }
      const last = events?.filter((e) => e.key === key).at(-1);
      if (!playing || !last || asked.current.has(key) || simTime < last.t + REARM_AFTER_S) continue;
      asked.current.add(key);
      void change(key, '1');
    }
  }, [keys, values, on, events, simTime, playing, change]);
}

type Link = SystemView['links'][number];

/**
 * One link's control: its state only where the system has one fixed link; else a button that
 * releases and re-adds it ('toggle'), or releases it while it is up ('release').
 */
function LinkControl({
  l,
  spec,
  toggles,
  values,
}: {
  l: Link;
  spec: LinkToggleSpec;
  /** The link has a live key. */
  toggles: boolean;
  values: Record<string, ParamValue | undefined>;
}) {
  const locks = useLab((s) => s.locks);
  const change = useLab((s) => s.change);
  const done = useLab((s) => s.done);
  const key = spec.key(l.n);
  const lock = lockOn(locks, key);
  const lockTitle = lock ? `Locked by this step: ${lock.reason}` : undefined;
  const up = l.state !== 'down';
  const on = toggles && spec.mode === 'toggle' ? values[key] !== false : up;
  // In 'release' mode a link that is down may never have been set up (before the run, in
  // Call_Setup) or been lost in a handover, not only released by hand: "not held" is true of all.
  const word = on ? l.state : spec.mode === 'release' ? 'not held' : `released (${l.state})`;
  const label = (
    <>
      {spec.word} {l.n}: <span className="state-word">{word}</span>
    </>
  );
  if (!toggles)
    return (
      <span className="link-status" data-testid={`link-${l.n}`} title="This system has one fixed link">
        {label}
      </span>
    );
  if (spec.mode === 'toggle')
    return (
      <button
        type="button"
        data-testid={`link-${l.n}`}
        aria-pressed={on}
        disabled={lock !== undefined}
        title={lockTitle ?? `Release or re-add ${spec.word.toLowerCase()} ${l.n} from this moment on`}
        onClick={() => void change(key, on ? '0' : '1')}
      >
        {label}
      </button>
    );
  return (
    <button
      type="button"
      data-testid={`link-${l.n}`}
      disabled={!up || done || values[key] === false || lock !== undefined}
      title={
        lockTitle ??
        (up
          ? `Release ${spec.word.toLowerCase()} ${l.n} from this moment on`
          : `${spec.word} ${l.n} is down: the system sets it up again when its rule says so`)
      }
      onClick={() => void change(key, '0')}
    >
      {label}
      {up ? <span className="muted"> — release</span> : null}
    </button>
  );
}

/** A link's counters; one that prints a figure an open exercise hides (CRC errors, RLP resets) says so instead. */
function LinkCounters({ l, system }: { l: Link; system: SystemId }) {
  const figures = labPlugin(system)?.viewFigures;
  const policy = useHiddenPolicy();
  if (!l.counters) return null;
  const counter = (k: string, v: number) => {
    const ref = figures?.counter(k, l.n);
    return policy.active && (ref === undefined || policy.hides(ref))
      ? `${k} ${HIDDEN_TEXT}`
      : `${k} ${num(v)}`;
  };
  return (
    <span className="counters">
      {Object.entries(l.counters)
        .map(([k, v]) => counter(k, v))
        .join(' · ')}
    </span>
  );
}

/**
 * Link toggles (ui.md "Bearer / channel panel"): a system that lets the user release links declares
 * a live boolean key per link (PHS `link1` … `link6`, DECT `bearer1` … `bearer12`; the plug-in's
 * `linkToggles` names them); the button sends it. In 'toggle' mode it releases and re-adds; in
 * 'release' mode it only releases a link that is up (the system restores links itself) and is
 * disabled while the link is down or its key is being set back to 1. Systems with one fixed link
 * show the link's state and counters only (a status, not a dead button).
 */
export function LinkToggles({
  view,
  system,
  values,
}: {
  view: SystemView | null;
  system: SystemId;
  values: Record<string, ParamValue | undefined>;
}) {
  const spec = labPlugin(system)?.linkToggles ?? DEFAULT_SPEC;
  const live = useMemo(
    () => new Set((schemaFor(system) ?? []).filter((p) => p.kind === 'bool' && p.live).map((p) => p.key)),
    [system],
  );
  const keys = useMemo(
    () => (view?.links ?? []).map((l) => spec.key(l.n)).filter((k) => live.has(k)),
    [view?.links, spec, live],
  );
  useRearm(keys, values, spec.mode === 'release');
  if (!view || view.links.length === 0) return null;
  return (
    <>
      <ul className="links" aria-label="Links and bearers">
        {view.links.map((l) => (
          <li key={l.n} className={`link link-${l.state}`}>
            <LinkControl l={l} spec={spec} toggles={live.has(spec.key(l.n))} values={values} />
            <LinkCounters l={l} system={system} />
          </li>
        ))}
      </ul>
      {spec.note && keys.length > 0 && (
        <p className="small muted link-note" data-testid="link-note">
          {spec.note(values)}
        </p>
      )}
    </>
  );
}
