import { useEffect, useMemo, useState } from 'react';
import { schemaFor } from '../../engine/scenarios';
import { mergeScenario } from '../../state/sweep';
import type { TraceData } from '../../state/trace-buffers';
import { createSeqChart } from '../charts/seq-chart';
import type { ChartView } from '../charts/types';
import { useChart, type ChartFactory } from '../hooks/use-chart';
import { useLab, useLabStore } from '../hooks/use-lab';
import { num } from '../format';

function CompareChart({ data, view }: { data: TraceData; view: ChartView }) {
  const store = useLabStore();
  const host = useChart(
    createSeqChart as ChartFactory,
    data,
    view,
    {
      title: 'Sequence numbers of the compared run',
      onDomainChange: (d) => store.getState().setDomain(d),
    },
    'compare',
  );
  return <div className="chart-host" ref={host} data-testid="chart-compare" />;
}

/**
 * Compare (ui.md): the same scenario and seed with one key changed, run to its end in its own
 * worker; its sequence-number graph is drawn under the same time axis and zoom as the live one.
 */
export function ComparePanel({ theme }: { theme: 'light' | 'dark' }) {
  const system = useLab((s) => s.system);
  const text = useLab((s) => s.text);
  const domain = useLab((s) => s.view.domain);
  const simTime = useLab((s) => s.simTime);
  const store = useLabStore();
  const keys = useMemo(() => (schemaFor(system) ?? []).filter((p) => p.kind !== 'timedList'), [system]);
  const [key, setKey] = useState('idle');
  const [value, setValue] = useState('inf');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ data: TraceData; canonical: string; errors: string[] } | null>(null);
  useEffect(() => setResult(null), [system]);
  const spec = keys.find((k) => k.key === key) ?? keys[0];
  // The live run's time axis; before the live run has started, the compared run's own length.
  const end = useMemo(() => {
    let t = 0;
    for (const s of Object.values(result?.data ?? {})) if (s.length > 0) t = Math.max(t, s.t[s.length - 1]);
    return t;
  }, [result]);
  const view = useMemo<ChartView>(
    () => ({ domain, simTime: simTime > 0 ? simTime : end, theme, selection: null }),
    [domain, simTime, end, theme],
  );
  const run = async () => {
    if (!spec) return;
    setBusy(true);
    try {
      const base = text
        .split('&')
        .filter((seg) => !seg.startsWith('events='))
        .join('&');
      // The store's jobs slice runs it in an engine of its own (spawned through its dependencies).
      setResult(
        await store.getState().runTraced('compare', mergeScenario(base, `${spec.key}=${value.trim()}`)),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <details className="panel compare" data-testid="compare">
      <summary>Compare with one key changed</summary>
      <form
        className="sweep-form"
        onSubmit={(e) => {
          e.preventDefault();
          void run();
        }}
      >
        <label className="field inline">
          <span>Key</span>
          <select value={spec?.key ?? ''} onChange={(e) => setKey(e.target.value)} data-testid="compare-key">
            {keys.map((k) => (
              <option key={k.key} value={k.key}>
                {k.label}
              </option>
            ))}
          </select>
        </label>
        <label className="field inline">
          <span>Value{spec?.unit ? ` (${spec.unit})` : ''}</span>
          <input
            value={value}
            onChange={(e) => setValue(e.target.value)}
            size={8}
            data-testid="compare-value"
          />
        </label>
        <button type="submit" className="primary" disabled={busy || !spec} data-testid="compare-run">
          {busy ? 'Running…' : 'Run the comparison'}
        </button>
      </form>
      {result && (
        <>
          <p className="small">
            Compared run: <code>{result.canonical}</code> (same seed; shown to its end, {num(view.simTime, 0)}{' '}
            s of the live run on the shared axis).
          </p>
          {result.errors.length > 0 && (
            <ul className="muted small">
              {result.errors.map((m, i) => (
                <li key={i}>{m}</li>
              ))}
            </ul>
          )}
          <CompareChart data={result.data} view={view} />
        </>
      )}
    </details>
  );
}
