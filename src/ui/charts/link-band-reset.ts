import type { BandColumns } from './link-bands';
import type { SourceView } from './data';

/**
 * A band source merged with the records of another source that turn a row's band off: a link
 * whose channel state is recorded only on changes keeps its last state after it is released, and
 * the next link on that row starts in the good state without a record (DECT: a bearer released in
 * the bad state; the new bearer set up later on the same row). The reset records (e.g. "bearer
 * released", "bearer up") end the band there.
 *
 * Both sources grow at the end as the run goes on, so the merge is kept and extended: only the
 * records added since the last call are merged, into columns that double when full (the band
 * index of link-bands.ts then extends too instead of starting again). A source whose front was
 * dropped, or whose columns were replaced, starts the merge again.
 */
export class BandResetMerge {
  private t: Float64Array = new Float64Array(0);
  private v: Float64Array = new Float64Array(0);
  private row: Float64Array = new Float64Array(0);
  private n = 0;
  private ia = 0;
  private ib = 0;
  private key: readonly unknown[] = [];

  /**
   * `band`: time, state and row columns; `reset`: time plus [row, kind] columns; records of
   * `reset` whose kind is in `kinds` set their row's state to 0.
   */
  merge(band: BandColumns, reset: SourceView | null, kinds: ReadonlySet<number>): BandColumns {
    if (!reset || reset.n === 0) return band;
    const key = [
      buf(band.t),
      buf(band.v),
      buf(band.row),
      band.t[0],
      buf(reset.t),
      buf(reset.req[0]),
      reset.t[0],
    ];
    const last = this.n > 0 ? this.t[this.n - 1] : -Infinity;
    const stale =
      key.some((k, i) => k !== this.key[i]) ||
      this.ia > band.n ||
      this.ib > reset.n ||
      (this.ia < band.n && band.t[this.ia] < last) ||
      (this.ib < reset.n && reset.t[this.ib] < last);
    if (stale) {
      // New columns, not the old ones rewritten: the band index keys on the columns' buffers.
      this.t = new Float64Array(0);
      this.v = new Float64Array(0);
      this.row = new Float64Array(0);
      this.n = 0;
      this.ia = 0;
      this.ib = 0;
      this.key = key;
    }
    const rowCol = reset.req[0];
    const kind = reset.req[1];
    this.reserve(band.n - this.ia + reset.n - this.ib);
    let { ia, ib, n } = this;
    const { t, v, row } = this;
    while (ia < band.n || ib < reset.n) {
      // On equal times the band's record first: the reset (a release) ends what was in force.
      if (ib >= reset.n || (ia < band.n && band.t[ia] <= reset.t[ib])) {
        t[n] = band.t[ia];
        v[n] = band.v[ia];
        row[n] = band.row[ia];
        n++;
        ia++;
      } else {
        if (kinds.has(kind[ib])) {
          t[n] = reset.t[ib];
          v[n] = 0;
          row[n] = rowCol[ib];
          n++;
        }
        ib++;
      }
    }
    this.ia = ia;
    this.ib = ib;
    this.n = n;
    return { n, t: t.subarray(0, n), v: v.subarray(0, n), row: row.subarray(0, n) };
  }

  private reserve(more: number): void {
    const need = this.n + more;
    if (need <= this.t.length) return;
    let cap = Math.max(1024, this.t.length);
    while (cap < need) cap *= 2;
    const grow = (a: Float64Array): Float64Array => {
      const b = new Float64Array(cap);
      b.set(a.subarray(0, this.n));
      return b;
    };
    this.t = grow(this.t);
    this.v = grow(this.v);
    this.row = grow(this.row);
  }
}

const buf = (c: ArrayLike<number>): unknown => (c as { buffer?: unknown }).buffer ?? c;
