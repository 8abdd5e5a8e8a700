/**
 * The slot/carrier grid of each RFP (dect.md "Views"), redrawn with every view the engine sends
 * (each animation frame while playing; at full speed at each commit): which physical channels are
 * free, seen interfered by the TCP user's channel list, held by background terminals, by the TCP
 * user, and by the TCP user in handover. Each grid is a canvas with its figures in words
 * (`aria-label`, and a list of the TCP user's channels for screen readers) and in data attributes
 * for tests: `data-testid="dect-grid-<rfp>"`, `data-serving`, `data-tcp`, `data-handover`,
 * `data-background`, `data-interfered`, `data-free`, `data-cells` (the 120 codes).
 */
import { useEffect, useRef } from 'react';
import { chartScale, observeResize } from '../../charts/host-size';
import { useLab } from '../../hooks/use-lab';
import { useResolvedTheme } from '../../hooks/use-theme';
import { drawGrid, drawSwatch } from './grid-canvas';
import { CELL_KINDS, CELL_WORDS, gridWords, rfpGrids, type CellKind, type RfpGrid } from './grid-cells';
import './dect.css';

const dpr = (): number => (typeof window !== 'undefined' ? window.devicePixelRatio || 1 : 1);

function GridCanvas({ grid, theme }: { grid: RfpGrid; theme: 'light' | 'dark' }) {
  const host = useRef<HTMLDivElement | null>(null);
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const latest = useRef({ grid, theme });
  latest.current = { grid, theme };
  // The host's width, read when it is measured (mount, resize) and never while the page is being
  // updated: reading layout in an update forces the browser to lay the page out there and then.
  const width = useRef(0);
  // Presenter mode's magnification, read with the width (never during an update).
  const scale = useRef(1);
  const drawn = useRef('');
  const cells = Array.from(grid.codes).join('');
  const draw = (force: boolean): void => {
    const c = canvas.current;
    const key = `${cells}|${theme}|${width.current}|${scale.current}`;
    if (!c || width.current <= 0 || (!force && key === drawn.current)) return;
    drawn.current = key;
    drawGrid(c, latest.current.grid, width.current, latest.current.theme, dpr(), scale.current);
  };
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    width.current = el.clientWidth || 300;
    scale.current = chartScale(el);
    draw(true);
    return observeResize(el, () => {
      width.current = el.clientWidth || 300;
      scale.current = chartScale(el);
      draw(true);
    });
    // Mount only: later draws come from the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // Redraw only when a cell or the theme changed (at 1× most frames change nothing).
  useEffect(() => draw(false));
  const c = grid.counts;
  return (
    <figure
      className={`dect-grid${grid.serving ? ' serving' : ''}`}
      data-testid={`dect-grid-${grid.id}`}
      data-serving={String(grid.serving)}
      data-tcp={c.tcp + c.handover}
      data-handover={c.handover}
      data-background={c.background}
      data-interfered={c.interfered}
      data-free={c.free}
      data-cells={cells}
    >
      <figcaption>
        <strong>{grid.label}</strong>
        {grid.serving ? ' — serving the TCP user' : ''}
        <span className="small muted counts">
          TCP user {c.tcp + c.handover}
          {c.handover > 0 ? ` (${c.handover} in handover)` : ''} · background {c.background}
          {grid.serving ? ` · interfered ${c.interfered}` : ''} · free {c.free}
        </span>
      </figcaption>
      <div className="dect-grid-host" ref={host}>
        <canvas ref={canvas} role="img" aria-label={gridWords(grid)} aria-describedby={`${grid.id}-tcp`} />
      </div>
      <p className="sr-only" id={`${grid.id}-tcp`}>
        {grid.tcpChannels.length > 0
          ? `The TCP user's channels on ${grid.label}: ${grid.tcpChannels.join('; ')}.`
          : `The TCP user holds no channel on ${grid.label}.`}
      </p>
    </figure>
  );
}

function Swatch({ kind, theme }: { kind: CellKind; theme: 'light' | 'dark' }) {
  const ref = useRef<HTMLCanvasElement | null>(null);
  useEffect(() => {
    if (ref.current) drawSwatch(ref.current, kind, theme, dpr());
  }, [kind, theme]);
  return <canvas ref={ref} aria-hidden="true" />;
}

/** The three grids side by side (stacked on a narrow screen) and their legend. */
export function SlotGrids() {
  const view = useLab((s) => s.systemView);
  const theme = useResolvedTheme();
  const grids = rfpGrids(view);
  if (grids.length === 0) return <p className="muted">No grid yet: the engine is starting.</p>;
  return (
    <div className="dect-grids-panel">
      <p className="small muted">
        One cell per physical channel: 12 duplex slot pairs across (slot), 10 carriers down (carrier). Every
        RFP can use all 120. Interfered is what the TCP user&apos;s own channel list says of idle channels of
        its serving RFP, as it last looked (at set-up, on entering a handover and every 30 frames during one):
        between looks it goes stale.
      </p>
      <ul className="dect-grid-legend" aria-label="Grid legend">
        {CELL_KINDS.map((k) => (
          <li key={k}>
            <Swatch kind={k} theme={theme} /> {CELL_WORDS[k]}
          </li>
        ))}
      </ul>
      <div className="dect-grids">
        {grids.map((g) => (
          <GridCanvas key={g.id} grid={g} theme={theme} />
        ))}
      </div>
    </div>
  );
}
