import { useLab } from '../hooks/use-lab';
import { labPlugin } from '../systems';
import { ErrorBoundary } from './ErrorBoundary';

/** The running system's own panels (its lab plug-in's) placed at `place`, collapsible. */
export function SystemPanels({ place = 'charts' }: { place?: 'stage' | 'charts' }) {
  const system = useLab((s) => s.system);
  const panels = (labPlugin(system)?.panels ?? []).filter((p) => (p.place ?? 'charts') === place);
  return (
    <>
      {panels.map(({ id, title, Component }) => (
        <details
          key={`${system}-${id}`}
          className={`panel system-panel system-panel-${place}`}
          data-testid={`panel-${id}`}
          open
        >
          <summary>{title}</summary>
          <ErrorBoundary area={title}>
            <Component />
          </ErrorBoundary>
        </details>
      ))}
    </>
  );
}
