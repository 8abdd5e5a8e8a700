import type { ReactNode } from 'react';

/** One labelled figure of a summary list (`<dl className="figures">`). */
export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="kv">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
