/**
 * The GSM map (ui.md "Map"): the base station, coverage rings (good / poor / edge, from the
 * map's FER curve, channels.md §3), the draggable phone, and the radio link coloured by its
 * state, with the RLP counters beside it.
 */
import { RlpMode } from '../../link/gsm-rlp';
import { GSM_MAP_RANGE } from './params';
import type { LinkVisualState, SystemView } from '../types';
import { phone } from '../stations';
import type { GsmState } from './state';
import { FER_DISTANCE } from '../../channel';

/** FERs at the coverage rings: the presets' Pe and the reset threshold at f_dT 0.1 (gsm-3). */
export const GSM_RING_FER = { good: 0.001, poor: 0.05, edge: 0.3 } as const;

/** Distance (m) at which the map's FER curve reaches `fer` (inverse of ferFromDistance). */
export function distanceForFer(fer: number): number {
  const p = FER_DISTANCE;
  return p.refMetres * Math.pow(-Math.log(1 - fer) / p.coefficient, 1 / p.exponent);
}

const pct = (x: number): string => `${(100 * x).toFixed(x < 0.01 ? 2 : 1)} %`;

export function gsmView(m: GsmState): SystemView {
  const rlp = m.bearer.rlp;
  const bad = m.radio.uplink.bad || m.radio.downlink.bad;
  const mode = m.bearer.down
    ? 'down'
    : rlp.ms.mode === RlpMode.Resetting || rlp.iwf.mode === RlpMode.Resetting
      ? 'reset'
      : 'ABM';
  const state: LinkVisualState = m.bearer.down ? 'down' : mode === 'reset' ? 'error' : bad ? 'bad' : 'good';
  const s = m.radio.settings;
  const ring = (label: string, fer: number): { r: number; label: string } => ({
    r: Math.round(distanceForFer(fer)),
    label: `${label} · FER ${pct(fer)}`,
  });
  return {
    extent: [-GSM_MAP_RANGE, GSM_MAP_RANGE, -GSM_MAP_RANGE, GSM_MAP_RANGE],
    stations: [{ id: 'bts', label: 'GSM base station (RLP to the MSC’s IWF)', x: 0, y: 0 }],
    mobiles: [phone(s.msX, s.msY)],
    rings: [
      ring('good', GSM_RING_FER.good),
      ring('poor', GSM_RING_FER.poor),
      ring('edge', GSM_RING_FER.edge),
    ],
    links: [
      {
        n: 1,
        station: 'bts',
        state,
        counters: {
          I: rlp.total('iFramesSent'),
          SREJ: rlp.total('srejSent'),
          REJ: rlp.total('rejSent'),
          T1: rlp.total('t1Expiries'),
          resets: rlp.resetProcedures,
          errors: rlp.total('frameErrors'),
        },
      },
    ],
    captions: {
      Radio: `${s.radio}${s.radio === 'map' ? ' (from the phone’s distance)' : ''}`,
      FER: pct(m.radio.pe),
      f_dT: String(m.radio.fdt),
      RLP: mode,
      'Serial backlog': `${m.bearer.serialDown.backlog + m.bearer.serialUp.backlog} B`,
    },
  };
}
