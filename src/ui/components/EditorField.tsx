import type { ReactNode } from 'react';

/** One labelled field of the exercise editor, with an optional hint under it. */
export function Field({ label, children, hint }: { label: string; children: ReactNode; hint?: string }) {
  return (
    <label className="field editor-field">
      <span>{label}</span>
      {children}
      {hint && <span className="muted small">{hint}</span>}
    </label>
  );
}
