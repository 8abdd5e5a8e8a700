/**
 * The slot/carrier grids of the three RFPs as the lab reads them from the DECT view (engine
 * systems/dect/observe.ts): each station's `cells` is a string of 120 code digits, index
 * carrier × 12 + slot, in the codes of the engine's DECT contract (its `GRID_CELL_KINDS`). Pure: the grid panel draws from these, and tests read them.
 */
import type { MapStation, SystemView } from '../../../engine/systems/types';
import {
  DECT_CARRIERS as CARRIERS,
  DECT_SLOTS as SLOTS,
  GRID_CELL_KINDS as CELL_KINDS,
  gridCodeAt,
  GridCode,
  type GridCellKind as CellKind,
} from '../../../engine/systems/dect/contract';

export { CARRIERS, CELL_KINDS, SLOTS, type CellKind };

/** Legend words of each category. */
export const CELL_WORDS: Readonly<Record<CellKind, string>> = {
  free: 'free',
  interfered: 'interfered (the TCP user’s channel list, serving RFP only)',
  background: 'background terminal',
  tcp: 'TCP user’s bearer',
  handover: 'TCP user’s bearer in handover',
};

/** One RFP's grid as the panel draws it. */
export interface RfpGrid {
  readonly id: string;
  readonly label: string;
  /** Code (index into CELL_KINDS) per channel, carrier × 12 + slot. */
  readonly codes: Uint8Array;
  readonly counts: Readonly<Record<CellKind, number>>;
  /** Serves the TCP user. */
  readonly serving: boolean;
  /** The TCP user's channels here, as "carrier c, slot s" (1-based slot pairs, carriers from 0). */
  readonly tcpChannels: readonly string[];
}

/** The grid of one station of the DECT view, or null when it carries none. */
export function rfpGrid(s: MapStation): RfpGrid | null {
  const cells = s.state?.cells;
  if (typeof cells !== 'string' || cells.length !== SLOTS * CARRIERS) return null;
  const codes = new Uint8Array(cells.length);
  const counts = { free: 0, interfered: 0, background: 0, tcp: 0, handover: 0 };
  const tcp: string[] = [];
  for (let ch = 0; ch < cells.length; ch++) {
    const c = gridCodeAt(cells, ch);
    codes[ch] = c;
    counts[CELL_KINDS[c]]++;
    if (c === GridCode.TCP || c === GridCode.HANDOVER)
      tcp.push(
        `carrier ${Math.floor(ch / SLOTS)}, slot ${(ch % SLOTS) + 1}${c === GridCode.HANDOVER ? ' (in handover)' : ''}`,
      );
  }
  return {
    id: s.id,
    label: s.label,
    codes,
    counts,
    serving: s.state?.serving === true,
    tcpChannels: tcp,
  };
}

/** Every station's grid in the view (the stations that carry one). */
export function rfpGrids(view: SystemView | null): RfpGrid[] {
  return (view?.stations ?? []).map(rfpGrid).filter((g): g is RfpGrid => g !== null);
}

/** The grid in words, for screen readers and the figure's caption. */
export function gridWords(g: RfpGrid): string {
  const c = g.counts;
  return (
    `${g.label}${g.serving ? ' (serving the TCP user)' : ''}: ${c.tcp + c.handover} TCP user bearer` +
    `${c.tcp + c.handover === 1 ? '' : 's'}${c.handover > 0 ? ` (${c.handover} in handover)` : ''}, ` +
    `${c.background} background, ${g.serving ? `${c.interfered} interfered, ` : ''}${c.free} free of 120 channels`
  );
}
