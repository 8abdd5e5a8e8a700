import type { Realisation } from '../types';

/**
 * PHS's channels (phs.md "Radio"): each unit's shadowing and each link's fading channel per
 * direction draw from streams of their own; a link's channel is judged in the slots the link is up.
 */
export const PHS_REALISATION: Realisation = {
  sources: [{ name: 'channel.state', per: 'link' }],
  words:
    'the good/bad fading state of each PIAFS link, both directions, and each unit’s shadowing (one Markov ' +
    'channel per link and direction, one shadowing process per unit, each with its own random stream)',
  changedBy: {
    release:
      'a released link’s channel is not drawn while the link is down, so after a release (and a later add) ' +
      'that link’s channel differs from A’s; the other links’ stay identical',
    add:
      'a link added again continues its own channel where it stopped, not where A’s is: from then on that ' +
      'link’s channel differs from A’s; the other links’ stay identical',
  },
};
