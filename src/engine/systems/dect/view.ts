/**
 * The DECT map and grids: the three RFPs, each with its slot/carrier grid as 120 numbers
 * (carrier × 12 + slot; 0 idle, 1 background, 2 TCP user, 3 TCP user's bearer in handover), the
 * background terminals, and the phone (dragged).
 */
import { DECT_CHANNELS, DECT_RFPS } from './air';
import { TCP_USER } from './tcp-user';
import type { SystemView } from '../types';
import type { DectState } from './state';
import { MAC_STATE_LABELS } from './terminal';

export function dectView(m: DectState): SystemView {
  const term = m.user.terminal;
  const hoCh = term.ho >= 0 ? term.ch[term.ho] : -1;
  const stations = m.cluster.grids.map((g, r) => {
    const grid: number[] = new Array<number>(DECT_CHANNELS);
    for (let ch = 0; ch < DECT_CHANNELS; ch++) {
      const o = g.owner[ch];
      grid[ch] =
        o < 0 ? 0 : o !== TCP_USER ? 1 : r === term.bearerRfp[term.ch.indexOf(ch)] && ch === hoCh ? 3 : 2;
    }
    return {
      id: `rfp${r + 1}`,
      label: `RFP ${r + 1}`,
      x: DECT_RFPS[r].x,
      y: DECT_RFPS[r].y,
      state: { grid, used: g.used },
    };
  });
  const mobiles = m.background.positions().map((p, i) => ({
    id: `bg${i}`,
    label: ['P08j', 'P32', 'P80', 'Data'][p.type],
    x: p.x,
    y: p.y,
    state: { rfp: p.rfp + 1 },
  }));
  mobiles.push({
    id: 'ms',
    label: 'TCP user',
    x: m.ms.x,
    y: m.ms.y,
    dragged: true,
    state: { rfp: term.rfp + 1, bearers: term.count, mac: MAC_STATE_LABELS[term.state] },
  } as (typeof mobiles)[number]);
  return {
    extent: [-70, 70, -30, 30],
    stations,
    mobiles,
    links: Array.from({ length: m.user.set.capacity }, (_, i) => ({
      n: i + 1,
      station: `rfp${term.bearerRfp[i] >= 0 ? term.bearerRfp[i] + 1 : term.rfp + 1}`,
      state: m.user.set.isLive(i) ? (m.user.set.get(i)?.bad ? 'bad' : 'good') : 'down',
    })),
    captions: { bearers: String(term.count), MAC: MAC_STATE_LABELS[term.state] },
  };
}
