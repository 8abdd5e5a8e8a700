/**
 * The parts of the lab a plain first visit does not show, loaded apart from the page's first
 * script (issue 13, browser side): the sweep panel (its form, chart, CSV and image exports), the A/B
 * comparison, and the exercise editor. Each is a chunk of its own (`import()`), so the first chart
 * point waits only for the page, the map, the sequence graph and the engine.
 *
 * When a part loads: at once when the link asks for it (`#sweep=…`, `#compare=…`), when the user
 * opens it (the editor and the comparison are closed `<details>`: opening one loads its body, and
 * pointing at or focusing its summary starts the download), and otherwise once the engine is ready
 * and the browser is idle, so it is there before anyone scrolls to it. Until then a one-line stand-in
 * holds its place, with its heading, so nothing jumps when it arrives (ui.md "Layout").
 */
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useLab } from '../hooks/use-lab';

const loadSweep = () => import('./SweepPanel');
const loadCompare = () => import('./ComparePanel');
const loadEditor = () => import('./ExerciseEditor');

const SweepPanelBody = lazy(() => loadSweep().then((m) => ({ default: m.SweepPanel })));
const CompareBody = lazy(() => loadCompare().then((m) => ({ default: m.CompareBody })));
const EditorForm = lazy(() => loadEditor().then((m) => ({ default: m.ExerciseEditorForm })));

/** Longest wait for an idle moment after the engine is ready before loading anyway, ms. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * True once the engine has answered and the page has had an idle moment (or `IDLE_TIMEOUT_MS`
 * passed): the time to load what is below the first screen without holding the first result up.
 */
function useIdleAfterReady(): boolean {
  const started = useLab((s) => s.status !== 'starting');
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!started || idle) return;
    const w = window as Window & {
      requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number;
      cancelIdleCallback?: (id: number) => void;
    };
    if (w.requestIdleCallback && w.cancelIdleCallback) {
      const id = w.requestIdleCallback(() => setIdle(true), { timeout: IDLE_TIMEOUT_MS });
      const cancel = w.cancelIdleCallback;
      return () => cancel(id);
    }
    const t = setTimeout(() => setIdle(true), 0);
    return () => clearTimeout(t);
  }, [started, idle]);
  return idle;
}

/** The line that holds a part's place while its code loads. */
function Loading({ what }: { what: string }) {
  return (
    <p className="muted small lazy-loading" role="status">
      Loading {what}…
    </p>
  );
}

/** The sweep panel: its heading at once, its body from its own chunk. */
export function SweepPart({ theme }: { theme: 'light' | 'dark' }) {
  const linked = useLab((s) => s.view.sweep !== null && s.view.sweep !== undefined);
  const idle = useIdleAfterReady();
  const stand = (
    <section className="panel sweep" aria-labelledby="sweep-title">
      <h2 id="sweep-title">Sweep</h2>
      <Loading what="the sweep panel" />
    </section>
  );
  if (!linked && !idle) return stand;
  return (
    <Suspense fallback={stand}>
      <SweepPanelBody theme={theme} />
    </Suspense>
  );
}

/**
 * A closed `<details>` whose body loads when it is first opened (or `want` says so): the summary
 * is there from the start, so the page keeps its height and the keyboard reaches it at once.
 */
function LazyDetails({
  className,
  testId,
  title,
  open,
  loading,
  preload,
  children,
}: {
  className: string;
  testId: string;
  title: string;
  /** Open from the start (the link holds what it shows). */
  open?: boolean;
  /** What the loading line names. */
  loading: string;
  preload: () => Promise<unknown>;
  children: ReactNode;
}) {
  const [opened, setOpened] = useState(false);
  const show = opened || open === true;
  return (
    <details
      className={className}
      data-testid={testId}
      open={open ? true : undefined}
      onToggle={(e) => {
        if ((e.currentTarget as HTMLDetailsElement).open) setOpened(true);
      }}
    >
      <summary onPointerEnter={() => void preload()} onFocus={() => void preload()}>
        {title}
      </summary>
      {show && <Suspense fallback={<Loading what={loading} />}>{children}</Suspense>}
    </details>
  );
}

/** The A/B comparison (ComparePanel.tsx): open, and loaded, when the link holds one. */
export function ComparePart({ theme }: { theme: 'light' | 'dark' }) {
  const compare = useLab((s) => s.view.compare);
  const linked = compare !== null && compare !== undefined && compare.length > 0;
  return (
    <LazyDetails
      className="panel compare"
      testId="compare"
      title="Compare A/B on one realisation"
      open={linked}
      loading="the comparison"
      preload={loadCompare}
    >
      <CompareBody theme={theme} />
    </LazyDetails>
  );
}

/**
 * "Write an activity" (ExerciseEditor.tsx): one question as an exercise, or steps of an activity;
 * the form loads when a teacher opens it.
 */
export function ExerciseEditorPart() {
  return (
    <LazyDetails
      className="exercise-editor"
      testId="exercise-editor"
      title="Write an activity"
      loading="the editor"
      preload={loadEditor}
    >
      <EditorForm />
    </LazyDetails>
  );
}
