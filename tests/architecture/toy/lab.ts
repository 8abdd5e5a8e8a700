/** The toy system's lab folder: one LabPlugin, with its exercises folder and its map behaviour. */
import { IS707_DECODER } from '../../../src/ui/systems/is707/link-decoder';
import { IS707_PACKET_PATH } from '../../../src/ui/systems/is707/packet-path';
import { activityFiles, exerciseFiles } from '../../../src/ui/exercises/collect';
import type { LabPlugin } from '../../../src/ui/systems/types';
import { viewFigures } from '../../../src/ui/systems/view-figures';

const EXERCISE_FILES = import.meta.glob<unknown>('./exercises/*.json', { eager: true, import: 'default' });

export const TOY_LAB: LabPlugin = {
  id: 'toy',
  exercises: exerciseFiles('toy', EXERCISE_FILES),
  activities: activityFiles('toy', {}),
  presets: [
    {
      id: 'toy-free',
      system: 'toy',
      title: 'Toy: free play',
      scenario: 'system=toy&fer=0.1',
      description: 'the toy bearer at 10 % frame errors',
    },
  ],
  panels: [],
  summaryFields: {
    'link.frames': { label: 'Toy frames sent', quantity: { form: 'count' } },
    'link.good': { label: 'Toy frames received intact', quantity: { form: 'count' } },
  },
  // Its view writes no captions or counters.
  viewFigures: viewFigures({}),
  linkDecoder: IS707_DECODER,
  // Its link records frames as IS-707's RLP does: one lane, the same fields.
  packetPath: IS707_PACKET_PATH,
  mapRadio: { kind: 'always', how: 'the toy FER grows with the distance' },
};
