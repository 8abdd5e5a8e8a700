/**
 * The curves of a remedies sweep (issue 26 item 5: "a sweep preset per system over `remedy=none|…`
 * against the system's main radio knob, same seeds"): one series per value of `remedy`, so every
 * point of every curve runs the same seeds — the same channel realisations, since the remedies act
 * above the radio (remedies.md).
 */
import type { REMEDY_VALUES } from '../../engine/systems/remedy-params';
import type { SweepSeries } from './types';

/** The values of `remedy` a sweep can draw (every one: the base-station ones where the system has the point). */
export type SweepRemedy = (typeof REMEDY_VALUES)[number];

const LABELS: Readonly<Record<SweepRemedy, string>> = {
  none: 'plain TCP',
  sack: 'SACK',
  timestamps: 'timestamps alone',
  eifel: 'Eifel',
  frto: 'F-RTO',
  snoop: 'Snoop',
  eln: 'ELN',
  split: 'split connection',
};

/** One series per remedy, labelled for people, keyed `remedy=<value>`. */
export function remedySeries(remedies: readonly SweepRemedy[]): SweepSeries[] {
  return remedies.map((r) => ({ label: LABELS[r], keys: `remedy=${r}` }));
}
