import type { Realisation } from '../types';

/**
 * PHS's channels (phs.md "Radio"): each unit's shadowing and each link's fading channel per
 * direction draw from streams of their own; a link's channel is judged in the slots the link is up.
 */
export const PHS_REALISATION: Realisation = {
  sources: [
    // The units' field strengths carry the shadowing draws: a run whose links never see a CRC error
    // (a strong field draws no fading state at all, radio.ts `clean`) still has these to compare.
    {
      name: 'phs.field',
      per: 'unit',
      records: 'field-strength records',
    },
    {
      name: 'channel.state',
      per: 'link',
      records: 'CRC-verdict changes',
      none:
        'it records a link direction only when its CRC verdict changes, and every frame of both runs passed ' +
        'CRC (with a field this strong the fading channels are not even drawn)',
    },
  ],
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
