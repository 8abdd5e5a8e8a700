/**
 * The cross-layer drill-down (issue 12 item 1): the TCP event picked on the sequence graph,
 * explained from the layers below — the one sentence that names the cause, the chain on one time
 * axis, the chain as text (layer by layer, each item with its time), and the `npm run sim`
 * command that prints the same chain. The explanation is the engine's (analysis/explain) with the
 * system's link explainer (its SystemDefinition's `explain`), read from the page's traces.
 */
import { useEffect, useMemo, useRef, type RefObject } from 'react';
import {
  explainArgument,
  explainQuery,
  explanationLines,
  itemTime,
  userActions,
  type Explanation,
  type TcpEventKind,
} from '../../engine/analysis/explain';
import { systemInfo } from '../../engine/systems/catalog';
import { traceReaderOf } from '../../state/explain-reader';
import type { EventSelection } from '../../state/types';
import { useHiddenPolicy, type HiddenPolicy } from '../exercises/hidden';
import { useLab, useLabStore } from '../hooks/use-lab';
import { ExplainTimeline } from './ExplainTimeline';

/** The explanation of a selection, or why there is none. */
function useExplanation(
  sel: EventSelection | null,
  policy: HiddenPolicy,
): { e: Explanation } | { error: string } | null {
  const traces = useLab((s) => s.traces);
  const all = useLab((s) => s.sources);
  // While an open exercise hides a figure, the explanation is told without the sources that record
  // its values (the RTO in force at a timeout), and a link explainer that would print the figure
  // itself leaves it out (DECT's stretch without any bearer): it then leaves that figure out, and
  // only that.
  const sources = useMemo(() => all.filter((s) => !policy.values(s.name)), [all, policy]);
  const system = useLab((s) => s.system);
  // The scenario as it runs, timed changes (drags, toggles) included: the chain names the student's own.
  const scenario = useLab((s) => s.scenario);
  // While the run plays, explain from the traces as they were when the event was picked; once it
  // pauses or ends, from everything recorded (a datagram may have arrived since).
  const status = useLab((s) => s.status);
  const settled = status !== 'playing';
  const version = useLab((s) => s.traceVersion);
  const key = settled ? version : -1;
  return useMemo(() => {
    if (!sel) return null;
    const reader = traceReaderOf(traces, sources);
    const kind: TcpEventKind = sel.kind ?? 'retransmission';
    const info = systemInfo(system);
    const actions = info && scenario ? userActions(scenario, info.params, info.frameNs) : [];
    const r = explainQuery(
      reader,
      { t: Math.round(sel.t * 1e9), kind, conn: sel.conn, seq: sel.seq },
      info?.explain ?? null,
      actions,
      policy.paths,
    );
    return 'error' in r ? r : { e: r.explanation };
    // `traces` changes with every batch; `key` says when a new batch should be read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sel, sources, policy, system, scenario, key]);
}

/** A new pick by keyboard moves focus to the explanation's heading, so a screen reader reads it next. */
function useFocusOnKeyboardPick(
  sel: EventSelection | null,
  heading: RefObject<HTMLHeadingElement | null>,
): void {
  const lastSel = useRef<EventSelection | null>(null);
  useEffect(() => {
    if (sel && sel !== lastSel.current && document.activeElement?.classList.contains('tcp-event-key'))
      heading.current?.focus();
    lastSel.current = sel;
  }, [sel, heading]);
}

/** The chain, layer by layer: each layer's moments in time order. */
function ExplainChain({ e }: { e: Explanation }) {
  return (
    <div className="explain-chain" data-testid="explain-chain">
      {e.layers.map((l) => (
        <section key={l.name} className="explain-layer" aria-label={l.name}>
          <h3>{l.name}</h3>
          <ol>
            {l.items.map((it, k) => (
              <li key={k} data-tone={it.tone}>
                <span className="explain-time">{itemTime(it)}</span> {it.text}
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}

/** The same chain from the command line: the command, and what it prints. */
function ExplainCli({ e, text }: { e: Explanation; text: string }) {
  const command = `npm run sim -- "${text}" --explain ${explainArgument(e.event)}`;
  return (
    <details className="explain-cli">
      <summary>The same chain from the command line</summary>
      <code className="small" data-testid="explain-command">
        {command}
      </code>
      <pre data-testid="explain-text">{explanationLines(e).join('\n')}</pre>
    </details>
  );
}

/** The explanation's title, and buttons to zoom the charts to its span and to close it. */
function ExplainHead({
  e,
  heading,
  close,
}: {
  e: Explanation;
  heading: RefObject<HTMLHeadingElement | null>;
  close(): void;
}) {
  const store = useLabStore();
  const zoom = (): void => {
    const [a, b] = e.span;
    const pad = Math.max(0.2, (b - a) / 1e9 / 10);
    store.getState().setDomain([Math.max(0, a / 1e9 - pad), b / 1e9 + pad]);
  };
  return (
    <div className="explain-head">
      <h2 id="explain-title" ref={heading} tabIndex={-1} data-testid="explain-title">
        Why? {e.title}
      </h2>
      <span className="explain-actions">
        <button type="button" className="small" onClick={zoom} data-testid="explain-zoom">
          Zoom the charts to it
        </button>
        <button type="button" className="small" onClick={close} aria-label="Close the explanation">
          Close
        </button>
      </span>
    </div>
  );
}

export function ExplainPanel({ theme }: { theme: 'light' | 'dark' }) {
  const sel = useLab((s) => s.selection);
  const text = useLab((s) => s.text);
  const store = useLabStore();
  const policy = useHiddenPolicy();
  const result = useExplanation(sel, policy);
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnKeyboardPick(sel, heading);

  if (!sel || !result) {
    return (
      <p className="explain-hint muted small" data-testid="explain-hint">
        Why did it happen? Click a retransmission ◆, timeout ▼, duplicate ACK ■ or stall bar on the sequence
        graph — or Tab to the events, move with the arrow keys and press Enter — to see the layers below
        explain it.
      </p>
    );
  }
  const close = (): void => store.getState().setSelection(null);
  if ('error' in result) {
    return (
      <section className="panel explain" aria-labelledby="explain-title" data-testid="explain-panel">
        <h2 id="explain-title" ref={heading} tabIndex={-1}>
          Why?
        </h2>
        <p data-testid="explain-cause" aria-live="polite">
          Nothing to explain here: {result.error}.
        </p>
        <button type="button" onClick={close}>
          Close
        </button>
      </section>
    );
  }
  const e = result.e;
  return (
    <section className="panel explain" aria-labelledby="explain-title" data-testid="explain-panel">
      <ExplainHead e={e} heading={heading} close={close} />
      <p className="explain-cause" data-testid="explain-cause" aria-live="polite">
        <strong>{e.cause}</strong>
      </p>
      <ExplainTimeline e={e} theme={theme} />
      <ExplainChain e={e} />
      {e.notes.map((n) => (
        <p key={n} className="muted small">
          Note: {n}
        </p>
      ))}
      {policy.sources.length > 0 && (
        <p className="muted small" data-testid="explain-hidden-note">
          While the exercise is open, the figures it hides are left out of the explanations.
        </p>
      )}
      <ExplainCli e={e} text={text} />
    </section>
  );
}
