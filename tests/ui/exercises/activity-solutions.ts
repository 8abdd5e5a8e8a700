/**
 * What a student changes to answer each "their own run" question of the shipped activities (check
 * key → the keys set, as typed in the parameter panel), and the hint each walk opens. Shared by the
 * Vitest check of the activities (shipped-activities.test.ts: the step's own run fails the
 * question, the changed one passes, and no change touches a locked key) and by the browser walk
 * (e2e/activities.spec.ts), which types the same values.
 */
export interface ActivityWalk {
  readonly system: string;
  readonly id: string;
  readonly solutions: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** The check whose hint the walk opens (its cost comes off the score). */
  readonly hint: string;
}

export const WALKS: readonly ActivityWalk[] = [
  { system: 'is707', id: 'is707-figures-5-8', solutions: { '5.1': { idle: 'inf' } }, hint: '2.1' },
  {
    system: 'gsm',
    id: 'gsm-throughput-and-resets',
    solutions: { '3.1': { accm: '0' }, '6.1': { maxResets: 'inf' } },
    hint: '2.1',
  },
  {
    system: 'phs',
    id: 'phs-bundle-and-burst',
    solutions: { '2.1': { channels: '5' }, '6.1': { rtoMin: '0.5' } },
    hint: '1.1',
  },
  {
    system: 'dect',
    id: 'dect-bearers-and-throughput',
    solutions: {
      '2.1': { bearers: '4' },
      // Two bearers released by hand (the buttons under the map write these timed changes).
      '3.1': { events: '5@bearer1=0;5.15@bearer1=1;6@bearer2=0;6.15@bearer2=1' },
    },
    hint: '4.2',
  },
  {
    system: 'geran',
    id: 'geran-starvation-and-setup',
    solutions: { '5.1': { delay: '10.5' }, '6.1': { delay: '4.5' } },
    hint: '1.1',
  },
];
