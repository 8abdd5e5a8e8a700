/**
 * The data contract between the store and the D3 chart functions
 * (architecture.md rule 7: `createXChart(el, options) → { update(data), destroy() }`).
 */

/** Columns of one trace source as accumulated in the browser: time in seconds plus named fields. */
export interface SeriesColumns {
  readonly length: number;
  /** Simulated seconds of each record. */
  readonly t: Float64Array;
  readonly cols: Readonly<Record<string, Float64Array>>;
  /**
   * Oldest records of this source dropped to bound memory (engine ring or page columns); the
   * columns then start later than the run (span.ts). Absent or 0: the source is whole.
   */
  readonly dropped?: number;
  /**
   * Identity of a growing series (state/trace-buffers.ts): the same while records are only
   * appended and the oldest dropped. With `base` (records removed from the front: record i is
   * number base + i) a chart extends what it derived instead of deriving it again. Absent: the
   * columns are taken as they are (tests, finished runs).
   */
  readonly serial?: number;
  readonly base?: number;
}

/** Every trace source the page holds, keyed by source name (`tcp.send`, `link.frame`, …). */
export type TraceData = Readonly<Record<string, SeriesColumns>>;

/** The TCP events the sequence graph marks and the lab explains (a fast retransmit is a retransmission). */
export type TcpMarkKind = 'retransmission' | 'timeout' | 'dupAck' | 'stall';

/** A TCP event picked on a chart: seconds, first byte, and from its mark the kind, connection and a stall's end. */
export interface ChartSelection {
  readonly t: number;
  readonly seq: number;
  readonly kind?: TcpMarkKind;
  readonly conn?: number;
  /** A stall: when delivery went on, seconds. */
  readonly end?: number;
}

/** Shared time-axis state for all charts. */
export interface ChartView {
  /** Visible time window in seconds, or null for "fit to [0, simTime]". */
  readonly domain: readonly [number, number] | null;
  /** Simulated seconds reached. */
  readonly simTime: number;
  /** Colour theme. */
  readonly theme: 'light' | 'dark';
  /**
   * The TCP event the user picked (from `onSelect`), if any. The sequence graph rings it; the
   * link-layer chart shades the interval from the segment's original send to its retransmission;
   * other time charts draw a cursor. The explanation panel tells its cause.
   */
  readonly selection?: ChartSelection | null;
  /** Notes pinned to a time on this chart (drawn in its SVG, so exports carry them). */
  readonly notes?: readonly { readonly t: number; readonly text: string }[];
  /**
   * The baseline run's records (issue 25 item 2), drawn faintly behind the live run by every time
   * chart (baseline-layer.ts); absent or null: no baseline.
   */
  readonly baseline?: TraceData | null;
  /**
   * The run plays at max speed (issue 21): the time axis steps ahead of the data, and a chart that
   * can (`TimeChartSpec.streamKey`) draws only what came since its last whole draw. Once the run
   * stops, each chart draws whole on the axis [0, simTime] again, as it would have without this.
   */
  readonly streaming?: boolean;
}

export interface ChartOptions {
  /** Called when the user zooms or pans (wheel/drag/keys); the host updates the shared domain. */
  onDomainChange?(domain: readonly [number, number] | null): void;
  /** Called when the user clicks (or presses Enter on) a TCP event mark. */
  onSelect?(sel: ChartSelection): void;
  /** Accessible title. */
  title?: string;
  /**
   * Draw synchronously inside `update` instead of on the next animation frame (unit tests, export).
   * Charts also expose `flush()` to draw a pending frame immediately.
   */
  sync?: boolean;
  /** Show only this TCP connection (`conn` field); default: every connection (one line each). */
  conn?: number;
}

/** A chart instance owned by D3; React owns its lifecycle through one hook. */
export interface Chart {
  /** Store the data and view and draw on the next animation frame (at most once per frame). */
  update(data: TraceData, view: ChartView): void;
  /** Remove every node the chart created and detach its listeners. */
  destroy(): void;
  /** Draw a pending update now (optional; all charts in src/ui/charts implement it). */
  flush?(): void;
  /**
   * Take in new data without drawing (optional): a chart that keeps indexes of its records
   * extends them here, at every commit, so a later draw costs only its pixel columns (issue 21).
   */
  prepare?(data: TraceData): void;
}

/**
 * A capacity (bit/s) given as a number or read at each draw (PHS: the average of the links up,
 * which changes during the run — read live rather than re-creating the chart).
 */
export type CapacityOption = number | (() => number | undefined);

/** The capacity in force, or undefined when none (or not positive). */
export function capacityOf(c: CapacityOption | undefined): number | undefined {
  const v = typeof c === 'function' ? c() : c;
  return v !== undefined && Number.isFinite(v) && v > 0 ? v : undefined;
}
