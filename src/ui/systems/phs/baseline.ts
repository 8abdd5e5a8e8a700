/** PHS's clean channel and headline figures (issue 25 items 1 and 2). */
import type { LabPlugin } from '../types';
import { PHS_LINKS } from '../../../engine/systems/phs/params';

/**
 * The cleanest channel the scenario's places allow: no body shadowing, no forced bursts, no link
 * released or added (timed toggles dropped). PHS has no frame-error key: each unit's errors follow
 * from its distance, which stays, so a far unit still errs.
 */
export const PHS_CLEAN: LabPlugin['cleanChannel'] = () => [
  { key: 'body', value: '0' },
  { key: 'burst', value: '' },
  { key: 'hit', value: 'none' },
  { key: 'release', value: '' },
  { key: 'add', value: '' },
  ...Array.from({ length: PHS_LINKS }, (_, i) => ({ key: `link${i + 1}`, value: '1' })),
];

export const PHS_HEADLINE = ['link.meanLinksUp', 'link.crcErrors'] as const;
