import { useEffect, useMemo, useRef } from 'react';
import { schemaFor } from '../../engine/scenario/schema';
import { effectiveValues } from '../../state/store';
import type { SystemView } from '../../engine/systems/types';
import type { SystemId } from '../../engine/scenario/types';
import { createMapHost } from './map-host';
import { useLab, useLabStore } from '../hooks/use-lab';
import { ErrorBoundary } from './ErrorBoundary';
import { num } from '../format';

function MapCanvas({ theme }: { theme: 'light' | 'dark' }) {
  const store = useLabStore();
  const view = useLab((s) => s.systemView);
  const radioFromMap = useLab((s) => s.scenario?.values.radioFromMap === true);
  const host = useRef<HTMLDivElement | null>(null);
  const map = useRef<ReturnType<typeof createMapHost> | null>(null);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const m = createMapHost(el, {
      onMove(x, y) {
        const s = store.getState();
        const ms = s.systemView?.ms;
        // Whole metres keep the recorded events short.
        const rx = Math.round(x);
        const ry = Math.round(y);
        if (!ms || rx !== Math.round(ms.x)) void s.change('msX', String(rx));
        if (!ms || ry !== Math.round(ms.y)) void s.change('msY', String(ry));
      },
    });
    map.current = m;
    return () => {
      m.destroy();
      map.current = null;
    };
  }, [store]);

  useEffect(() => {
    if (view) map.current?.update(view, { radioFromMap, theme });
  }, [view, radioFromMap, theme]);

  return <div className="map-host" ref={host} />;
}

function Captions({ view }: { view: SystemView | null }) {
  if (!view) return null;
  const d = Math.hypot(view.ms.x - (view.stations[0]?.x ?? 0), view.ms.y - (view.stations[0]?.y ?? 0));
  return (
    // The map draws the same figures; this text copy serves screen readers and scripts.
    <dl className="captions sr-only" data-testid="map-captions">
      <div className="kv">
        <dt>Phone</dt>
        <dd>
          {num(view.ms.x)} m, {num(view.ms.y)} m ({num(d)} m from {view.stations[0]?.label ?? 'the base'})
        </dd>
      </div>
      {Object.entries(view.captions ?? {}).map(([k, v]) => (
        <div className="kv" key={k}>
          <dt>{k}</dt>
          <dd data-caption={k}>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Link toggles (ui.md "Bearer / channel panel"): a system that lets the user release and re-add
 * link n declares a live boolean key `link<n>` (PHS: link1 … link6); the toggle sends it. Systems
 * with one fixed link show the link's state and counters only.
 */
function LinkToggles({ view, system }: { view: SystemView | null; system: SystemId }) {
  const change = useLab((s) => s.change);
  const scenario = useLab((s) => s.scenario);
  const applied = useLab((s) => s.scenario?.events.filter((e) => e.t <= s.simTime + 1e-9).length ?? 0);
  const values = useMemo(
    () => effectiveValues({ scenario, simTime: scenario?.events[applied - 1]?.t ?? 0 }),
    [scenario, applied],
  );
  const keys = useMemo(
    () => new Set((schemaFor(system) ?? []).filter((p) => p.kind === 'bool' && p.live).map((p) => p.key)),
    [system],
  );
  if (!view || view.links.length === 0) return null;
  return (
    <ul className="links" aria-label="Links and bearers">
      {view.links.map((l) => {
        const key = `link${l.n}`;
        const toggles = keys.has(key);
        const on = toggles ? values[key] !== false : l.state !== 'down';
        return (
          <li key={l.n} className={`link link-${l.state}`}>
            <button
              type="button"
              data-testid={`link-${l.n}`}
              aria-pressed={on}
              disabled={!toggles}
              title={
                toggles
                  ? `Release or re-add link ${l.n} from this moment on`
                  : 'This system has one fixed link'
              }
              onClick={() => toggles && void change(key, on ? '0' : '1')}
            >
              Link {l.n}: <span className="state-word">{on ? l.state : `released (${l.state})`}</span>
            </button>
            {l.counters && (
              <span className="counters">
                {Object.entries(l.counters)
                  .map(([k, v]) => `${k} ${num(v)}`)
                  .join(' · ')}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The map (one of the two large elements), its captions and the link toggles. */
export function MapPanel({ theme }: { theme: 'light' | 'dark' }) {
  const view = useLab((s) => s.systemView);
  const system = useLab((s) => s.system);
  return (
    <section className="panel map-panel" aria-labelledby="map-title">
      <h2 id="map-title">Map</h2>
      <p className="muted small">Drag the phone, or focus it and use the arrow keys (Shift: further).</p>
      <div data-testid="map" className="map">
        <ErrorBoundary area="map">
          <MapCanvas theme={theme} />
        </ErrorBoundary>
      </div>
      <Captions view={view} />
      <LinkToggles view={view} system={system} />
    </section>
  );
}
