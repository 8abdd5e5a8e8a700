/** IS-707's takeaway rules (issue 25 item 3): what RLP did with the radio's errors. */
import { plural } from '../../takeaway/common-rules';
import type { SystemTakeaway } from '../../takeaway/types';

export const IS707_TAKEAWAY: SystemTakeaway = {
  rules: [
    {
      id: 'is707-rlp-aborts',
      apply(s, f) {
        const aborts = f.value('link.aborts');
        if (!(aborts >= 1)) return null;
        return {
          text: `RLP gave up on ${f.count('link.framesAbandoned')} ${plural(f.value('link.framesAbandoned'), 'frame')} in ${f.count('link.aborts')} ${plural(aborts, 'abort')}: each left a hole in the byte stream that only TCP could fill, by retransmitting a whole segment.`,
          weight: 2 + Math.min(4, (aborts * 60) / Math.max(1, s.simTime)),
        };
      },
    },
    {
      id: 'is707-rlp-repairs',
      apply(s, f) {
        const fer = f.value('link.frameErrorRate');
        if (!(fer >= 0.01 && f.value('link.aborts') === 0)) return null;
        return {
          text: `The radio spoiled ${f.percent('link.frameErrorRate')} of the frames, and RLP resent ${f.count('link.retransmittedFrames')} ${plural(f.value('link.retransmittedFrames'), 'frame')} without ever giving up: TCP saw delay, not loss.`,
          weight: 2.6 + 3 * fer,
        };
      },
    },
  ],
};
