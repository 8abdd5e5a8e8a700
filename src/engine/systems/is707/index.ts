/** System 1 — TCP over IS-707 RLP (is707.md); the model lives in `model.ts`, its keys in `params.ts`. */
import type { SystemDefinition } from '../types';
import { IS707_INFO } from './info';
import { Is707Model } from './model';

export const IS707_SYSTEM: SystemDefinition = {
  ...IS707_INFO,
  create: (ctx, scenario) => new Is707Model(ctx, scenario),
};
