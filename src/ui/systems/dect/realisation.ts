import type { Realisation } from '../types';

/**
 * DECT's channels (dect.md "Channel per bearer"): one Gilbert–Elliott state per bearer of the TCP
 * user, drawn from that bearer's stream while it is held; the background calls and the mobility
 * draw from streams of their own.
 */
export const DECT_REALISATION: Realisation = {
  sources: [
    {
      name: 'dect.bearerState',
      per: 'bearer',
      records: 'bearer-state changes',
      none: 'it records a bearer’s channel turning bad or good again, and no bearer’s channel turned bad',
    },
  ],
  words:
    'the good/bad state of each bearer the TCP user holds (one Gilbert–Elliott channel per bearer with its ' +
    'own random stream), the background terminals’ calls and the cell changes',
  changedBy: {
    bearers:
      'the target sets how many bearers the TCP user sets up and when it sets them up again; each bearer’s ' +
      'channel is drawn while it is held, so the bearers’ states differ from A’s once the bearer sets differ',
    bth: 'the threshold decides when lost bearers are set up again; bearers held at other times draw other states',
    hoTimer:
      'the handover timer decides which bearers survive a failed handover; bearers held at other times draw ' +
      'other states',
  },
};
