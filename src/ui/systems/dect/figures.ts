/**
 * What DECT's own panels print that an exercise may hide (ui/exercises/hidden-policy.ts): the
 * length of a stretch without any bearer, written on the bearer chart's red band, is the figure
 * `link.tcpTimeouts` holds (its first stretch and the seconds of it before the first timeout).
 * No trace source is withheld for it: `dect.bearers` is the chart's line, the map's bearer
 * caption and the evidence of "Why did it happen?"'s chain, which the student is to read; the
 * band's label and the explanation's words (engine dect/explain.ts, DatagramQuery.hidden) leave
 * the length out instead.
 */
import type { FigureRef } from '../../exercises/hidden-policy';

export const NO_BEARER_LENGTH: FigureRef = {
  paths: ['link.tcpTimeouts.firstStretchS', 'link.tcpTimeouts.firstNoBearerS', 'link.tcpTimeouts.list'],
};
