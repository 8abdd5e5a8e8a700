import type { ReactNode } from 'react';

/** One labelled field of the exercise editor, with an optional hint under it. */
export function Field({
  label,
  children,
  hint,
  className,
}: {
  label: string;
  children: ReactNode;
  hint?: string;
  className?: string;
}) {
  return (
    <label className={`field editor-field${className ? ` ${className}` : ''}`}>
      <span>{label}</span>
      {children}
      {hint && <span className="muted small">{hint}</span>}
    </label>
  );
}
