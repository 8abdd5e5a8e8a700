/**
 * The GERAN map (ui.md "Map"): one cell — the base station and the phone in a voice call that
 * browses at the same time — and the shared slot coloured by who owns it now: speech in either
 * direction shows the link as "bad" for data, data queued as "good", nothing to send as "idle".
 */
import type { SystemView } from '../types';
import type { GeranState } from './state';

/** Map extent, metres (the position plays no part in the model: the channel is error-free or `bler`). */
const RANGE = 1000;

export function geranView(m: GeranState): SystemView {
  const c = m.conversation;
  const up = c.talking(0);
  const down = c.talking(1);
  const backlog = m.link.backlog(0) + m.link.backlog(1);
  const say = (talking: boolean): string => (talking ? 'speech' : 'silent');
  return {
    extent: [-RANGE, RANGE, -RANGE, RANGE],
    stations: [{ id: 'bts', label: 'GERAN base station (one timeslot shared with a call)', x: 0, y: 0 }],
    mobiles: [
      {
        id: 'ms',
        label: 'Mobile in a call, browsing',
        x: 400,
        y: 0,
        state: { up: say(up), down: say(down) },
      },
    ],
    links: [
      {
        n: 1,
        station: 'bts',
        state: up || down ? 'bad' : backlog > 0 ? 'good' : 'idle',
        counters: {
          'blocks up': m.link.counters(0).dataBlocks,
          'blocks down': m.link.counters(1).dataBlocks,
          'queued B': backlog,
        },
      },
    ],
    captions: {
      Speech: c.mode,
      Uplink: say(up),
      Downlink: say(down),
      Delay: `${m.delay} s each way`,
    },
  };
}
