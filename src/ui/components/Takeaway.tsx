import { useMemo } from 'react';
import type { Summary } from '../../engine/scenario/summary';
import { HIDDEN_TEXT, useHidden } from '../exercises/hidden';
import { labPlugin } from '../systems';
import { takeaway } from '../takeaway/compose';

/**
 * The run's takeaway (issue 25 item 3): once the run has ended, two or three sentences naming its
 * main effect, each from its own summary figures (ui/takeaway/). A sentence that reads a figure an
 * open exercise hides is not shown until the exercise is answered.
 */
export function Takeaway({ summary }: { summary: Summary }) {
  const hidden = useHidden();
  const sentences = useMemo(() => takeaway(summary, labPlugin(summary.system)?.takeaway), [summary]);
  if (sentences.length === 0) return null;
  const shown = sentences.filter((s) => !s.reads.some(hidden));
  return (
    <section className="takeaway" aria-labelledby="takeaway-title" data-testid="takeaway">
      <h3 id="takeaway-title">What this run shows</h3>
      {shown.map((s) => (
        <p key={s.rule} data-rule={s.rule}>
          {s.text}
        </p>
      ))}
      {shown.length < sentences.length && (
        <p className="muted small" data-testid="takeaway-hidden">
          {shown.length === 0 ? 'The takeaway is' : 'Part of the takeaway is'} {HIDDEN_TEXT}.
        </p>
      )}
    </section>
  );
}
