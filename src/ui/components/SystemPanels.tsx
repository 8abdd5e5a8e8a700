import type { ComponentType } from 'react';
import type { SystemId } from '../../engine/scenario/types';
import { useLab } from '../hooks/use-lab';
import { ErrorBoundary } from './ErrorBoundary';
import { GSM_PANELS } from '../systems/gsm';
import { PiafsMonitorPanel } from '../systems/phs';

/** A system's own panel (e.g. the PIAFS monitor table), shown while that system runs. */
export interface SystemPanel {
  readonly id: string;
  readonly title: string;
  readonly Component: ComponentType;
}

/**
 * The plug-in point for per-system panels (src/ui/systems/<id>): a system lists its panels
 * here; the page shows them, collapsible, under the charts.
 */
export const SYSTEM_PANELS: Partial<Record<SystemId, readonly SystemPanel[]>> = {
  gsm: GSM_PANELS,
  phs: [{ id: 'phs-monitor', title: 'PIAFS monitor (the study’s Figure 2)', Component: PiafsMonitorPanel }],
};

export function SystemPanels() {
  const system = useLab((s) => s.system);
  const panels = SYSTEM_PANELS[system] ?? [];
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
