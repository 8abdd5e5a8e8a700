import { useLab } from '../hooks/use-lab';
import { labPlugin } from '../systems';
import { ErrorBoundary } from './ErrorBoundary';

/** The running system's own panels (its lab plug-in's), collapsible, under the charts. */
export function SystemPanels() {
  const system = useLab((s) => s.system);
  const panels = labPlugin(system)?.panels ?? [];
  return (
    <>
      {panels.map(({ id, title, Component }) => (
        <details key={`${system}-${id}`} className="panel system-panel" data-testid={`panel-${id}`} open>
          <summary>{title}</summary>
          <ErrorBoundary area={title}>
            <Component />
          </ErrorBoundary>
        </details>
      ))}
    </>
  );
}
