/** PHS's takeaway rules (issue 25 item 3): links lost or released under Multilink, CRC bursts. */
import { plural } from '../../takeaway/common-rules';
import type { SystemTakeaway } from '../../takeaway/types';

export const PHS_TAKEAWAY: SystemTakeaway = {
  rules: [
    {
      id: 'phs-fragments-lost',
      apply(s, f) {
        const lost = f.value('link.mpFragmentsLost');
        if (!(lost >= 1)) return null;
        return {
          text: `Multilink gave up ${f.count('link.mpFragmentsLost')} ${plural(lost, 'fragment')} as lost, and with each one TCP lost a whole segment to resend.`,
          weight: 4 + Math.min(3, lost / 10),
        };
      },
    },
    {
      id: 'phs-links-down',
      apply(s, f) {
        const gone = f.value('link.drops') + f.value('link.releases');
        if (!(gone >= 1)) return null;
        return {
          text: `Links went down during the run (${f.count('link.drops')} lost to the radio, ${f.count('link.releases')} released), so the bundle carried data on ${f.decimal('link.meanLinksUp')} links on average.`,
          weight: 3.5,
        };
      },
    },
    {
      id: 'phs-crc-repairs',
      apply(s, f) {
        const crc = f.value('link.crcErrors');
        if (!(crc >= 1)) return null;
        const timeouts = f.value('tcp.timeouts');
        return {
          text: `The links saw ${f.count('link.crcErrors')} CRC ${plural(crc, 'error')} and PIAFS resent ${f.count('link.retransmittedFrames')} ${plural(f.value('link.retransmittedFrames'), 'frame')}; ${
            timeouts === 0
              ? 'TCP never timed out'
              : timeouts === 1
                ? 'TCP still timed out once while the links caught up'
                : `TCP still timed out ${f.count('tcp.timeouts')} times while the links caught up`
          }.`,
          weight: 2.4 + Math.min(2, timeouts / 2),
        };
      },
    },
  ],
};
