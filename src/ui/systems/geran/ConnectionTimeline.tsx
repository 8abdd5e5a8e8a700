/**
 * The connection timeline of a page download (geran.md "Views"): HTTP/1.0 opens one connection
 * per object, so a 19-image page is 19 lanes — SYN (○), request (▷), first response byte (■),
 * FIN (|) and a failed connection (✕ in the error colour), with the bar from SYN to FIN. It shows
 * the download running (the last one when the run repeats the page). Symbols as well as colours
 * (ui.md), and the counts in words.
 */
import { HIDDEN_TEXT, useHidden } from '../../exercises/hidden';
import { useLab } from '../../hooks/use-lab';
import { useSvgScale } from '../../hooks/use-svg-scale';
import { CHART_STYLE } from '../../theme/chart-style';
import { LANE_PX, RequestMark, ResponseMark, StartMark, TimeRules } from '../../components/lane-timeline';
import { endOf, lastDownloadRows, type ConnectionRow } from './connections';

const LANE = LANE_PX;

/** One connection's lane: the bar from SYN to FIN (or now), and its moments. */
function ConnectionLane({
  r,
  k,
  x,
  now,
}: {
  r: ConnectionRow;
  k: number;
  x(t: number): number;
  now: number;
}) {
  const y = k * LANE + 2;
  const mid = y + LANE / 2;
  const end = endOf(r, now);
  const bad = Number.isFinite(r.failure);
  return (
    <g data-connection={r.conn} data-object={r.object + 1} data-failed={bad ? 1 : 0}>
      <title>{`object ${r.object + 1} (connection ${r.conn}): ${(end - r.syn).toFixed(2)} s${bad ? ', failed' : Number.isFinite(r.fin) ? '' : ' (running)'}`}</title>
      <text x={34} y={mid + 4} fontSize={CHART_STYLE.tickFontPx} textAnchor="end" fill="var(--muted)">
        {r.object + 1}
      </text>
      <rect
        x={x(r.syn)}
        y={y + 3}
        width={Math.max(1, x(end) - x(r.syn))}
        height={LANE - 6}
        fill={bad ? 'var(--error)' : Number.isFinite(r.fin) ? 'var(--good)' : 'var(--idle)'}
        opacity="0.35"
      />
      <StartMark x={x(r.syn)} y={y} />
      {Number.isFinite(r.request) ? <RequestMark x={x(r.request)} y={y} /> : null}
      {Number.isFinite(r.response) ? <ResponseMark x={x(r.response)} y={y} /> : null}
      {Number.isFinite(r.fin) ? (
        <line x1={x(r.fin)} x2={x(r.fin)} y1={y + 1} y2={y + LANE - 1} stroke="var(--ink)" strokeWidth="2" />
      ) : null}
      {bad ? (
        <path
          className="connection-failure"
          d={`M${x(r.failure) - 4},${mid - 4} l8,8 m0,-8 l-8,8`}
          stroke="var(--error)"
          strokeWidth="2.5"
        />
      ) : null}
    </g>
  );
}

/** The timeline for given rows (exported for tests). */
export function Connections({ rows, now }: { rows: readonly ConnectionRow[]; now: number }) {
  // The count of failed connections in words is `tcp.connectFailures` for one download.
  const hideFailed = useHidden()('tcp.connectFailures');
  // Laid out 600 wide; presenter mode (use-svg-scale.ts) at the drawn width over its scale.
  const { ref, width: W, scale } = useSvgScale(600);
  if (rows.length === 0) return <p className="muted">No connection yet: press play.</p>;
  const t0 = Math.min(...rows.map((r) => r.syn).filter(Number.isFinite));
  const t1 = Math.max(t0 + 1, ...rows.map((r) => endOf(r, now)));
  const span = t1 - t0;
  const x = (t: number): number => 40 + ((t - t0) / span) * (W - 50);
  const H = rows.length * LANE + 20;
  const failed = rows.filter((r) => Number.isFinite(r.failure)).length;
  const done = rows.filter((r) => Number.isFinite(r.fin)).length;
  const step = niceStep(span);
  const ticks: number[] = [];
  for (let s = Math.ceil(t0 / step) * step; s <= t1; s += step) ticks.push(s);
  return (
    <figure
      className="geran-connections"
      data-testid="geran-connections"
      data-rows={rows.length}
      data-failed={failed}
      data-download={rows[0].download + 1}
    >
      <figcaption>
        Download {rows[0].download + 1}: {rows.length} connection{rows.length === 1 ? '' : 's'} ({done}{' '}
        closed, {hideFailed ? `failed ones ${HIDDEN_TEXT}` : `${failed} failed`}), {span.toFixed(1)} s from
        the first SYN.
      </figcaption>
      <svg
        ref={ref}
        viewBox={`0 0 ${W} ${H}`}
        width="100%"
        height={H * scale}
        role="img"
        aria-label="connections of the download"
      >
        <TimeRules times={ticks} x={x} height={H} digits={step < 1 ? 1 : 0} />
        {rows.map((r, k) => (
          <ConnectionLane key={r.conn} r={r} k={k} x={x} now={now} />
        ))}
      </svg>
      <p className="muted small">
        ○ SYN · ▷ request (GET) · ■ first response byte · | FIN · ✕ connection failed
      </p>
    </figure>
  );
}

/** A tick step of 1, 2 or 5 × 10^k giving about six ticks. */
function niceStep(span: number): number {
  const raw = span / 6;
  const mag = Math.pow(10, Math.floor(Math.log10(raw)));
  const m = raw / mag;
  return (m < 1.5 ? 1 : m < 3.5 ? 2 : 5) * mag;
}

/** The panel: live rows from `app.http`, the download running. */
export function ConnectionPanel() {
  const data = useLab((s) => s.traces['app.http']);
  useLab((s) => s.traceVersion);
  const simTime = useLab((s) => s.simTime);
  return <Connections rows={lastDownloadRows(data)} now={simTime} />;
}
