/**
 * DECT's takeaway rules (issue 25 item 3): timeouts without any bearer, and TH against TH_teo.
 * The common goodput-share sentence is left out: DECT's goodput counts both directions and its
 * capacity one (GoodputRow says the same).
 */
import { plural } from '../../takeaway/common-rules';
import type { SystemTakeaway } from '../../takeaway/types';

export const DECT_TAKEAWAY: SystemTakeaway = {
  omit: ['goodput-share'],
  rules: [
    {
      id: 'dect-no-bearer-timeouts',
      apply(s, f) {
        const n = f.value('link.tcpTimeouts.withoutBearer');
        if (!(n >= 1)) return null;
        return {
          text: `${f.count('link.tcpTimeouts.withoutBearer')} of TCP’s ${f.count('link.tcpTimeouts.count')} timeouts came while the connection held no bearer at all: the cell, not the radio, stalled TCP.`,
          weight: 7,
        };
      },
    },
    {
      id: 'dect-th-share',
      apply(s, f) {
        if (!(f.value('app.thTeo') > 0)) return null;
        return {
          text: `TCP delivered ${f.decimal('app.th')} segments per second each way, against the ${f.decimal('app.thTeo')} its ${f.decimal('app.meanBearers')} bearers could carry on average (TH_teo).`,
          weight: 1.5,
        };
      },
    },
    {
      id: 'dect-drops',
      apply(s, f) {
        const drops = f.value('link.drops');
        if (!(drops >= 1)) return null;
        return {
          text: `The connection dropped ${f.count('link.drops')} ${plural(drops, 'time')}, with no bearer left to carry it.`,
          weight: 6,
        };
      },
    },
  ],
};
