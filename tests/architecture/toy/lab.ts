/** The toy system's lab folder: one LabPlugin. */
import { IS707_DECODER } from '../../../src/ui/charts/link-decoders';
import type { LabPlugin } from '../../../src/ui/systems/types';

export const TOY_LAB: LabPlugin = {
  id: 'toy',
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
  linkDecoder: IS707_DECODER,
};
