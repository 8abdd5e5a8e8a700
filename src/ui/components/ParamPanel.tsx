import { useMemo } from 'react';
import { SEED_PARAM, schemaFor } from '../../engine/scenarios';
import type { ParamGroup, ParamSpec, ParamValue } from '../../engine/scenario/types';
import { labPlugin } from '../systems';
import { paramNote } from './param-notes';
import { effectiveValues } from '../../state/store';
import { lockOn } from '../../state/locks';
import { useLab } from '../hooks/use-lab';
import { ParamInput } from './ParamInput';
import { RemedyPicker } from './RemedyPicker';
import { TimedBadge, TimedChanges, timedNote } from './TimedChanges';

const GROUPS: readonly { id: ParamGroup; title: string; open: boolean }[] = [
  { id: 'radio', title: 'Radio', open: true },
  { id: 'link', title: 'Link layer', open: true },
  { id: 'tcp', title: 'TCP', open: false },
  { id: 'workload', title: 'Workload', open: false },
  { id: 'run', title: 'Run', open: false },
  { id: 'map', title: 'Map position', open: false },
];

const LAST_CHANGE = {
  live: 'is a timed change from now on',
  restart: 'set the starting value; the run is back at 0 s',
  unchanged: 'already had that value',
} as const;

/**
 * Every key of the running system's schema, grouped, each with its unit, range and
 * tooltip. Says which keys apply live and which restart the run, marks a value that
 * came from a timed change, and lists the run's timed changes (TimedChanges).
 */
export function ParamPanel() {
  const system = useLab((s) => s.system);
  const plugin = labPlugin(system);
  const scenario = useLab((s) => s.scenario);
  // Re-render only when another recorded event comes into force, not on every frame.
  const applied = useLab((s) => s.scenario?.events.filter((e) => e.t <= s.simTime + 1e-9).length ?? 0);
  const simTime = useLab((s) => s.scenario?.events[applied - 1]?.t ?? 0);
  const change = useLab((s) => s.change);
  const settle = useLab((s) => s.settle);
  const lastChange = useLab((s) => s.lastChange);
  const locks = useLab((s) => s.locks);
  const events = useMemo(() => scenario?.events ?? [], [scenario]);
  const values = useMemo(() => effectiveValues({ scenario, simTime }), [scenario, simTime]);
  const specs = useMemo(() => {
    const list: ParamSpec[] = [...(schemaFor(system) ?? [])];
    list.push(SEED_PARAM);
    return list;
  }, [system]);
  // An enum key whose options carry notes (the `remedy` key) gets the Remedies picker of its own.
  const picked = specs.find((s) => s.kind === 'enum' && s.optionNotes !== undefined);
  // Settles once the change is in the store: an input shows what it sent until then (ParamField).
  const onChange = (key: string, text: string) => change(key, text).then(() => settle());
  return (
    <section className="panel params" aria-labelledby="params-title">
      <h2 id="params-title">Parameters</h2>
      <p className="muted small">
        Before Play or after the run has finished, a change sets the starting value and the run starts again
        from 0 s. During a run (playing or paused), <span className="badge live">applies live</span> keys
        change from that moment on, as a <span className="badge timed">timed</span> change that the link
        records and Restart replays; <span className="badge restart">restarts the run</span> keys start the
        run again.
        {lastChange && (
          <span role="status">
            {' '}
            Last change: <code>{lastChange.key}</code> {LAST_CHANGE[lastChange.applied]}.
          </span>
        )}
      </p>
      <TimedChanges specs={specs} />
      {picked && (
        <details open className="param-group" data-testid="remedies">
          <summary>Remedies</summary>
          <RemedyPicker
            system={system}
            spec={picked}
            value={String(values[picked.key])}
            onChange={onChange}
          />
        </details>
      )}
      {GROUPS.map((g) => {
        const inGroup = specs.filter((s) => s.group === g.id && s !== picked);
        if (inGroup.length === 0) return null;
        return (
          <details key={g.id} open={g.open} className="param-group">
            <summary>{g.title}</summary>
            {inGroup.map((spec) => (
              <div key={spec.key} className="param-slot">
                <ParamInput
                  spec={spec}
                  value={values[spec.key] as ParamSpec['default'] | undefined}
                  onChange={onChange}
                  note={paramNote(plugin, spec.key, values as Record<string, ParamValue | undefined>)}
                  locked={lockOn(locks, spec.key)?.reason}
                />
                <TimedBadge note={timedNote(events, spec.key, simTime)} paramKey={spec.key} />
              </div>
            ))}
          </details>
        );
      })}
    </section>
  );
}
