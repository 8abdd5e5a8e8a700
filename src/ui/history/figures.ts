import type { SystemId } from '../../engine/scenario/types';
import { bitRate, num, seconds } from '../format';
import { formatQuantity } from '../quantity';
import { summaryField } from '../summary-fields';

/** Labels and print forms of the figures every run is listed with. */
export const COMMON_COLUMNS: readonly { path: string; label: string; fmt(v: number): string }[] = [
  { path: 'tcp.goodputBps', label: 'Goodput', fmt: bitRate },
  { path: 'tcp.timeouts', label: 'Timeouts', fmt: (v) => num(v) },
  { path: 'tcp.maxRto', label: 'Largest RTO', fmt: seconds },
];

/** A history figure as printed (a system's own through its summary field's quantity). */
export function historyFigure(system: string, path: string, v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '–';
  const common = COMMON_COLUMNS.find((c) => c.path === path);
  if (common) return common.fmt(v);
  const field = summaryField(system as SystemId, path);
  return field ? formatQuantity(field.quantity, v) : num(v, 3);
}

/** The label of a system's own headline figure. */
export function headlineLabel(system: string, path: string): string {
  const common = COMMON_COLUMNS.find((c) => c.path === path);
  if (common) return common.label;
  return summaryField(system as SystemId, path)?.label ?? path;
}
