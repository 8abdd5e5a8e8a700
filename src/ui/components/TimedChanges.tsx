import { useMemo } from 'react';
import type { ParamSpec, ScenarioEvent } from '../../engine/scenario/types';
import { formatValue } from '../../engine/scenario/values';
import { useLab } from '../hooks/use-lab';
import { seconds } from '../format';

/** Most items listed before "and N more" (the share link holds them all). */
const SHOWN = 8;

/**
 * Where a key's shown value came from, when the run holds timed changes of it: the latest one
 * in force at `simTime` ("changed at 12.5 s"), or the first still to come. Null for a key whose
 * value is its plain starting value.
 */
export function timedNote(events: readonly ScenarioEvent[], key: string, simTime: number): string | null {
  const own = events.filter((e) => e.key === key);
  if (own.length === 0) return null;
  const inForce = own.filter((e) => e.t <= simTime + 1e-9).pop();
  const more = own.length > 1 ? ` (${own.length} timed changes)` : '';
  if (inForce) return `changed at ${seconds(inForce.t)} — replayed on Restart${more}`;
  return `starting value; changes at ${seconds(own[0].t)} — replayed on Restart${more}`;
}

/** The badge beside a parameter whose value comes from a timed change (`data-testid="timed-<key>"`). */
export function TimedBadge({ note, paramKey }: { note: string | null; paramKey: string }) {
  if (!note) return null;
  return (
    <p className="timed-note small" data-testid={`timed-${paramKey}`}>
      <span className="badge timed">timed</span> {note}
    </p>
  );
}

/**
 * The run's timed changes (the link's `events`): what Restart replays, and a way to drop them
 * all while keeping the starting values.
 */
export function TimedChanges({ specs }: { specs: readonly ParamSpec[] }) {
  const events = useLab((s) => s.scenario?.events);
  const clear = useLab((s) => s.clearTimedChanges);
  const byKey = useMemo(() => new Map(specs.map((p) => [p.key, p])), [specs]);
  if (!events || events.length === 0) return null;
  const shown = events.slice(0, SHOWN);
  return (
    <section className="timed-changes" aria-labelledby="timed-title" data-testid="timed-changes">
      <h3 id="timed-title" className="small">
        Timed changes of this run ({events.length}) — Restart replays them
      </h3>
      <ul className="small">
        {shown.map((e, i) => {
          const spec = byKey.get(e.key);
          return (
            <li key={i}>
              {seconds(e.t)}: <code>{e.key}</code> = {spec ? formatValue(spec, e.value) : String(e.value)}
              {spec ? <span className="muted"> ({spec.label})</span> : null}
            </li>
          );
        })}
        {events.length > SHOWN && <li className="muted">and {events.length - SHOWN} more</li>}
      </ul>
      <button type="button" data-testid="clear-timed" onClick={() => void clear()}>
        Clear timed changes
      </button>{' '}
      <span className="muted small">keeps the starting values and starts again from 0 s.</span>
    </section>
  );
}
