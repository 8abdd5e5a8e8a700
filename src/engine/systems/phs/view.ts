/**
 * The PHS map (phs.md "Views"; ui.md "Map"): the three base-station units and the phone, each
 * PIAFS link as a line to its unit coloured by state (down / CRC error in the last slot / weak
 * unit / good) with live counters, and each unit's field strength in dBµV as a caption.
 */
import { LINK_SETUP_MIN_DBUV } from '../../channel';
import type { Nanos } from '../../core/time';
import type { LinkVisualState, MapLink, MapStation, SystemView } from '../types';
import { phone } from '../stations';
import { LinkState } from './control';
import type { PhsState } from './state';
import { PHS_LINKS, PHS_UNITS, unitOfLink } from './radio';

/** A unit whose links lose more than this share of frames is drawn as a bad channel. */
const BAD_FER = 0.01;
/** Half-width of the map around the units, metres, per environment. */
const EXTENT = { indoor: 50, outdoor: 500 } as const;

export function phsView(m: PhsState, now: Nanos): SystemView {
  const r = m.radio;
  const stations: MapStation[] = [];
  const pos = r.unitPositions;
  for (let u = 0; u < PHS_UNITS; u++) {
    stations.push({
      id: `u${u + 1}`,
      label: `Unit ${u + 1} (links ${2 * u + 1}–${2 * u + 2})`,
      x: pos[u][0],
      y: pos[u][1],
    });
  }
  const links: MapLink[] = [];
  for (let i = 0; i < PHS_LINKS; i++) {
    const u = unitOfLink(i);
    const s = m.control.state[i];
    let state: LinkVisualState;
    if (s !== LinkState.UP) state = s === LinkState.SETUP ? 'idle' : 'down';
    else if (m.observer.lastError(i) || r.forced(i, now - 1)) state = 'error';
    else state = r.fer[u] >= BAD_FER ? 'bad' : 'good';
    const c = m.bundle.counters(i);
    links.push({
      n: i + 1,
      station: `u${u + 1}`,
      state,
      counters: { frames: c.framesSent, 'CRC ERR': c.crcErrors, resent: c.resentFrames },
    });
  }
  let half: number = EXTENT[m.radio.env];
  for (const [x, y] of [...pos, [r.ms.x, r.ms.y] as const])
    half = Math.max(half, 1.2 * Math.abs(x), 1.2 * Math.abs(y));
  const captions: Record<string, string> = {};
  for (let u = 0; u < PHS_UNITS; u++) {
    const e = r.field[u];
    const note = e < LINK_SETUP_MIN_DBUV ? ' (no set-up)' : '';
    captions[`Unit ${u + 1}`] = `${e.toFixed(1)} dBµV, ${r.distance[u].toFixed(0)} m${note}`;
  }
  captions['Links up'] = `${m.control.linksUp} of ${PHS_LINKS}`;
  const sender = m.ftp.sender;
  if (sender) captions.RTO = `${(sender.rtoEstimator.active / 1e9).toFixed(1)} s`;
  const rings =
    m.radio.env === 'indoor'
      ? [10, 20, 30].map((d) => ({ r: d, label: `${d} m` }))
      : [180, 275, 365].map((d, k) => ({ r: d, label: `${d} m ≈ ${[40, 35, 30][k]} dBµV` }));
  return {
    extent: [-half, half, -half, half],
    stations,
    mobiles: [phone(r.ms.x, r.ms.y)],
    rings,
    links,
    captions,
  };
}
