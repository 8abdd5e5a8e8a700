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
import { RunHistory } from './RunHistory';
import { BaselineBar } from './BaselineBar';
import { ExplainPanel } from './ExplainPanel';
import { PacketView } from './PacketView';
import { SystemPanels } from './SystemPanels';
import { Tour } from './Tour';
import { StepCaption } from './StepCaption';
import { PageModeContext, usePresent, useShownPanels } from '../page/page-mode';
import type { ThemeName } from '../theme/palette';
import type { PanelId } from '../../state/page-view';

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

type Shown = (id: PanelId) => boolean;

/** The two large elements: the map, and the sequence graph with the summary under it (above the fold). */
function Stage({ shown, theme }: { shown: Shown; theme: ThemeName }) {
  const stageMain = shown('seq') || shown('baseline') || shown('explain') || shown('summary');
  if (!shown('map') && !stageMain) return null;
  return (
    <div className={`stage${shown('map') && stageMain ? '' : ' single'}`}>
      {shown('map') && <MapPanel theme={theme} />}
      {/* The summary under the sequence graph: the figures beside the picture, above the fold. */}
      {stageMain && (
        <div className="stage-main">
          {shown('seq') && <SeqChart theme={theme} />}
          {shown('baseline') && (
            <ErrorBoundary area="baseline">
              <BaselineBar />
            </ErrorBoundary>
          )}
          {shown('explain') && (
            <ErrorBoundary area="explanation">
              <ExplainPanel theme={theme} />
            </ErrorBoundary>
          )}
          {shown('summary') && (
            <ErrorBoundary area="summary">
              <SummaryPanel />
            </ErrorBoundary>
          )}
        </div>
      )}
    </div>
  );
}

/** The main column: preset, packet view, secondary charts, the system's panels, comparison, history, sweep. */
function MainColumn({
  shown,
  theme,
  present,
  exercises,
}: {
  shown: Shown;
  theme: ThemeName;
  present: boolean;
  exercises: boolean;
}) {
  return (
    <div className="col-main">
      {shown('preset') && (
        <ErrorBoundary area="preset">
          <PresetInfo />
        </ErrorBoundary>
      )}
      {shown('packets') && (
        <ErrorBoundary area="packet view">
          <PacketView theme={theme} />
        </ErrorBoundary>
      )}
      <SecondaryCharts theme={theme} />
      {shown('system') && <SystemPanels />}
      {present && <StepCaption />}
      {present && exercises && (
        <ErrorBoundary area="exercises">
          <ExercisePanel />
        </ErrorBoundary>
      )}
      {shown('compare') && (
        <ErrorBoundary area="comparison">
          <ComparePart theme={theme} />
        </ErrorBoundary>
      )}
      {shown('history') && (
        <ErrorBoundary area="run history">
          <RunHistory />
        </ErrorBoundary>
      )}
      {shown('sweep') && (
        <ErrorBoundary area="sweep">
          <SweepPart theme={theme} />
        </ErrorBoundary>
      )}
    </div>
  );
}

/** The side column: exercises first (short, and what a class opens), then the long parameter list, then export. */
function SideColumn({ shown, exercises }: { shown: Shown; exercises: boolean }) {
  return (
    <aside className="col-side" aria-label="Parameters, exercises and export">
      {exercises && (
        <ErrorBoundary area="exercises">
          <ExercisePanel />
        </ErrorBoundary>
      )}
      {shown('params') && (
        <ErrorBoundary area="parameter panel">
          <ParamPanel />
        </ErrorBoundary>
      )}
      {shown('export') && <ExportPanel />}
    </aside>
  );
}

/**
 * The lab (ui.md "Layout"): header with pickers; playback; the map and the sequence
 * graph as the two large elements; parameters, summary, secondary charts, preset
 * figures, sweep, exercises and export around them (secondary, collapsible).
 *
 * Issue 24: a link's `panels=` keeps only the panels it names (page-view.ts); the embed page
 * (`embed`) has no header, tour or footer; presenter mode (`present=1`) keeps the playback's main
 * buttons, sets text and charts large and puts everything in one column, the activity and its
 * step's caption under the charts.
 */
export function App({ embed = false }: { embed?: boolean }) {
  const theme = useResolvedTheme();
  const present = usePresent();
  const shown = useShownPanels(embed);
  const openExercise = useLab((s) => s.view.exercise !== null || s.view.authored !== null);
  const exercises = shown('exercises') || openExercise;
  const side = (exercises && !present) || (shown('params') && !present) || (shown('export') && !present);
  const bare = embed || present;
  return (
    <PageModeContext.Provider value={embed ? EMBED : LAB}>
      <div
        className={`lab${present ? ' present' : ''}${embed ? ' embed' : ''}`}
        data-theme={theme}
        data-testid="lab"
      >
        <a className="skip" href="#main">
          Skip to the lab
        </a>
        {bare ? <h1 className="sr-only">Wireless TCP Lab</h1> : <Header theme={theme} />}
        {!bare && <Tour />}
        <ErrorBanner />
        <main id="main">
          <PlaybackBar reduced={present} />
          <StatusLine />
          <ExerciseNotice />
          <Stage shown={shown} theme={theme} />
          {shown('system') && <SystemPanels place="stage" />}
          <div className={`columns${side ? '' : ' single'}`}>
            <MainColumn shown={shown} theme={theme} present={present} exercises={exercises} />
            {side && <SideColumn shown={shown} exercises={exercises} />}
          </div>
        </main>
        {!bare && (
          <footer className="muted small">
            Wireless TCP Lab — a deterministic, frame-by-frame simulator. Same scenario and seed, same run:
            share the link.
          </footer>
        )}
      </div>
    </PageModeContext.Provider>
  );
}

const LAB = { embed: false } as const;
const EMBED = { embed: true } as const;
