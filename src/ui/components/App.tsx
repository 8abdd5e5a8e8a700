import { useResolvedTheme } from '../hooks/use-theme';
import { useLab } from '../hooks/use-lab';
import { SecondaryCharts, SeqChart } from './Charts';
import { ErrorBanner } from './ErrorBanner';
import { ErrorBoundary } from './ErrorBoundary';
import { ExercisePanel } from './ExercisePanel';
import { ExerciseNotice } from './ExerciseNotice';
import { ExportPanel } from './ExportPanel';
import { Header } from './Header';
import { MapPanel } from './MapPanel';
import { ParamPanel } from './ParamPanel';
import { PlaybackBar } from './PlaybackBar';
import { PresetInfo } from './PresetInfo';
import { SummaryPanel } from './SummaryPanel';
import { ComparePart, SweepPart } from './lazy-parts';
import { ExplainPanel } from './ExplainPanel';
import { SystemPanels } from './SystemPanels';
import { Tour } from './Tour';

function StatusLine() {
  const status = useLab((s) => s.status);
  const text =
    status === 'starting'
      ? 'Starting the engine…'
      : status === 'failed'
        ? 'The run cannot continue (see above).'
        : '';
  return (
    <p className="status-line" role="status" data-status={status}>
      {text}
    </p>
  );
}

/**
 * The lab (ui.md "Layout"): header with pickers; playback; the map and the sequence
 * graph as the two large elements; parameters, summary, secondary charts, preset
 * figures, sweep, exercises and export around them (secondary, collapsible).
 */
export function App() {
  const theme = useResolvedTheme();
  return (
    <div className="lab" data-theme={theme}>
      <a className="skip" href="#main">
        Skip to the lab
      </a>
      <Header theme={theme} />
      <Tour />
      <ErrorBanner />
      <main id="main">
        <PlaybackBar />
        <StatusLine />
        <ExerciseNotice />
        <div className="stage">
          <MapPanel theme={theme} />
          {/* The summary under the sequence graph: the figures beside the picture, above the fold. */}
          <div className="stage-main">
            <SeqChart theme={theme} />
            <ErrorBoundary area="explanation">
              <ExplainPanel theme={theme} />
            </ErrorBoundary>
            <ErrorBoundary area="summary">
              <SummaryPanel />
            </ErrorBoundary>
          </div>
        </div>
        <SystemPanels place="stage" />
        <div className="columns">
          <div className="col-main">
            <ErrorBoundary area="preset">
              <PresetInfo />
            </ErrorBoundary>
            <SecondaryCharts theme={theme} />
            <SystemPanels />
            <ErrorBoundary area="comparison">
              <ComparePart theme={theme} />
            </ErrorBoundary>
            <ErrorBoundary area="sweep">
              <SweepPart theme={theme} />
            </ErrorBoundary>
          </div>
          <aside className="col-side" aria-label="Parameters, exercises and export">
            {/* Exercises first: short, and what a class opens; the long parameter list follows. */}
            <ErrorBoundary area="exercises">
              <ExercisePanel />
            </ErrorBoundary>
            <ErrorBoundary area="parameter panel">
              <ParamPanel />
            </ErrorBoundary>
            <ExportPanel />
          </aside>
        </div>
      </main>
      <footer className="muted small">
        Wireless TCP Lab — a deterministic, frame-by-frame simulator. Same scenario and seed, same run: share
        the link.
      </footer>
    </div>
  );
}
