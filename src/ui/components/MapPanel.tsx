import { useEffect, useMemo, useRef } from 'react';
import { schemaFor } from '../../engine/scenarios';
import { systemInfo } from '../../engine/systems/catalog';
import { draggedMobile } from '../../engine/systems/stations';
import { lockOn } from '../../state/locks';
import { effectiveValues } from '../../state/store';
import type { SystemView } from '../../engine/systems/types';
import type { ParamValue, SystemId } from '../../engine/scenario/types';
import { formatMetres } from '../map/geometry';
import { RADIO_FROM_MAP, radioModeNote, type RadioModeNote } from '../map/radio-mode';
import { HIDDEN_TEXT, useHiddenPolicy } from '../exercises/hidden';
import { findPreset } from '../presets';
import { labPlugin } from '../systems';
import { createMapHost } from './map-host';
import { mapMoves } from '../map/map-moves';
import { useLab, useLabStore } from '../hooks/use-lab';
import { ErrorBoundary } from './ErrorBoundary';
import { LinkToggles } from './LinkToggles';
import { pageLater } from '../page-task';

/** The scenario's values in force at the latest recorded change reached (re-renders only when one comes into force). */
function useValuesInForce(): Record<string, ParamValue | undefined> {
  const scenario = useLab((s) => s.scenario);
  const applied = useLab((s) => s.scenario?.events.filter((e) => e.t <= s.simTime + 1e-9).length ?? 0);
  return useMemo(
    () =>
      effectiveValues({ scenario, simTime: scenario?.events[applied - 1]?.t ?? 0 }) as Record<
        string,
        ParamValue | undefined
      >,
    [scenario, applied],
  );
}

function MapCanvas({ theme, radioFromMap }: { theme: 'light' | 'dark'; radioFromMap: boolean }) {
  const store = useLabStore();
  const view = useLab((s) => s.systemView);
  const host = useRef<HTMLDivElement | null>(null);
  const map = useRef<ReturnType<typeof createMapHost> | null>(null);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    // A few whole-metre points per wall second reach the engine (move-throttle.ts): the link stays short.
    const moves = mapMoves(store, { now: () => performance.now(), later: pageLater });
    const m = createMapHost(el, { onMove: (x, y) => moves.push(x, y) });
    map.current = m;
    return () => {
      moves.cancel();
      m.destroy();
      map.current = null;
    };
  }, [store]);

  useEffect(() => {
    if (view) map.current?.update(view, { radioFromMap, theme });
  }, [view, radioFromMap, theme]);

  return <div className="map-host" ref={host} />;
}

/**
 * The "Radio from map" switch, in the same place and with the same label in every system that has
 * one; where the radio always follows the phone (PHS) the same place says so. A preset that fixes
 * the radio (the studies' FER) says so beside the switch.
 */
function RadioSwitch({ note }: { note: RadioModeNote }) {
  const change = useLab((s) => s.change);
  const lock = useLab((s) => lockOn(s.locks, note.turnOn?.key ?? ''));
  const system = useLab((s) => s.system);
  const preset = findPreset(useLab((s) => s.view.preset));
  const fixedBy = preset && preset.system === system && !note.on && note.turnOn ? preset : null;
  return (
    <div className="radio-mode" data-testid="radio-mode" data-on={String(note.on)}>
      {note.turnOn && note.turnOff ? (
        <label className="radio-switch">
          <input
            type="checkbox"
            data-testid="radio-from-map"
            disabled={lock !== undefined}
            title={lock ? `Locked by this step: ${lock.reason}` : undefined}
            checked={note.on}
            onChange={(e) => {
              const c = e.target.checked ? note.turnOn : note.turnOff;
              if (c) void change(c.key, c.value);
            }}
          />{' '}
          {RADIO_FROM_MAP}
        </label>
      ) : null}
      <p className="small">{note.text}</p>
      {fixedBy && (
        <p className="small muted" data-testid="radio-fixed-by-preset">
          Off for the preset “{fixedBy.title}”: it needs the study's fixed radio. Switching on lets the
          phone's distance set the FER, and the run is then no longer the study's.
        </p>
      )}
    </div>
  );
}

/**
 * The map's captions as page text (they wrap at any width; the map itself draws none): the
 * system's figures (FER, field strengths, RTO…), whether the position drives the radio, and
 * where the phone is.
 */
function Captions({
  view,
  note,
  system,
}: {
  view: SystemView | null;
  note: RadioModeNote | null;
  system: SystemId;
}) {
  const policy = useHiddenPolicy();
  const fixed = labPlugin(system)?.phoneFixed;
  if (!view) return null;
  // A caption that prints a figure an open exercise hides ("RTO 64.0 s" beside a hidden largest
  // RTO) says so instead; an undeclared caption is hidden too while anything is hidden.
  const figures = labPlugin(system)?.viewFigures;
  const hide = (k: string) => {
    if (!policy.active) return false;
    const ref = figures?.caption(k);
    return ref === undefined || policy.hides(ref);
  };
  const first = view.stations.find((s) => s.id === view.cells?.serving) ?? view.stations[0];
  const ms = draggedMobile(view);
  const d = ms ? Math.hypot(ms.x - (first?.x ?? 0), ms.y - (first?.y ?? 0)) : NaN;
  return (
    <div className="map-captions">
      <dl className="captions" data-testid="map-captions">
        {Object.entries(view.captions ?? {}).map(([k, v]) => (
          <div className="kv" key={k}>
            <dt>{k}</dt>
            <dd data-caption={k} data-hidden={hide(k) ? 'true' : undefined}>
              {hide(k) ? <span className="muted">{HIDDEN_TEXT}</span> : v}
            </dd>
          </div>
        ))}
      </dl>
      {note && <RadioSwitch note={note} />}
      {!ms && fixed && (
        <p className="small" data-testid="phone-fixed">
          {fixed}
        </p>
      )}
      {ms && (
        <p className="small muted" data-testid="ms-position">
          Phone at x {formatMetres(ms.x)}, y {formatMetres(ms.y)} — {formatMetres(d)} from{' '}
          {first?.label ?? 'the base'}.
        </p>
      )}
    </div>
  );
}

/** The map (one of the two large elements), its captions and the link toggles. */
export function MapPanel({ theme }: { theme: 'light' | 'dark' }) {
  const view = useLab((s) => s.systemView);
  const system = useLab((s) => s.system);
  const values = useValuesInForce();
  const start = useLab((s) => s.scenario?.values);
  const note = useMemo(
    () =>
      radioModeNote(
        labPlugin(system)?.mapRadio,
        schemaFor(system) ?? [],
        values,
        start as Record<string, ParamValue> | undefined,
      ),
    [system, values, start],
  );
  const movable = !view || draggedMobile(view) !== undefined;
  const locks = useLab((s) => s.locks);
  const keys = systemInfo(system)?.dragKeys;
  const phoneLock = keys ? (lockOn(locks, keys.x) ?? lockOn(locks, keys.y)) : undefined;
  return (
    <section className="panel map-panel" aria-labelledby="map-title">
      <h2 id="map-title">Map</h2>
      <p className="muted small">
        {movable
          ? 'Drag the phone, or focus it and use the arrow keys (Shift: further).'
          : 'The phone stays put in this system: why, under the map.'}
      </p>
      {movable && phoneLock && (
        <p className="small param-locked" data-testid="map-locked">
          <span aria-hidden="true">🔒 </span>The phone’s position is locked by this step: {phoneLock.reason}
        </p>
      )}
      <div data-testid="map" className="map">
        <ErrorBoundary area="map">
          <MapCanvas theme={theme} radioFromMap={note?.on ?? true} />
        </ErrorBoundary>
      </div>
      <Captions view={view} note={note} system={system} />
      <LinkToggles view={view} system={system} values={values} />
    </section>
  );
}
