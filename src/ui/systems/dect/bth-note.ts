import type { ParamValue } from '../../../engine/scenario/types';

/**
 * The line under the bearer buttons (dect.md Connection_Modification), from the run's own `bth` and
 * target `bearers` (issue 20 item 26: it once said "bth = 4 … 7 of 10" in a preset with bth = 9).
 */
export function bthNote(values: Readonly<Record<string, ParamValue | undefined>>): string {
  const bth = typeof values.bth === 'number' ? values.bth : 4;
  const target = typeof values.bearers === 'number' ? values.bearers : 10;
  const rule =
    `Connection_Modification sets bearers up again, one at a time, only when fewer than bth are held ` +
    `(bth = ${bth}, target ${target}; Link layer group): `;
  if (bth > target)
    return `${rule}the target is below bth, so the connection always holds fewer than bth and sets bearers up again after any release.`;
  const release = target - bth + 1;
  return (
    `${rule}release ${release} of ${target} — leaving ${bth - 1}, fewer than bth — and watch the bearer chart; ` +
    `leave ${bth} or more and none comes back until the count falls below bth.`
  );
}
