import { DECT_ITEMS } from './dect';
import { GERAN_ITEMS } from './geran';
import { GSM_ITEMS } from './gsm';
import { IS707_ITEMS } from './is707';
import { PHS_ITEMS } from './phs';
import { REMEDY_ITEMS } from './remedies';
import type { ValidationItem } from './types';

/**
 * Every "must reproduce" item of every built system, in spec order: each system's own items, then
 * its items of remedies.md (remedies.ts).
 */
export const VALIDATION_ITEMS: readonly ValidationItem[] = [
  ...IS707_ITEMS,
  ...(REMEDY_ITEMS.is707 ?? []),
  ...GSM_ITEMS,
  ...(REMEDY_ITEMS.gsm ?? []),
  ...PHS_ITEMS,
  ...(REMEDY_ITEMS.phs ?? []),
  ...DECT_ITEMS,
  ...GERAN_ITEMS,
  ...(REMEDY_ITEMS.geran ?? []),
];
