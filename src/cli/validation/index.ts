import { DECT_ITEMS } from './dect';
import { GERAN_ITEMS } from './geran';
import { GSM_ITEMS } from './gsm';
import { IS707_ITEMS } from './is707';
import { PHS_ITEMS } from './phs';
import type { ValidationItem } from './types';

/** Every "must reproduce" item of every built system, in spec order. */
export const VALIDATION_ITEMS: readonly ValidationItem[] = [
  ...IS707_ITEMS,
  ...GSM_ITEMS,
  ...PHS_ITEMS,
  ...DECT_ITEMS,
  ...GERAN_ITEMS,
];
