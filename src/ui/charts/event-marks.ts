/**
 * The TCP events of the sequence graph that the lab explains (issue 12, cross-layer drill-down):
 * retransmissions (◆, drawn by seq-chart.ts), duplicate ACKs (small ■ on the ACK line), timeouts
 * (▼ along the top of the plot) and stalls (a bar along the bottom from where in-order delivery
 * stopped to where it went on). A click on a mark, or Enter on its key (below), selects it.
 *
 * Keyboard and screen readers: the chart's svg is one image (role img), so the marks get an HTML
 * twin each — a `<button>` laid exactly over the mark, in a roving group (one tab stop; ← → Home
 * End move between the events in time order, Enter or Space explains). The buttons let mouse
 * clicks through to the svg marks (pointer-events: none), so pointing and keys select the same
 * event. Marks are thinned like the retransmission markers (one per grid cell).
 */
import { stallsOf, STALL_MIN_NS } from '../../engine/analysis/explain/tcp-events';
import { markerPath } from '../theme/chart-style';
import { MARKERS } from '../theme/palette';
import { connOk, readSource, visibleRange } from './data';
import { setAttrs } from './attrs';
import { PointGrid, r1 } from './decimate';
import { indexing, valueIndex } from './indexed';
import { visitMarks } from './marks';
import { StallIndex } from './stall-index';
import type { TimeDrawContext } from './time-chart';
import type { ChartSelection, TcpMarkKind } from './types';

/** One event mark in plot pixels. */
export interface EventMark extends ChartSelection {
  readonly kind: TcpMarkKind;
  readonly x: number;
  readonly y: number;
  /** A stall's right end, px. */
  readonly x2?: number;
}

/** Most marks of each kind drawn (and keyed) at once. */
const MAX_MARKS = 400;
/** A stall's rect is drawn at least this wide, px. */
const STALL_MIN_PX = 3;

const WORDS: Readonly<Record<TcpMarkKind, string>> = {
  retransmission: 'Retransmission',
  timeout: 'Timeout',
  dupAck: 'Duplicate ACK',
  stall: 'Stall',
};

/** The accessible name of a mark: what, when, and that Enter explains it. */
export function markLabel(m: ChartSelection & { kind: TcpMarkKind }): string {
  const what =
    m.kind === 'dupAck'
      ? `for byte ${m.seq}`
      : m.kind === 'stall'
        ? `of delivery before byte ${m.seq}, ${m.t.toFixed(3)}–${(m.end ?? m.t).toFixed(3)} s`
        : `of byte ${m.seq}`;
  const at = m.kind === 'stall' ? '' : ` at ${m.t.toFixed(3)} s`;
  return `${WORDS[m.kind]} ${what}${at}${m.conn ? `, connection ${m.conn}` : ''}: press Enter to explain`;
}

/**
 * Duplicate ACKs, timeouts and stalls in view, as marks (retransmissions come from seq-chart.ts,
 * which already walks `tcp.send`). `yb` maps bytes to plot y.
 */
export function collectEventMarks(
  ctx: TimeDrawContext,
  want: number | undefined,
  yb: (bytes: number) => number,
): EventMark[] {
  const { data, fx, t0, t1, indexes } = ctx;
  const out: EventMark[] = [];
  const ack = readSource(data, 'tcp.ack', ['ack', 'dup'], ['conn']);
  if (ack) {
    const grid = new PointGrid(6);
    const [a, dup] = ack.req;
    const [i0, i1] = visibleRange(ack.t, ack.n, t0, t1);
    const offer = (i: number): void => {
      if (out.length >= MAX_MARKS) return;
      const x = fx(ack.t[i]);
      const y = yb(a[i]);
      if (grid.accept(x, y))
        out.push({ kind: 'dupAck', t: ack.t[i], seq: a[i], conn: ack.opt[0]?.[i], x, y });
    };
    // Duplicate ACKs only: records whose `dup` is 0 are left out of the index.
    const index = valueIndex(indexes, 'tcp.ack/dup', data, 'tcp.ack', 'ack', () => true, 'dup');
    if (index) visitMarks(index, ack.t, i0, i1, fx, want, 0, offer);
    else
      for (let i = i0; i < i1 && out.length < MAX_MARKS; i++) {
        if (dup[i] === 0 || !connOk(ack.opt[0], i, want)) continue;
        offer(i);
      }
  }
  const to = readSource(data, 'tcp.timeout', ['seq'], ['conn']);
  if (to) {
    const grid = new PointGrid(8);
    const [i0, i1] = visibleRange(to.t, to.n, t0, t1);
    const offer = (i: number): void => {
      if (out.length >= 2 * MAX_MARKS) return;
      const x = fx(to.t[i]);
      if (grid.accept(x, 7))
        out.push({ kind: 'timeout', t: to.t[i], seq: to.req[0][i], conn: to.opt[0]?.[i], x, y: 7 });
    };
    const index = valueIndex(indexes, 'tcp.timeout/marks', data, 'tcp.timeout', 'seq', () => true);
    if (index) visitMarks(index, to.t, i0, i1, fx, want, 0, offer);
    else
      for (let i = i0; i < i1 && out.length < 2 * MAX_MARKS; i++) {
        if (!connOk(to.opt[0], i, want)) continue;
        offer(i);
      }
  }
  out.push(...stallMarks(ctx, want));
  return out;
}

/**
 * The stalls in view, as marks. They come in time order; one whose rect (drawn at least
 * STALL_MIN_PX wide, all on one row) reaches no pixel column beyond those already marked lies under
 * or over them and is left out, so the marks are at most one per column however many stalls the
 * view holds: GERAN at repeat=500 had 4,132 stall rects (and as many keys) rewritten at every
 * redraw, a cost that grew with the run (issue 21: per-frame costs independent of run length).
 */
function stallMarks(ctx: TimeDrawContext, want: number | undefined): EventMark[] {
  const { data, fx, t0, t1, h, indexes } = ctx;
  const out: EventMark[] = [];
  const del = readSource(data, 'tcp.deliver', ['bytes'], ['conn']);
  if (del) {
    let covered = -Infinity;
    const mark = (s: { t: number; end?: number; seq: number; conn: number }): void => {
      if (s.end === undefined || s.end < t0 || s.t > t1 || (want !== undefined && s.conn !== want)) return;
      const x = fx(s.t);
      const x2 = fx(s.end);
      const right = Math.max(x2, x + STALL_MIN_PX);
      if (right <= covered + 1) return;
      covered = Math.max(covered, right);
      out.push({ kind: 'stall', t: s.t, end: s.end, seq: s.seq, conn: s.conn, x, x2, y: h - 4 });
    };
    // The engine's stall rule (analysis/explain), on the page's seconds: kept up to date as the
    // deliveries arrive (stall-index.ts), or worked out afresh for a chart drawn without indexes.
    if (indexing.enabled) {
      const stalls = indexes.keep(
        'tcp.deliver/stalls',
        () => new StallIndex(STALL_MIN_NS / 1e9, 'tcp.deliver'),
      );
      stalls.sync(data['tcp.deliver']);
      for (const s of stalls.marks(t0, t1, want, (t) => Math.floor(fx(t)))) mark(s);
    } else for (const s of stallsOf(del.t, del.req[0], del.opt[0], del.n, STALL_MIN_NS / 1e9)) mark(s);
  }
  return out;
}

/** Draw the marks of {@link collectEventMarks} into the chart's `tcp-events` layer. */
export function drawEventMarks(ctx: TimeDrawContext, marks: readonly EventMark[]): void {
  const { frame, p } = ctx;
  const g = frame.layer('tcp-events');
  const point = marks.filter((m) => m.kind !== 'stall');
  const sym = (k: TcpMarkKind): string =>
    k === 'timeout' ? markerPath(MARKERS.timeout, 50) : markerPath(MARKERS.fastRetransmit, 22);
  // Only what changed is written (attrs.ts): at full speed the marks mostly just move.
  g.selectAll<SVGPathElement, EventMark>('path.tcp-event')
    .data(point)
    .join('path')
    .each(function (m) {
      setAttrs(this, {
        class: `tcp-event ${m.kind === 'timeout' ? 'wtl-timeout' : 'wtl-dupack'}`,
        ...dataOf(m),
        transform: `translate(${r1(m.x)},${r1(m.y)})`,
        d: sym(m.kind),
        fill: m.kind === 'timeout' ? p.series.timeout : p.series.ack,
        stroke: p.neutral.background,
        'stroke-width': 1,
      });
    });
  g.selectAll<SVGRectElement, EventMark>('rect.tcp-event')
    .data(marks.filter((m) => m.kind === 'stall'))
    .join('rect')
    .each(function (m) {
      setAttrs(this, {
        class: 'tcp-event wtl-stall',
        ...dataOf(m),
        x: r1(m.x),
        y: r1(m.y - 3),
        width: r1(Math.max(STALL_MIN_PX, (m.x2 ?? m.x) - m.x)),
        height: 6,
        fill: p.status.bad,
        'fill-opacity': 0.8,
      });
    });
}

/** A mark's data attributes (what a click on it selects: markOf). */
function dataOf(m: EventMark): Record<string, string | number | null> {
  return {
    'data-kind': m.kind,
    'data-t': m.t,
    'data-seq': m.seq,
    'data-conn': m.conn ?? null,
    'data-end': m.end ?? null,
  };
}

/** The event a clicked svg element (or its ancestor) marks, or null. */
export function markOf(el: Element | null): ChartSelection | null {
  const m = el?.closest?.('.tcp-event');
  if (!m) return null;
  const num = (k: string): number | undefined => {
    const v = m.getAttribute(k);
    return v === null || v === '' ? undefined : Number(v);
  };
  return {
    t: Number(m.getAttribute('data-t')),
    seq: Number(m.getAttribute('data-seq')),
    kind: (m.getAttribute('data-kind') as TcpMarkKind | null) ?? 'retransmission',
    conn: num('data-conn'),
    end: num('data-end'),
  };
}

/**
 * The HTML keys of the marks: one button per mark over the chart, one tab stop for the group.
 * `place` lays them out after each draw; `select` is called on Enter or Space.
 */
export class EventKeys {
  private readonly box: HTMLDivElement;
  private current = 0;
  private marks: EventMark[] = [];

  constructor(
    wrapper: HTMLElement,
    private readonly select: (m: ChartSelection) => void,
  ) {
    const doc = wrapper.ownerDocument;
    this.box = doc.createElement('div');
    this.box.className = 'tcp-event-keys';
    this.box.setAttribute('role', 'group');
    this.box.setAttribute('aria-label', 'TCP events on the sequence graph (arrow keys move, Enter explains)');
    wrapper.appendChild(this.box);
    this.box.addEventListener('keydown', this.onKey);
  }

  /**
   * Lay the buttons over `marks` (px of the svg, plot offset `left`, `top`), in time order. Only
   * what changed is written (a button's mark, its pressed state, its tab stop), and only the tab
   * stop is placed: the others are invisible until focused, and the arrow keys place a button
   * before focusing it. Writing every button's position and label at every redraw, while the run
   * streams at full speed, was a cost that grew with the marks (issue 21).
   */
  place(
    marks: readonly EventMark[],
    left: number,
    top: number,
    selected: ChartSelection | null | undefined,
  ): void {
    const list = [...marks].sort((a, b) => a.t - b.t || a.seq - b.seq);
    const doc = this.box.ownerDocument;
    while (this.box.children.length > list.length) this.box.lastElementChild!.remove();
    while (this.box.children.length < list.length) {
      const b = doc.createElement('button');
      b.type = 'button';
      b.className = 'tcp-event-key';
      // A button keeps its place in the group: button k always keys the k-th mark in time.
      b.dataset.index = String(this.box.children.length);
      b.addEventListener('click', () => this.activate(Number(b.dataset.index)));
      this.box.appendChild(b);
    }
    const focusedIndex = list.findIndex((m) => same(m, this.marks[this.current]));
    const selIndex = selected ? list.findIndex((m) => same(m, selected)) : -1;
    this.current = Math.max(0, focusedIndex >= 0 ? focusedIndex : selIndex >= 0 ? selIndex : 0);
    this.marks = list;
    this.left = left;
    this.top = top;
    list.forEach((m, i) => {
      const b = this.box.children[i] as HTMLButtonElement;
      const key = `${m.kind}|${m.t}|${m.seq}|${m.conn ?? ''}|${m.end ?? ''}`;
      if (b.dataset.key !== key) {
        b.dataset.key = key;
        b.dataset.kind = m.kind;
        b.setAttribute('aria-label', markLabel(m));
      }
      const pressed = selected && same(m, selected) ? 'true' : 'false';
      if (b.getAttribute('aria-pressed') !== pressed) b.setAttribute('aria-pressed', pressed);
      const tab = i === this.current ? 0 : -1;
      if (b.tabIndex !== tab) b.tabIndex = tab;
      if (tab === 0 || b === doc.activeElement) this.position(b, m);
    });
  }

  private left = 0;
  private top = 0;

  /** Put button `b` over its mark `m`. */
  private position(b: HTMLButtonElement, m: EventMark): void {
    const w = m.kind === 'stall' ? Math.max(12, (m.x2 ?? m.x) - m.x) : 16;
    const x = m.kind === 'stall' ? m.x : m.x - 8;
    b.style.left = `${this.left + x}px`;
    b.style.top = `${this.top + m.y - 8}px`;
    b.style.width = `${w}px`;
  }

  destroy(): void {
    this.box.removeEventListener('keydown', this.onKey);
    this.box.remove();
  }

  private activate(i: number): void {
    const m = this.marks[i];
    if (!m) return;
    this.current = i;
    this.select({ t: m.t, seq: m.seq, kind: m.kind, conn: m.conn, end: m.end });
  }

  private readonly onKey = (e: KeyboardEvent): void => {
    const n = this.marks.length;
    if (n === 0) return;
    let next = this.current;
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') next = Math.min(n - 1, next + 1);
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') next = Math.max(0, next - 1);
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = n - 1;
    else return; // Enter and Space reach the button's own click
    // The chart's own keys (pan and zoom) must not see the arrows meant for the events.
    e.preventDefault();
    e.stopPropagation();
    const buttons = this.box.children;
    (buttons[this.current] as HTMLButtonElement | undefined)?.setAttribute('tabindex', '-1');
    this.current = next;
    const b = buttons[next] as HTMLButtonElement;
    b.tabIndex = 0;
    this.position(b, this.marks[next]);
    b.focus();
  };
}

function same(a: ChartSelection | undefined, b: ChartSelection | undefined): boolean {
  return (
    !!a &&
    !!b &&
    a.t === b.t &&
    a.seq === b.seq &&
    (a.kind ?? 'retransmission') === (b.kind ?? 'retransmission')
  );
}
