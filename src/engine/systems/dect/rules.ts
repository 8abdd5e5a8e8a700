/**
 * The rules between DECT keys (scenario/types.ts KeyRule). Kept free of engine code (the UI
 * bundles it).
 */
import type { KeyRule } from '../../scenario/types';
import { tcpRules } from '../common-params';
import { DECT_BASE, DECT_TCP } from './params';

/**
 * `bth` ≤ `bearers` when `bth` is asked for: Connection_Modification sets bearers up again only
 * when fewer than bth are held (dect.md), and the TCP user never holds more than its target, so a
 * bth above the target (`bearers=2&bth=12`) means no more than bth = bearers. The default bth (4)
 * is not refused with a smaller target: it acts as bth = bearers, as the spec's rule reads.
 */
const BTH_RULE: KeyRule = {
  keys: ['bearers', 'bth'],
  resets: ['bth'],
  check(values, written) {
    const bearers = values.bearers as number;
    const bth = values.bth as number;
    if (!written.has('bth') || bth <= bearers) return undefined;
    return (
      `bth ${bth} is above the target of ${bearers} bearer${bearers === 1 ? '' : 's'}: bearers are set up again ` +
      `only when fewer than bth are held, and the TCP user never holds more than its target, so bth must be at most bearers`
    );
  },
};

export const DECT_RULES: readonly KeyRule[] = [...tcpRules(DECT_TCP, DECT_BASE), BTH_RULE];
