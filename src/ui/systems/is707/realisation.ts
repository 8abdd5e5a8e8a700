import type { Realisation } from '../types';

/**
 * IS-707's channel (is707.md "Channel"): one Markov fading channel per direction, each drawn from
 * its own stream every 20 ms slot whether a frame is sent or not — so TCP and RLP keys leave it be.
 */
export const IS707_REALISATION: Realisation = {
  sources: [
    {
      name: 'channel.state',
      per: 'dir',
      records: 'channel-state records',
    },
  ],
  words:
    'the good/bad fading state of the forward and reverse radio links, slot by slot (one Markov channel per ' +
    'direction, each drawn from its own random stream in every slot, whether a frame is sent or not)',
};
