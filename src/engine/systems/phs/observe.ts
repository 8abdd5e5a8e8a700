/**
 * The PHS system's own trace sources (architecture.md rule 3: the UI and the validation read
 * named sources, never internals), besides `piafs.monitor` (written by the PIAFS entities),
 * `phs.link` (link life cycle, written by LinkControl) and TCP's:
 *
 * - `channel.state` (link, dir, bad): a link direction's CRC verdict changed (dir 0 = down,
 *   received at the MS; 1 = up, received at the BS; the link chart draws it in the monitor's row
 *   link × 2 + dir);
 * - `mp.state` (end, M, buffered, discarded): a Multilink receiver's M, reorder-buffer fill or
 *   discarded-packet count changed (end 0 = the MS's receiver, 1 = the BS's; M = −1 with no
 *   member link);
 * - `phs.field` (unit, dbuv, fer): a unit's field strength changed (the phone moved).
 *
 * `channel.state` and `mp.state` change with every slot's verdict and every fragment: frame-level
 * sources, outside `traceHash` and recorded only for a reader that keeps them (core/trace.ts).
 *
 * Also keeps per-link observed figures for the summary and the map (bad slots, bursts).
 */
import type { Nanos } from '../../core/time';
import type { TraceRecorder, TraceSource } from '../../core/trace';
import { detailRecorder } from '../../link/link-trace';
import type { MultilinkReceiver } from '../../link/ppp-multilink';
import type { Packet } from '../../core/packet';
import type { PhsBundle } from './links';
import { PHS_LINKS, PHS_UNITS, type PhsRadio } from './radio';

export class PhsObserver {
  private readonly channelState: TraceSource | null;
  private readonly mpState: TraceSource | null;
  private readonly field: TraceSource;
  /** Last verdict per link direction (index link × 2 + dir). */
  private readonly last = new Uint8Array(PHS_LINKS * 2);
  /** Slots with a CRC error per link direction, and runs of them. */
  readonly errorSlots = new Float64Array(PHS_LINKS * 2);
  readonly errorRuns = new Float64Array(PHS_LINKS * 2);
  /** Longest run of consecutive error slots seen on any link direction. */
  longestRun = 0;
  private readonly run = new Float64Array(PHS_LINKS * 2);
  private readonly mp = new Float64Array(6).fill(NaN);

  constructor(
    traces: TraceRecorder,
    private readonly radio: PhsRadio,
    private readonly bundle: PhsBundle,
  ) {
    const frames = detailRecorder(traces);
    this.channelState = frames
      ? frames.source(
          'channel.state',
          ['link', 'dir', 'bad'],
          { dir: ['down', 'up'], bad: ['good', 'CRC error'] },
          { detail: true },
        )
      : null;
    this.mpState = frames
      ? frames.source(
          'mp.state',
          ['end', 'M', 'buffered', 'discarded'],
          { end: ['MS', 'BS'] },
          { detail: true },
        )
      : null;
    this.field = traces.source('phs.field', ['unit', 'dbuv', 'fer']);
  }

  /** After each slot: channel verdict changes, error runs, Multilink state. */
  slot(now: Nanos): void {
    const v = this.radio.verdict;
    const active = this.bundle.active;
    for (let k = 0; k < PHS_LINKS * 2; k++) {
      if (active[k >> 1] === 0) continue;
      const bad = v[k];
      if (bad === 1) {
        this.errorSlots[k]++;
        if (this.last[k] === 0) this.errorRuns[k]++;
        const r = ++this.run[k];
        if (r > this.longestRun) this.longestRun = r;
      } else this.run[k] = 0;
      if (bad !== this.last[k]) {
        this.last[k] = bad;
        this.channelState?.record(now, k >> 1, k & 1, bad);
      }
    }
    if (this.mpState !== null) {
      this.mpEnd(0, this.mpState, this.bundle.ms.receiver, now);
      this.mpEnd(1, this.mpState, this.bundle.bs.receiver, now);
    }
  }

  /** Record the units' field strengths and error rates. */
  fields(now: Nanos): void {
    for (let u = 0; u < PHS_UNITS; u++) this.field.record(now, u, this.radio.field[u], this.radio.fer[u]);
  }

  /** Did link `i` have a CRC error in either direction in the last slot? */
  lastError(i: number): boolean {
    return this.last[2 * i] === 1 || this.last[2 * i + 1] === 1;
  }

  private mpEnd(end: number, source: TraceSource, r: MultilinkReceiver<Packet>, now: Nanos): void {
    const m = Number.isFinite(r.M) ? r.M : -1;
    const b = r.buffered;
    const d = r.counters.packetsDiscarded;
    const k = 3 * end;
    if (m === this.mp[k] && b === this.mp[k + 1] && d === this.mp[k + 2]) return;
    this.mp[k] = m;
    this.mp[k + 1] = b;
    this.mp[k + 2] = d;
    source.record(now, end, m, b, d);
  }
}
