import type { ReactNode } from 'react';
import { HIDDEN_TEXT, useHidden } from '../exercises/hidden';

/**
 * One figure of a summary list (`<dl className="figures">`). `paths` are the summary paths it
 * shows: while an open exercise hides any of them, the row says so instead of giving the answer away.
 */
export function Row({
  label,
  paths = [],
  children,
}: {
  label: string;
  paths?: readonly string[];
  children: ReactNode;
}) {
  const hidden = useHidden();
  const hide = paths.some(hidden);
  return (
    <div className="kv" data-hidden={hide ? 'true' : undefined}>
      <dt>{label}</dt>
      <dd>{hide ? <span className="muted">{HIDDEN_TEXT}</span> : children}</dd>
    </div>
  );
}

/**
 * One figure inside a row that shows several (the bearer's rate beside the goodput): hidden by
 * itself while an open exercise hides its path, so the rest of the row stays readable.
 */
export function Part({ path, children }: { path: string; children: ReactNode }) {
  const hidden = useHidden();
  return hidden(path) ? <span className="muted">({HIDDEN_TEXT})</span> : <>{children}</>;
}
