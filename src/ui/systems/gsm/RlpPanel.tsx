/**
 * The RLP panel of the GSM lab (gsm.md "Views": "an RLP view (I-frames, SREJ/REJ, T1 expiries,
 * resets) aligned with the channel state"): the link's counters in words, and a strip of the
 * last RLP frames in each direction (uplink first, as on the link-layer chart) — one cell per
 * 20 ms frame with its symbol (every symbol explained under the strip, from KIND_TEXT), crossed out
 * when the channel erased it, on a hatched background while the channel was bad. It follows the run, or centres
 * on a TCP retransmission clicked on the sequence graph. The full run is on the link-layer chart.
 */
import { useRef, useState } from 'react';
import { HIDDEN_TEXT, useHidden } from '../../exercises/hidden';
import { useLab } from '../../hooks/use-lab';
import { usePanelSources } from '../../hooks/use-near-view';
import { useSvgScale } from '../../hooks/use-svg-scale';
import { CHART_STYLE } from '../../theme/chart-style';
import {
  KIND_TEXT,
  RLP_SLOT_S,
  STRIP_DIRECTIONS,
  rlpStrip,
  type RlpCell,
  type StripColumns,
} from './rlp-strip';
import { num } from '../../format';
import { GSM_FRAME_KIND as K } from './rlp-decoder';

const WIDTHS = [50, 100, 200] as const;
const STRIP_SOURCES = ['link.frame', 'channel.state'];

function cellColor(c: RlpCell): string {
  if (c.kind === K.I) return 'var(--good)';
  if (c.kind === K.IRetx) return 'var(--retx)';
  if (c.kind === K.SABM || c.kind === K.UA || c.kind === K.NULL) return 'var(--error)';
  if (c.kind === K.SREJ || c.kind === K.REJ || c.kind === K.poll) return 'var(--idle)';
  return 'var(--panel)';
}

/** One direction's strip (exported for tests). */
export function RlpStrip({ cells, label }: { cells: (RlpCell | null)[]; label: string }) {
  const cw = 12;
  const h = 22;
  // Presenter mode (issue 24) magnifies the strip by `--chart-scale`, as frame.ts the charts.
  const { ref: scaleRef, scale } = useSvgScale(0);
  return (
    <div className="gsm-rlp-row" style={{ display: 'flex', alignItems: 'center', gap: 8, overflowX: 'auto' }}>
      <span className="gsm-rlp-label" style={{ minWidth: '5.5em' }}>
        {label}
      </span>
      <svg
        ref={scaleRef}
        width={cells.length * cw * scale}
        height={h * scale}
        viewBox={`0 0 ${cells.length * cw} ${h}`}
        role="img"
        aria-label={`${label}: ${cells.filter((c) => c && c.error).length} frames lost, ${
          cells.filter((c) => c && c.kind === K.IRetx).length
        } I frames sent again, ${cells.filter((c) => c && c.kind === K.SREJ).length} SREJ, ${
          cells.filter((c) => c && c.kind === K.poll).length
        } polls`}
      >
        <defs>
          <pattern id={`gsm-rlp-bad-${label}`} width="4" height="4" patternUnits="userSpaceOnUse">
            <path d="M0,4 L4,0" stroke="var(--bad)" strokeWidth="1" />
          </pattern>
        </defs>
        {cells.map((c, i) =>
          c === null ? null : (
            <g key={c.slot} data-slot={c.slot} data-kind={c.kind} data-error={c.error || undefined}>
              <title>{`slot ${c.slot} (${(c.slot * RLP_SLOT_S).toFixed(2)} s): ${KIND_TEXT[c.kind]?.words ?? ''} ${
                c.kind === K.I || c.kind === K.IRetx ? `N(S) ${c.seq}` : `N(R) ${c.seq}`
              }${c.error ? ' — lost on the radio' : ''}${c.bad ? ' (channel bad)' : ''}`}</title>
              {c.bad ? (
                <rect x={i * cw} y={0} width={cw} height={h} fill={`url(#gsm-rlp-bad-${label})`} />
              ) : null}
              <rect
                x={i * cw + 1}
                y={3}
                width={cw - 2}
                height={h - 6}
                fill={cellColor(c)}
                stroke="var(--line)"
              />
              <text
                x={i * cw + cw / 2}
                y={h / 2 + 4}
                textAnchor="middle"
                fontSize={CHART_STYLE.tickFontPx}
                fill="var(--ink)"
              >
                {KIND_TEXT[c.kind]?.sym ?? ''}
              </text>
              {c.error ? (
                <path
                  d={`M${i * cw + 1},3 L${i * cw + cw - 1},${h - 3}`}
                  stroke="var(--error)"
                  strokeWidth="2"
                  data-lost="1"
                />
              ) : null}
            </g>
          ),
        )}
      </svg>
    </div>
  );
}

/** Every symbol the strip can show, in words; then the strokes and hatching (exported for tests). */
export function RlpLegend() {
  return (
    <p className="muted small gsm-rlp-legend" data-testid="gsm-rlp-legend">
      {Object.values(KIND_TEXT).map((k) => (
        <span key={k.sym} data-sym={k.sym}>
          <strong>{k.sym}</strong> {k.legend} ·{' '}
        </span>
      ))}
      a red stroke: lost on the radio; hatched: channel in its bad state.
    </p>
  );
}

/**
 * The link's counters the panel shows, summary key → word. "resets" is `resetProcedures`, the RLP
 * reset procedures the summary calls "RLP resets" (issue 20 item 7; exported for tests).
 */
export const RLP_COUNTERS: readonly [string, string][] = [
  ['iFrames', 'I frames'],
  ['iFramesRetransmitted', 'sent again'],
  ['srej', 'SREJ'],
  ['rej', 'REJ'],
  ['t1Expiries', 'T1 expiries'],
  ['resetProcedures', 'resets'],
  ['callDrops', 'call drops'],
  ['frameErrorsUp', 'errors up'],
  ['frameErrorsDown', 'errors down'],
  ['seqAliases', 'seq. aliases'],
];

/** The panel (`data-testid="gsm-rlp"`). */
export function RlpPanel() {
  const panel = useRef<HTMLElement>(null);
  const [frames, channel] = usePanelSources<StripColumns>(panel, STRIP_SOURCES);
  const simTime = useLab((s) => s.simTime);
  const selection = useLab((s) => s.selection);
  const link = useLab((s) => s.summary?.link) as Record<string, unknown> | undefined;
  const hidden = useHidden();
  const [width, setWidth] = useState<(typeof WIDTHS)[number]>(50);
  const now = Math.floor(simTime / RLP_SLOT_S) - 1;
  const from = selection
    ? Math.max(0, Math.round(selection.t / RLP_SLOT_S) - Math.floor(width / 2))
    : Math.max(0, now - width + 1);
  const to = from + width - 1;
  return (
    <section ref={panel} className="panel gsm-rlp" data-testid="gsm-rlp" aria-labelledby="gsm-rlp-title">
      <h2 id="gsm-rlp-title">GSM RLP</h2>
      <dl
        className="gsm-rlp-counters"
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(7.5em, 1fr))',
          gap: '4px 12px',
        }}
      >
        {RLP_COUNTERS.map(([k, label]) => (
          <div key={k} data-counter={k}>
            <dt className="muted small">{label}</dt>
            <dd style={{ margin: 0, fontVariantNumeric: 'tabular-nums' }}>
              {hidden(`link.${k}`) ? (
                <span className="muted">{HIDDEN_TEXT}</span>
              ) : typeof link?.[k] === 'number' ? (
                num(link[k] as number)
              ) : (
                '–'
              )}
            </dd>
          </div>
        ))}
      </dl>
      <div className="field inline">
        <label>
          Frames shown{' '}
          <select
            value={width}
            onChange={(e) => setWidth(Number(e.currentTarget.value) as (typeof WIDTHS)[number])}
          >
            {WIDTHS.map((n) => (
              <option key={n} value={n}>
                {n} ({(n * RLP_SLOT_S).toFixed(0)} s)
              </option>
            ))}
          </select>
        </label>{' '}
        <span className="muted">
          slots {from}–{to} ({(from * RLP_SLOT_S).toFixed(2)}–{((to + 1) * RLP_SLOT_S).toFixed(2)} s)
          {selection ? ', around the retransmission clicked' : ''}
        </span>
      </div>
      <div className="gsm-rlp-strips" data-testid="gsm-rlp-strips">
        {STRIP_DIRECTIONS.map(({ dir, label }) => (
          <RlpStrip key={dir} cells={rlpStrip(frames, channel, dir, from, to)} label={label} />
        ))}
      </div>
      <RlpLegend />
    </section>
  );
}
