import { useId, useState, type Dispatch, type SetStateAction } from 'react';
import { PANEL_IDS, PANEL_TITLES, parseOrigin, type PanelId } from '../../state/page-view';
import { useLab, useLabStore } from '../hooks/use-lab';
import { embedCode, hostingProblem } from '../page/embed-code';
import { viewForLink } from '../presets/modified';

/** The panels ticked at first: the link's, else the map, the sequence graph, the open charts and the summary. */
function firstPanels(
  panels: readonly PanelId[] | null | undefined,
  charts: readonly string[],
  exercise: boolean,
) {
  if (panels) return panels;
  const out: PanelId[] = ['map', 'seq', 'summary'];
  for (const c of charts)
    if (c !== 'seq' && (PANEL_IDS as readonly string[]).includes(c)) out.push(c as PanelId);
  if (exercise) out.push('exercises');
  return PANEL_IDS.filter((p) => out.includes(p));
}

/** The panels the course page shows: one box a panel, in page order. */
function PanelChoice({
  panels,
  setPanels,
}: {
  panels: readonly PanelId[];
  setPanels: Dispatch<SetStateAction<readonly PanelId[]>>;
}) {
  return (
    <fieldset>
      <legend>Panels the course page shows</legend>
      {PANEL_IDS.map((p) => (
        <label key={p} className="check-row">
          <input
            type="checkbox"
            data-testid={`embed-panel-${p}`}
            checked={panels.includes(p)}
            onChange={(e) =>
              setPanels((now) => PANEL_IDS.filter((x) => (x === p ? e.target.checked : now.includes(x))))
            }
          />{' '}
          <span>{PANEL_TITLES[p]}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** The code to paste, and a button that copies it (saying whether it could). */
function CodeOut({ code }: { code: string }) {
  const [copied, setCopied] = useState('');
  return (
    <>
      <label className="field">
        <span>Embed code</span>
        <textarea
          readOnly
          rows={5}
          data-testid="embed-code"
          value={code}
          onFocus={(e) => e.target.select()}
        />
      </label>
      <p>
        <button
          type="button"
          data-testid="embed-copy"
          onClick={() =>
            void navigator.clipboard.writeText(code).then(
              () => setCopied('Embed code copied.'),
              () => setCopied('Could not copy: select the code and copy it.'),
            )
          }
        >
          Copy embed code
        </button>{' '}
        <span role="status" className="small">
          {copied}
        </span>
      </p>
    </>
  );
}

/**
 * "Make an embed code" (issue 24): the panels to show, the course page that may receive an
 * activity's results, and the `<iframe>` to paste into it, for the scenario and view on screen.
 */
export function EmbedCodeMaker() {
  const store = useLabStore();
  const view = useLab((s) => s.view);
  const [panels, setPanels] = useState<readonly PanelId[]>(() =>
    firstPanels(view.panels, view.charts, view.exercise !== null),
  );
  const [origin, setOrigin] = useState('');
  const id = useId();
  const courseOrigin = origin.trim() === '' ? null : parseOrigin(origin.trim());
  const originBad = origin.trim() !== '' && courseOrigin === null;
  const s = store.getState();
  const input = {
    labHref: window.location.href,
    scenarioText: s.text,
    view: viewForLink({ view, system: s.system, text: s.text }),
    panels,
    courseOrigin,
    width: 960,
    height: 720,
  };
  const problem = hostingProblem(input.labHref, courseOrigin);
  return (
    <details className="embed-maker" data-testid="embed-maker">
      <summary>Make an embed code</summary>
      <PanelChoice panels={panels} setPanels={setPanels} />
      <label className="field">
        <span>Course page that receives an activity’s results (optional)</span>
        <input
          type="url"
          data-testid="embed-origin"
          placeholder="https://course.example.edu"
          value={origin}
          aria-invalid={originBad}
          aria-describedby={originBad ? `${id}-err` : undefined}
          onChange={(e) => setOrigin(e.target.value)}
        />
      </label>
      {originBad && (
        <p id={`${id}-err`} className="error small" role="alert" data-testid="embed-origin-error">
          Not an origin: write the course page’s https://host[:port], without a path.
        </p>
      )}
      {problem && (
        <p className="error small" data-testid="embed-hosting">
          {problem}
        </p>
      )}
      <CodeOut code={embedCode(input)} />
    </details>
  );
}
