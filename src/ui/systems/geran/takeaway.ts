/** GERAN's takeaway rules (issue 25 item 3): the slot shared with speech, and the stalls. */
import type { SystemTakeaway } from '../../takeaway/types';

export const GERAN_TAKEAWAY: SystemTakeaway = {
  rules: [
    {
      id: 'geran-speech-slot',
      apply(s, f) {
        const free = f.value('link.downlinkSilenceShare');
        if (!(free < 0.95 && free > 0)) return null;
        return {
          text: `Data had the downlink slot to itself only ${f.percent('link.downlinkSilenceShare')} of the run: speech held it the rest of the time.`,
          weight: 2 + 3 * (1 - free),
        };
      },
    },
    {
      id: 'geran-stalling',
      apply(s, f) {
        const share = f.value('app.stallingShare');
        if (!(share >= 0.2)) return null;
        return {
          text: `The downloads spent ${f.percent('app.stallingShare')} of their time stalled — setting up, in slow start or waiting out timeouts — rather than filling the slot.`,
          weight: 2 + 4 * share,
        };
      },
    },
  ],
};
