import { IS707_ITEMS } from './is707';
import type { ValidationItem } from './types';

/** Every "must reproduce" item of every built system, in spec order. */
export const VALIDATION_ITEMS: readonly ValidationItem[] = [...IS707_ITEMS];
