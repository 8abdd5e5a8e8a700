/**
 * Where the downlink's available capacity went (geran.md "Metrics"): the study's efficiency
 * (bytes delivered over the silence time × 3893 bytes/s), the retransmission share (payload sent
 * more than once) and the stalling share (the rest: set-up, slow start, timeouts), as one bar of
 * three hatched slices with the figures in words, beside the study's unlucky 65 KB example.
 */
import type { Summary } from '../../../engine/scenario/summary';
import { HIDDEN_TEXT, useHidden } from '../../exercises/hidden';
import { percent } from '../../format';
import { useLab } from '../../hooks/use-lab';
import { GERAN_PUBLISHED as P } from './published';

interface Slice {
  readonly key: string;
  readonly label: string;
  readonly share: number;
  readonly fill: string;
  readonly dash?: string;
}

/** The three slices of a summary's app block, or null before there is any. */
export function efficiencySlices(summary: Summary | null): Slice[] | null {
  const app = summary?.app as Record<string, unknown> | undefined;
  const get = (k: string): number => (typeof app?.[k] === 'number' ? app[k] : NaN);
  const eff = get('efficiency');
  if (!Number.isFinite(eff)) return null;
  return [
    { key: 'efficiency', label: 'delivered (efficiency)', share: eff, fill: 'var(--good)' },
    {
      key: 'retransmissionShare',
      label: 'sent again',
      share: get('retransmissionShare'),
      fill: 'var(--retx)',
    },
    {
      key: 'stallingShare',
      label: 'stalling (set-up, slow start, timeouts)',
      share: get('stallingShare'),
      fill: 'var(--bad)',
      dash: '4 2',
    },
  ];
}

/** The bar for a given summary (exported for tests). */
export function Efficiency({ summary }: { summary: Summary | null }) {
  const slices = efficiencySlices(summary);
  const hidden = useHidden();
  if (!slices) return <p className="muted">No download yet: press play.</p>;
  if (slices.some((s) => hidden(`app.${s.key}`))) return <p className="muted">Breakdown {HIDDEN_TEXT}</p>;
  const W = 600;
  let x = 0;
  return (
    <figure className="geran-efficiency" data-testid="geran-efficiency">
      <svg viewBox={`0 0 ${W} 28`} width="100%" height="28" role="img" aria-labelledby="geran-eff-caption">
        {slices.map((s) => {
          const w = Math.max(0, Math.min(1, s.share)) * W;
          const r = (
            <rect
              key={s.key}
              data-slice={s.key}
              x={x}
              y={2}
              width={w}
              height={24}
              fill={s.fill}
              stroke="var(--ink)"
              strokeDasharray={s.dash}
            >
              <title>{`${s.label}: ${percent(s.share)}`}</title>
            </rect>
          );
          x += w;
          return r;
        })}
      </svg>
      <figcaption id="geran-eff-caption">
        Of the capacity speech left to data (downlink silence × 3893 bytes/s, averaged over the downloads):
        <ul style={{ listStyle: 'none', padding: 0 }}>
          {slices.map((s) => (
            <li key={s.key} data-legend={s.key}>
              <svg width="14" height="14" aria-hidden="true">
                <rect width="14" height="14" fill={s.fill} stroke="var(--ink)" strokeDasharray={s.dash} />
              </svg>{' '}
              {s.label}: {percent(s.share)}
            </li>
          ))}
        </ul>
        <span className="muted small">
          The study’s 65 KB example: {percent(P.download65k.efficiency, 0)} delivered,{' '}
          {percent(P.download65k.retransmissionShare, 0)} sent again,{' '}
          {percent(P.download65k.stallingShare, 0)} stalling.
        </span>
      </figcaption>
    </figure>
  );
}

/** The panel: the live summary's breakdown. */
export function EfficiencyPanel() {
  const summary = useLab((s) => s.summary);
  return <Efficiency summary={summary} />;
}
