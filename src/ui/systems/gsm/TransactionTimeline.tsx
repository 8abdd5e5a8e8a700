/**
 * The rr / crr transaction timeline (gsm.md "Views"): one lane per transaction over the last
 * minute of the run — connect (○, crr), request (▷), response complete (■), close (×, crr) —
 * with the bar from the transaction's start to its response, and transactions per second.
 * Symbols as well as colours (ui.md), and the figures in words.
 */
import { HIDDEN_TEXT, useHidden } from '../../exercises/hidden';
import { useLab } from '../../hooks/use-lab';
import { useSvgScale } from '../../hooks/use-svg-scale';
import { LANE_PX, RequestMark, ResponseMark, StartMark, TimeRules } from '../../components/lane-timeline';
import {
  startOf,
  transactionRate,
  transactionRows,
  type TransactionColumns,
  type TransactionRow,
} from './transactions';

const WINDOW_S = 60;

/** The transactions, the simulated time now, and the workload. */
interface TimelineProps {
  rows: readonly TransactionRow[];
  now: number;
  mode: 'rr' | 'crr';
}
const LANE = LANE_PX;

/** One transaction's lane over the window from t0: the bar from its start to its response (or now), and its moments. */
function TransactionLane({
  r,
  k,
  x,
  t0,
  now,
  mode,
}: {
  r: TransactionRow;
  k: number;
  x(t: number): number;
  t0: number;
  now: number;
  mode: 'rr' | 'crr';
}) {
  const y = k * LANE + 2;
  // A transaction seen only in part so far (rr: its connection set up, no request yet) starts
  // at the first moment seen; one with no moment at all is not drawn.
  const a = [startOf(r, mode), r.connect, r.request].find(Number.isFinite);
  if (a === undefined) return null;
  const b = Number.isFinite(r.response) ? r.response : now;
  return (
    <g data-transaction={r.n}>
      <title>{`transaction ${r.n}: ${(b - a).toFixed(2)} s${Number.isFinite(r.response) ? '' : ' (running)'}`}</title>
      <rect
        x={x(Math.max(a, t0))}
        y={y + 3}
        width={Math.max(1, x(b) - x(Math.max(a, t0)))}
        height={LANE - 6}
        fill={Number.isFinite(r.response) ? 'var(--good)' : 'var(--idle)'}
        opacity="0.45"
      />
      {Number.isFinite(r.connect) && r.connect >= t0 ? <StartMark x={x(r.connect)} y={y} /> : null}
      {Number.isFinite(r.request) && r.request >= t0 ? <RequestMark x={x(r.request)} y={y} /> : null}
      {Number.isFinite(r.response) ? <ResponseMark x={x(r.response)} y={y} /> : null}
      {Number.isFinite(r.close) ? (
        <path d={`M${x(r.close) - 3},${y + 4} l6,6 m0,-6 l-6,6`} stroke="var(--muted)" strokeWidth="1.5" />
      ) : null}
    </g>
  );
}

/** The caption: the workload, and the transactions and their rate unless an open exercise hides them. */
function TransactionCaption({ rows, now, mode }: TimelineProps) {
  const { perSecond, mean } = transactionRate(rows, now, mode);
  const done = rows.filter((r) => Number.isFinite(r.response)).length;
  const hidden = useHidden();
  const hide = hidden('app.transactionsPerSecond') || hidden('app.meanTransactionTime');
  return (
    <figcaption>
      {mode === 'crr' ? 'TCP_CRR: a new connection per transaction' : 'TCP_RR: one connection'} —{' '}
      {hide ? (
        <span className="muted">rate {HIDDEN_TEXT}</span>
      ) : (
        <>
          {done} transactions, <strong data-testid="gsm-tps">{perSecond.toFixed(3)}</strong> per second (mean{' '}
          {mean.toFixed(2)} s each; a 0.92 s round trip alone would allow {(1 / 0.92).toFixed(2)} per second).
        </>
      )}
    </figcaption>
  );
}

/** The timeline for given rows (exported for tests). */
export function Transactions({ rows, now, mode }: TimelineProps) {
  const t1 = Math.max(now, WINDOW_S);
  const t0 = t1 - WINDOW_S;
  const shown = rows.filter((r) => (Number.isFinite(r.response) ? r.response : now) >= t0);
  // Laid out 600 wide; presenter mode (use-svg-scale.ts) at the drawn width over its scale.
  const { ref, width: W, scale } = useSvgScale(600);
  const H = Math.max(LANE * 2, shown.length * LANE + 16);
  const x = (t: number): number => ((t - t0) / WINDOW_S) * W;
  const done = rows.filter((r) => Number.isFinite(r.response)).length;
  return (
    <figure className="gsm-transactions" data-testid="gsm-transactions" data-mode={mode} data-done={done}>
      <TransactionCaption rows={rows} now={now} mode={mode} />
      <svg
        ref={ref}
        viewBox={`0 0 ${W} ${H}`}
        width="100%"
        height={H * scale}
        role="img"
        aria-label="transactions of the last minute"
      >
        <TimeRules times={[0, 10, 20, 30, 40, 50, 60].map((s) => t0 + s)} x={x} height={H} digits={0} />
        {shown.map((r, k) => (
          <TransactionLane key={r.n} r={r} k={k} x={x} t0={t0} now={now} mode={mode} />
        ))}
      </svg>
      <p className="muted small">○ connect · ▷ request · ■ response complete · × connection closed</p>
    </figure>
  );
}

/** The panel: live rows from `app.transaction` when the workload is rr or crr. */
export function TransactionPanel() {
  const data = useLab((s) => s.traces['app.transaction']) as TransactionColumns | undefined;
  useLab((s) => s.traceVersion);
  const simTime = useLab((s) => s.simTime);
  const app = useLab((s) => s.scenario?.values.app);
  if (app !== 'rr' && app !== 'crr')
    return <p className="muted">The transaction timeline shows netperf runs: choose app = rr or crr.</p>;
  return <Transactions rows={transactionRows(data)} now={simTime} mode={app} />;
}
