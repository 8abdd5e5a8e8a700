import { Suspense, useState, type ComponentType } from 'react';
import { useLab } from '../hooks/use-lab';
import { labPlugin } from '../systems';
import { ErrorBoundary } from './ErrorBoundary';

/**
 * One panel, open at first; closed, its component is unmounted and draws nothing (as the charts do).
 * A plug-in's panel components are chunks of their own (issue 13: only the system on screen downloads
 * its views); a line holds the place while one loads.
 */
function Panel({
  id,
  title,
  Component,
  place,
}: {
  id: string;
  title: string;
  Component: ComponentType;
  place: string;
}) {
  const [open, setOpen] = useState(true);
  return (
    <details
      className={`panel system-panel system-panel-${place}`}
      data-testid={`panel-${id}`}
      open={open}
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>{title}</summary>
      {open && (
        <ErrorBoundary area={title}>
          <Suspense
            fallback={
              <p className="muted small lazy-loading" role="status">
                Loading…
              </p>
            }
          >
            <Component />
          </Suspense>
        </ErrorBoundary>
      )}
    </details>
  );
}

/** The running system's own panels (its lab plug-in's) placed at `place`, collapsible. */
export function SystemPanels({ place = 'charts' }: { place?: 'stage' | 'charts' }) {
  const system = useLab((s) => s.system);
  const panels = (labPlugin(system)?.panels ?? []).filter((p) => (p.place ?? 'charts') === place);
  return (
    <>
      {panels.map((p) => (
        <Panel key={`${system}-${p.id}`} id={p.id} title={p.title} Component={p.Component} place={place} />
      ))}
    </>
  );
}
