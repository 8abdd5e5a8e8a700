/** GSM's takeaway rules (issue 25 item 3): RLP's resets, a dropped call, repairs TCP never saw. */
import { plural } from '../../takeaway/common-rules';
import type { SystemTakeaway } from '../../takeaway/types';

export const GSM_TAKEAWAY: SystemTakeaway = {
  rules: [
    {
      id: 'gsm-call-drop',
      apply(s, f) {
        if (!(f.value('link.callDrops') >= 1)) return null;
        const resets = f.value('link.resetProcedures');
        return {
          text: `The call dropped after ${f.count('link.resetProcedures')} RLP ${plural(resets, 'reset')}, and the transfer ended with it.`,
          weight: 10,
        };
      },
    },
    {
      id: 'gsm-rlp-resets',
      apply(s, f) {
        const resets = f.value('link.resetProcedures');
        if (!(resets >= 1) || f.value('link.callDrops') >= 1) return null;
        return {
          text: `RLP reset the link ${resets === 1 ? 'once' : `${f.count('link.resetProcedures')} times`}, flushing ${f.count('link.rlpBytesFlushed')} bytes in flight that TCP then had to send again.`,
          weight: 6,
        };
      },
    },
    {
      id: 'gsm-rlp-repairs',
      apply(s, f) {
        const fer = f.value('link.frameErrorRate');
        if (!(fer >= 0.01 && f.value('tcp.timeouts') === 0)) return null;
        return {
          text: `The radio spoiled ${f.percent('link.frameErrorRate')} of the RLP frames; RLP resent ${f.count('link.iFramesRetransmitted')} of them and TCP never timed out: the errors cost time, not segments.`,
          weight: 2.6 + 3 * fer,
        };
      },
    },
  ],
};
