/**
 * A short two-step activity a teacher wrote, carried by its link (`#ex=`), for the presenter and
 * embed tests (issue 24): each step's question is about the student's own run (run it to its end),
 * so a test answers it by playing a 5-second run; each step has a caption for presenter mode.
 */
import { expect } from '@playwright/test';
import { parseActivity } from '../src/state/activity-schema';
import { encodeActivityToken } from '../src/state/exercise-link';

export const CLASS_SCENARIO = 'system=is707&fer=0.1&duration=5';

const ranToEnd = {
  question: 'Run the simulation to its end.',
  answer: {
    kind: 'state',
    requireDone: true,
    conditions: [{ path: 'simTime', op: '>=', value: 4.9, label: 'the time reached' }],
  },
};

export const CAPTION_1 =
  'Watch the sequence graph: each dot is a segment sent. Where the line flattens, TCP is waiting for a lost frame to come back through the radio link protocol.';
export const CAPTION_2 =
  'The retransmission timeout grows each time the timer fires. Point at the largest step on the RTO chart and say what the link was doing then.';

export function classActivity() {
  const { activity, problems } = parseActivity({
    id: 'class-demo',
    system: 'is707',
    title: 'A first look at TCP over IS-707',
    steps: [
      {
        title: 'The sequence graph',
        text: 'Play the run.',
        caption: CAPTION_1,
        scenario: CLASS_SCENARIO,
        checks: [ranToEnd],
      },
      {
        title: 'The timer',
        text: 'Look at the RTO chart.',
        caption: CAPTION_2,
        charts: ['seq', 'rto'],
        checks: [ranToEnd],
      },
    ],
  });
  expect(problems).toEqual([]);
  return activity!;
}

/** The fragment items opening the activity at its first step. */
export function classActivityItems(): string {
  return `exercise=class-demo&ex=${encodeActivityToken(classActivity())}`;
}
