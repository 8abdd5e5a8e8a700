import { useMemo } from 'react';
import { SEED_PARAM, schemaFor } from '../../engine/scenario/schema';
import type { ParamGroup, ParamSpec, ParamValue } from '../../engine/scenario/types';
import { paramNote } from './param-notes';
import { effectiveValues } from '../../state/store';
import { useLab } from '../hooks/use-lab';
import { ParamInput } from './ParamInput';

const GROUPS: readonly { id: ParamGroup; title: string; open: boolean }[] = [
  { id: 'radio', title: 'Radio', open: true },
  { id: 'link', title: 'Link layer', open: true },
  { id: 'tcp', title: 'TCP', open: false },
  { id: 'workload', title: 'Workload', open: false },
  { id: 'run', title: 'Run', open: false },
  { id: 'map', title: 'Map position', open: false },
];

/**
 * Every key of the running system's schema, grouped, each with its unit, range and
 * tooltip. Says which keys apply live (recorded in the URL as timed changes) and
 * which restart the run.
 */
export function ParamPanel() {
  const system = useLab((s) => s.system);
  const scenario = useLab((s) => s.scenario);
  // Re-render only when another recorded event comes into force, not on every frame.
  const applied = useLab((s) => s.scenario?.events.filter((e) => e.t <= s.simTime + 1e-9).length ?? 0);
  const simTime = useLab((s) => s.scenario?.events[applied - 1]?.t ?? 0);
  const change = useLab((s) => s.change);
  const settle = useLab((s) => s.settle);
  const lastChange = useLab((s) => s.lastChange);
  const values = useMemo(() => effectiveValues({ scenario, simTime }), [scenario, simTime]);
  const specs = useMemo(() => {
    const list: ParamSpec[] = [...(schemaFor(system) ?? [])];
    list.push(SEED_PARAM);
    return list;
  }, [system]);
  // Settles once the change is in the store: an input shows what it sent until then (ParamField).
  const onChange = (key: string, text: string) => change(key, text).then(() => settle());
  return (
    <section className="panel params" aria-labelledby="params-title">
      <h2 id="params-title">Parameters</h2>
      <p className="muted small">
        <span className="badge live">applies live</span> keys change from this moment on and are recorded in
        the link; <span className="badge restart">restarts the run</span> keys start the run again.
        {lastChange && (
          <span role="status">
            {' '}
            Last change: <code>{lastChange.key}</code>{' '}
            {lastChange.applied === 'live' ? 'applied live' : 'restarted the run'}.
          </span>
        )}
      </p>
      {GROUPS.map((g) => {
        const inGroup = specs.filter((s) => s.group === g.id);
        if (inGroup.length === 0) return null;
        return (
          <details key={g.id} open={g.open} className="param-group">
            <summary>{g.title}</summary>
            {inGroup.map((spec) => (
              <ParamInput
                key={spec.key}
                spec={spec}
                value={values[spec.key] as ParamSpec['default'] | undefined}
                onChange={onChange}
                note={paramNote(specs, spec.key, values as Record<string, ParamValue | undefined>)}
              />
            ))}
          </details>
        );
      })}
    </section>
  );
}
