import type { Realisation } from '../types';

/**
 * GERAN's shared slot (geran.md "Speech"): each direction's talkspurts come from a speech source
 * with its own stream, whatever data waits — so TCP, HTTP and delay keys leave them be.
 */
export const GERAN_REALISATION: Realisation = {
  sources: [
    {
      name: 'geran.speech',
      per: 'dir',
      records: 'talkspurt records',
      none: 'there is no voice call in these runs (speech off), so nothing is drawn for it',
    },
  ],
  words:
    'the talkspurts of both directions of the voice call (one speech source per direction, or one P.59 ' +
    'conversation, each with its own random stream)',
  note:
    'With a block error rate (bler > 0), block errors are drawn for data blocks only, one draw per data ' +
    'block in turn: when B sends other blocks than A, the same draws fall on other blocks.',
};
