import type { Realisation } from '../types';

/**
 * GSM's channel (gsm.md "Radio"): one Markov fading channel per direction, each drawn from its own
 * stream in every RLP frame slot, whatever RLP, PPP or TCP send.
 */
export const GSM_REALISATION: Realisation = {
  sources: [
    {
      name: 'channel.state',
      per: 'dir',
      records: 'channel-state records',
    },
  ],
  words:
    'the good/bad fading state of the uplink and downlink, frame slot by frame slot (one Markov channel per ' +
    'direction, each drawn from its own random stream whether a frame is sent or not)',
};
