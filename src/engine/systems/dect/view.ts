/**
 * The DECT map and grids: the three RFPs, each with its slot/carrier grid as one string of 120
 * code digits (observe.ts GridCode; index carrier × 12 + slot) and its counts per code, the
 * background terminals as a crowd of marks grouped by serving RFP, the cells with their 5 m
 * hysteresis, the phone (dragged), the TCP user's bearers as links, and the delay histogram of D
 * for the lab's panel.
 */
import { DECT_HYSTERESIS_M, DECT_RFPS } from './air';
import { GridCode, type DectRfpState } from './contract';
import { backgroundCrowd, DELAY_BIN_S, delayHistogram, gridCodes } from './observe';
import type { Nanos } from '../../core/time';
import type { MapMobile, SystemView } from '../types';
import type { DectState } from './state';

/** The MAC states in the spec's words (dect.md "MAC state machine per terminal"). */
export const MAC_STATE_NAMES = [
  'Idle_Locked',
  'Call_Setup',
  'Active_Locked',
  'Bearer_Handover',
  'Connection_Handover',
  'Connection_Modification',
  'Blocked',
  'Dropped',
];

export function dectView(m: DectState, now: Nanos): SystemView {
  const term = m.user.terminal;
  const stations = DECT_RFPS.map((p, r) => {
    const { cells, counts } = gridCodes(m, r);
    return {
      id: `rfp${r + 1}`,
      label: `RFP ${r + 1}`,
      x: p.x,
      y: p.y,
      state: {
        cells,
        free: counts[GridCode.FREE],
        interfered: counts[GridCode.INTERFERED],
        background: counts[GridCode.BACKGROUND],
        tcp: counts[GridCode.TCP],
        handover: counts[GridCode.HANDOVER],
        serving: r === term.rfp,
      } satisfies DectRfpState,
    };
  });
  const phone: MapMobile = {
    id: 'ms',
    label: 'TCP user',
    x: m.ms.x,
    y: m.ms.y,
    dragged: true,
    state: { rfp: term.rfp + 1, bearers: term.count, mac: MAC_STATE_NAMES[term.state] },
  };
  const delay = delayHistogram(m, now);
  const { xy, group } = backgroundCrowd(m);
  return {
    extent: [-70, 70, -30, 30],
    stations,
    mobiles: [phone],
    crowd: {
      label: 'background terminals',
      xy,
      group,
      groups: DECT_RFPS.map((_, r) => `served by RFP ${r + 1}`),
    },
    cells: { hysteresis: DECT_HYSTERESIS_M, serving: `rfp${term.rfp + 1}` },
    links: Array.from({ length: m.user.set.capacity }, (_, i) => ({
      n: i + 1,
      station: `rfp${term.bearerRfp[i] >= 0 ? term.bearerRfp[i] + 1 : term.rfp + 1}`,
      state: m.user.set.isLive(i) ? (m.user.set.get(i)?.bad ? 'bad' : 'good') : 'down',
    })),
    captions: {
      Cell: `RFP ${term.rfp + 1}`,
      Bearers: `${term.count} of ${m.cfg.bearers} (bth ${m.cfg.bth})`,
      MAC: MAC_STATE_NAMES[term.state],
      'Background calls': String(m.background.active),
    },
    figures: {
      targetBearers: m.cfg.bearers,
      bth: m.cfg.bth,
      bearers: term.count,
      delayBinS: DELAY_BIN_S,
      delayDelivered: delay.delivered,
      delayCensored: delay.censored,
      delayMean: delay.mean,
      delayCount: delay.count,
      delayCensoredCount: delay.censoredCount,
    },
  };
}
