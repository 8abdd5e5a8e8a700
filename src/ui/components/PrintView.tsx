/**
 * The printable sheets of an activity (issue 23 items 2 and 4): the student handout (instructions
 * and questions, no answers), the teacher's answer key (the same with every answer computed by the
 * simulation, answer-key.ts) and a student's results. Shown in place of the lab — a page of its own
 * with Print and Close — and printed through the print style sheet (app.css `@media print`), which
 * prints the sheet alone; Chromium's PDF output of it is what e2e/activity-print.spec.ts reads.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { systemName } from '../../engine/scenarios';
import { DEFAULT_VIEW, buildUrl } from '../../state/url-codec';
import { maxPoints, pointsOf, type Activity } from '../exercises/activity';
import { computeKey, keyAnswer, type KeyTruths } from '../exercises/answer-key';
import { durationText, stepTimes } from '../exercises/progress';
import { useProgress } from '../exercises/progress-store';
import { shippedActivities } from '../exercises/open-activity';
import { useLabStore } from '../hooks/use-lab';
import { ResultsTable, scoreText } from './ActivityResults';
import { Markdown } from './Markdown';

export type SheetKind = 'handout' | 'key' | 'results';

const TITLES: Record<SheetKind, string> = {
  handout: 'Student handout',
  key: 'Answer key',
  results: 'Results',
};

const pts = (n: number) => `${n} point${n === 1 ? '' : 's'}`;

/** The link that opens the activity, when it is short enough to copy from paper (a shipped one's). */
function paperLink(a: Activity): string | null {
  const shipped = shippedActivities().activities.includes(a);
  const view = { ...DEFAULT_VIEW, exercise: a.id, authored: shipped ? null : a };
  const link = `${window.location.origin}${buildUrl(window.location.pathname, a.steps[0].scenario ?? '', view)}`;
  return link.length <= 300 ? link : null;
}

/** The handout, or with `truths` the answer key. */
function StepsSheet({ a, truths }: { a: Activity; truths: KeyTruths | null }) {
  return (
    <>
      {a.steps.map((s, i) => (
        <section key={i} className="sheet-step">
          <h2>
            Step {i + 1}: {s.title}
          </h2>
          <Markdown text={s.text} />
          {s.locks && (
            <p className="small">
              Locked in this step: {s.locks.map((l) => `${l.key} (${l.reason})`).join('; ')}.
            </p>
          )}
          {(s.checks ?? []).map((c, j) => {
            const key = `${i + 1}.${j + 1}`;
            return (
              <div key={j} className="sheet-question">
                <p>
                  <strong>Question {key}</strong> ({pts(pointsOf(c))}): {c.question}
                </p>
                {truths === null ? (
                  c.answer.kind === 'number' ? (
                    <p className="sheet-blank">
                      Answer: <span className="sheet-line" aria-hidden="true" />
                      {c.answer.unit ?? ''}
                    </p>
                  ) : (
                    <p className="sheet-blank">Show it in the lab: “Check my run” checks your run.</p>
                  )
                ) : (
                  <>
                    <p className="sheet-answer" data-testid={`sheet-answer-${key}`}>
                      Answer: {keyAnswer(c, truths[key])}
                    </p>
                    {c.hint && (
                      <p className="small">
                        Hint{c.hintCost ? ` (costs ${pts(c.hintCost)})` : ''}: {c.hint}
                      </p>
                    )}
                    {c.explanation && <p className="small">Why: {c.explanation}</p>}
                  </>
                )}
              </div>
            );
          })}
        </section>
      ))}
    </>
  );
}

function ResultsSheet({ a }: { a: Activity }) {
  const p = useProgress(a);
  const now = Date.now();
  const total = stepTimes(p, now).reduce((x, y) => x + y, 0);
  return (
    <>
      <p>
        Student: <strong>{p.name || '—'}</strong> · started {new Date(p.started).toLocaleString()}
      </p>
      <p>
        Score: <strong>{scoreText(a, p)}</strong> · time spent {durationText(total)}
      </p>
      <ResultsTable a={a} p={p} now={now} />
    </>
  );
}

/**
 * While the sheet is open: the page behind it hidden (`print-open`), focus on its heading, Escape
 * closes it; closed, focus goes back to what opened it.
 */
function useSheetFocus(heading: RefObject<HTMLHeadingElement | null>, onClose: () => void): void {
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    opener.current = document.activeElement;
    document.body.classList.add('print-open');
    heading.current?.focus();
    const esc = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', esc);
    return () => {
      document.removeEventListener('keydown', esc);
      document.body.classList.remove('print-open');
      (opener.current as HTMLElement | null)?.focus?.();
    };
  }, [onClose, heading]);
}

/** For the key, the answers computed by the simulation, with what is being computed (null once done). */
function useKeyTruths(a: Activity, kind: SheetKind) {
  const store = useLabStore();
  const [truths, setTruths] = useState<KeyTruths | null>(null);
  const [computing, setComputing] = useState<string | null>(kind === 'key' ? 'Computing the answers…' : null);
  useEffect(() => {
    if (kind !== 'key') return;
    let live = true;
    computeKey(store, a, (done, total) => {
      if (live) setComputing(`Computing the answers: ${done} of ${total} questions…`);
    })
      .then((t) => {
        if (!live) return;
        setTruths(t);
        setComputing(null);
      })
      .catch((err: unknown) => {
        if (live)
          setComputing(`Could not compute the answers: ${err instanceof Error ? err.message : String(err)}`);
      });
    return () => {
      live = false;
    };
  }, [kind, a, store]);
  return { truths, computing };
}

/** The sheet's head: what it is, the activity's title, its size, a name line on the handout, and its link. */
function SheetHeader({
  a,
  kind,
  heading,
}: {
  a: Activity;
  kind: SheetKind;
  heading: RefObject<HTMLHeadingElement | null>;
}) {
  const system = systemName(a.system) ?? a.system;
  const link = kind === 'handout' ? paperLink(a) : null;
  return (
    <header>
      <p className="sheet-kind">
        {TITLES[kind]} · Wireless TCP Lab · {system}
      </p>
      <h1 id="sheet-title" tabIndex={-1} ref={heading}>
        {a.title}
      </h1>
      {kind !== 'results' && (
        <p className="small">
          {a.steps.length} step{a.steps.length === 1 ? '' : 's'} · {pts(maxPoints(a))}
        </p>
      )}
      {kind === 'handout' && (
        <p className="sheet-name">
          Name: <span className="sheet-line" aria-hidden="true" /> Date:{' '}
          <span className="sheet-line short" aria-hidden="true" />
        </p>
      )}
      {link && (
        <p className="small">
          Open it in the lab: <span className="sheet-link">{link}</span>
        </p>
      )}
    </header>
  );
}

export function PrintView({ a, kind, onClose }: { a: Activity; kind: SheetKind; onClose(): void }) {
  const heading = useRef<HTMLHeadingElement | null>(null);
  useSheetFocus(heading, onClose);
  const { truths, computing } = useKeyTruths(a, kind);
  const ready = computing === null;
  return createPortal(
    <div className="print-view" data-testid="print-view" data-kind={kind} data-ready={String(ready)}>
      <div className="print-bar" role="toolbar" aria-label="Print">
        <button
          type="button"
          className="primary"
          data-testid="print-now"
          disabled={!ready}
          onClick={() => window.print()}
        >
          Print or save as PDF
        </button>
        <button type="button" data-testid="print-close" onClick={onClose}>
          Back to the lab
        </button>
        {computing && (
          <span role="status" className="small">
            {computing}
          </span>
        )}
      </div>
      <article className="sheet" aria-labelledby="sheet-title">
        <SheetHeader a={a} kind={kind} heading={heading} />
        {kind !== 'results' && a.intro && <Markdown text={a.intro} />}
        {kind === 'results' ? (
          <ResultsSheet a={a} />
        ) : (
          (kind === 'handout' || truths) && <StepsSheet a={a} truths={kind === 'key' ? truths : null} />
        )}
      </article>
    </div>,
    document.body,
  );
}
