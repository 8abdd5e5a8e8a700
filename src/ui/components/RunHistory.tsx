import { useEffect, useRef, useState } from 'react';
import { formatValue } from '../../engine/scenario/values';
import { paramSpec, parseScenario, systemName } from '../../engine/scenarios';
import type { SystemId } from '../../engine/scenario/types';
import { changedKeys, checkChange, type CompareChange } from '../../state/ab-compare';
import type { HistoryEntry } from '../../state/run-history';
import { HISTORY_MAX } from '../../state/run-history';
import { HIDDEN_TEXT, useHidden } from '../exercises/hidden';
import { seconds } from '../format';
import { useLab, useLabStore } from '../hooks/use-lab';
import type { LabStore } from '../../state/store';
import { COMMON_HEADLINE, historyEntry, runHistory, useRunHistory } from '../history/history-store';
import { COMMON_COLUMNS, headlineLabel, historyFigure } from '../history/figures';
import { captionScenario } from './caption-scenario';
import { PinButton } from './BaselineBar';

/** "14:02:31": when a run ended, in the reader's own clock. */
function clock(at: number): string {
  const d = new Date(at);
  return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}

/** Record each run that reaches its end (its scenario text and summary then). */
function useRecordRuns(): void {
  const done = useLab((s) => s.done);
  const summary = useLab((s) => s.summary);
  const text = useLab((s) => s.text);
  const recorded = useRef<unknown>(null);
  useEffect(() => {
    if (!done || !summary || !text || recorded.current === summary) return;
    recorded.current = summary;
    runHistory.getState().record(historyEntry(text, summary, Date.now()));
  }, [done, summary, text]);
}

/** B's changes that turn `a`'s run into `b`'s, and what A/B cannot carry over, in words. */
export function pairChanges(a: HistoryEntry, b: HistoryEntry): { changes: CompareChange[]; notes: string[] } {
  const notes: string[] = [];
  if (a.seed !== b.seed)
    notes.push(
      `B runs with A’s seed (${a.seed}), not its own (${b.seed}): A/B keeps one realisation of the channel.`,
    );
  const bs = parseScenario(b.text).scenario;
  const as = parseScenario(a.text).scenario;
  if (JSON.stringify(as.events) !== JSON.stringify(bs.events))
    notes.push(
      'B keeps A’s timed changes, but for the keys it changes: its own timed changes are not carried over.',
    );
  const changes: CompareChange[] = [];
  for (const key of changedKeys(a.text, b.text)) {
    const spec = paramSpec(bs.system, key);
    if (!spec) continue;
    const c = checkChange(bs.system, key, formatValue(spec, bs.values[key] as never));
    if (c.ok) changes.push(c.change);
  }
  return { changes, notes };
}

/** Load a run of the history as the live run (no preset, no comparison, the whole time axis). */
async function reopen(store: LabStore, e: HistoryEntry): Promise<void> {
  store.getState().setView({ preset: null, domain: null, compare: null });
  await store.getState().load(e.text);
}

/** Why two runs cannot open as A/B (another system, or no key to change), else B's changes from A. */
function checkPair(
  a: HistoryEntry,
  b: HistoryEntry,
): { wrong: string } | { changes: CompareChange[]; notes: string[] } {
  if (a.system !== b.system)
    return {
      wrong: `A/B compares two runs of one system: these are ${systemName(a.system as SystemId)} and ${systemName(b.system as SystemId)}.`,
    };
  const pair = pairChanges(a, b);
  if (pair.changes.length === 0)
    return {
      wrong: 'These two runs have the same keys: there is nothing for B to change. Reopen either to see it.',
    };
  return pair;
}

/** What opening two runs as A/B said: B's changes, or why they cannot open. */
interface PairNote {
  kind: 'ok' | 'wrong';
  lines: string[];
}

/** Open two runs (newest first) as A/B, the older as A, when they can be. */
async function openAsAB(store: LabStore, [b, a]: readonly HistoryEntry[]): Promise<PairNote> {
  const pair = checkPair(a, b);
  if ('wrong' in pair) return { kind: 'wrong', lines: [pair.wrong] };
  const { changes, notes } = pair;
  await reopen(store, a);
  store.getState().setView({ compare: changes });
  return {
    kind: 'ok',
    lines: [`Opened as A/B below: B changes ${changes.map((c) => c.key).join(', ')}.`, ...notes],
  };
}

function PairNoteView({ note }: { note: PairNote }) {
  return (
    <div
      className={`small ${note.kind === 'wrong' ? 'result wrong' : ''}`}
      role="status"
      data-testid="history-pair-note"
    >
      {note.lines.map((l) => (
        <p key={l}>{l}</p>
      ))}
    </div>
  );
}

/** The table's column heads: tick, time, scenario, the common figures, the system's own, actions. */
function HistoryHead() {
  return (
    <thead>
      <tr>
        <th scope="col">A/B</th>
        <th scope="col">Ended</th>
        <th scope="col">Scenario</th>
        {COMMON_COLUMNS.map((c) => (
          <th scope="col" key={c.path}>
            {c.label}
          </th>
        ))}
        <th scope="col">The system’s own</th>
        <th scope="col">
          <span className="sr-only">Actions</span>
        </th>
      </tr>
    </thead>
  );
}

/** One run of the history: its tick, when it ended, its scenario, its figures (hidden ones withheld), Reopen and Pin. */
function HistoryRow({
  e,
  i,
  ticked,
  hidden,
  onTick,
  onReopen,
}: {
  e: HistoryEntry;
  i: number;
  ticked: boolean;
  hidden: (path: string) => boolean;
  onTick(on: boolean): void;
  onReopen(): void;
}) {
  const own = Object.keys(e.figures).filter((p) => !(COMMON_HEADLINE as readonly string[]).includes(p));
  const id = `history-run-${i}`;
  return (
    <tr data-testid="history-row">
      <td>
        <input
          type="checkbox"
          aria-labelledby={id}
          data-testid="history-tick"
          checked={ticked}
          onChange={(ev) => onTick(ev.currentTarget.checked)}
        />
      </td>
      <td>{clock(e.at)}</td>
      <th scope="row" id={id} className="history-scenario">
        {systemName(e.system as SystemId)}, seed {e.seed}, {seconds(e.simTime)}
        <br />
        <code title={e.text}>{captionScenario(e.text)}</code>
      </th>
      {COMMON_COLUMNS.map((c) => (
        <td key={c.path} data-path={c.path}>
          {hidden(c.path) ? (
            <span className="muted">{HIDDEN_TEXT}</span>
          ) : (
            historyFigure(e.system, c.path, e.figures[c.path])
          )}
        </td>
      ))}
      <td className="small history-own-cell">
        {own.map((p) => (
          <span key={p} className="history-own" data-path={p}>
            {headlineLabel(e.system, p)}:{' '}
            {hidden(p) ? (
              <span className="muted">{HIDDEN_TEXT}</span>
            ) : (
              historyFigure(e.system, p, e.figures[p])
            )}
          </span>
        ))}
      </td>
      <td className="history-actions">
        <button type="button" className="small" data-testid="history-reopen" onClick={onReopen}>
          Reopen
        </button>
        <PinButton text={e.text} label={`the run of ${clock(e.at)}`} />
      </td>
    </tr>
  );
}

/** The runs, newest first, in a table that scrolls sideways on a narrow page. */
function HistoryTable({
  entries,
  ticked,
  hidden,
  onTick,
  onReopen,
}: {
  entries: readonly HistoryEntry[];
  ticked: readonly number[];
  hidden: (path: string) => boolean;
  onTick(at: number, on: boolean): void;
  onReopen(e: HistoryEntry): void;
}) {
  return (
    <div className="history-scroll" tabIndex={0} role="region" aria-label="Runs of the history">
      <table className="history-table">
        <HistoryHead />
        <tbody>
          {entries.map((e, i) => (
            <HistoryRow
              key={e.at}
              e={e}
              i={i}
              ticked={ticked.includes(e.at)}
              hidden={hidden}
              onTick={(on) => onTick(e.at, on)}
              onReopen={() => onReopen(e)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The run history (issue 25 item 1): the last runs played to their end in this browser, newest
 * first, with their main figures. Any one reopens; any two of one system open as A/B in the
 * Compare panel (the older as A); one click clears it. Nothing leaves the browser.
 */
export function RunHistory() {
  useRecordRuns();
  const store = useLabStore();
  const entries = useRunHistory((s) => s.entries);
  const problem = useRunHistory((s) => s.problem);
  const hidden = useHidden();
  const [ticked, setTicked] = useState<readonly number[]>([]);
  const [pairNote, setPairNote] = useState<PairNote | null>(null);
  // Ticks name runs by their time: a new run moves the rows, not the ticks.
  const tickedEntries = entries.filter((e) => ticked.includes(e.at));

  const openPair = async () => {
    if (tickedEntries.length !== 2) return;
    const note = await openAsAB(store, tickedEntries);
    setPairNote(note);
    if (note.kind === 'ok')
      document.querySelector('[data-testid="compare"]')?.scrollIntoView({ block: 'start' });
  };

  return (
    <details className="panel run-history" data-testid="run-history">
      <summary>
        Run history{entries.length > 0 ? ` (${entries.length} of the last ${HISTORY_MAX})` : ''}
      </summary>
      <p className="small muted">
        The last {HISTORY_MAX} runs played to their end, kept in this browser only (nothing is sent anywhere).
      </p>
      {problem && (
        <p className="result wrong small" role="status" data-testid="history-problem">
          {problem}
        </p>
      )}
      {entries.length === 0 ? (
        <p className="muted small">No run has reached its end yet.</p>
      ) : (
        <HistoryTable
          entries={entries}
          ticked={ticked}
          hidden={hidden}
          onTick={(at, on) => {
            setPairNote(null);
            setTicked((t) => (on ? [...t.filter((x) => x !== at), at].slice(-2) : t.filter((x) => x !== at)));
          }}
          onReopen={(e) => void reopen(store, e)}
        />
      )}
      <p className="sweep-actions">
        <button
          type="button"
          className="primary"
          data-testid="history-ab"
          disabled={tickedEntries.length !== 2}
          onClick={() => void openPair()}
        >
          Open the two ticked as A/B
        </button>{' '}
        <button
          type="button"
          data-testid="history-clear"
          disabled={entries.length === 0 && !problem}
          onClick={() => {
            runHistory.getState().clear();
            setTicked([]);
            setPairNote(null);
          }}
        >
          Clear the history
        </button>
      </p>
      {pairNote && <PairNoteView note={pairNote} />}
    </details>
  );
}
