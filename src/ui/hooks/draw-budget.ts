/**
 * A shared drawing budget for the charts (ui.md "the main thread never blocks: charts
 * stay smooth while the engine runs at full speed"). Charts draw on animation frames,
 * least recently drawn first, within about BUDGET_MS per frame (the first chart of a frame always
 * draws); a chart whose draw is expensive is redrawn less often — at most a DUTY share of the time,
 * and slow frames never hold it back more than MAX_WAIT_MS, so every chart still updates at least ten times a second
 * (issue 21; a chart's draw costs what its pixel columns need, not the run's length: block-index.ts).
 * Once the data stops changing (the run ended or paused) every chart draws its last update without
 * waiting out its duty cycle — one after another within the frame budget, not all in one frame
 * (which made the long frames of issue 20 item 12 whenever commits came more than SETTLE_MS
 * apart): no chart lingers on an older window than the others (issue #8 item 4).
 * A chart scrolled out of view (`show(false)`, use-chart.ts watches the page) neither draws nor
 * takes in data while the run plays (`setStreaming`) or the data streams: coming into view, or the
 * run stopping and the data settling, has it take in the data then held (in a task of its own)
 * and draw. Its indexes then read only what the page's
 * buffers still hold — at most their cap per source — instead of every record of the run as it
 * came (issue 21: at 1280 × 720 the sequence graph is the one time chart in view; indexing the link
 * timeline's frames as they came was 40 % of the main thread's CPU in a 10^5 s IS-707 run, and
 * drawing the four charts below the fold most of the frames' drawing time).
 *
 * The page's other drawings that follow the run (`job`: the map, the DECT delay histogram, which drew
 * in animation frames of their own) draw in this loop after the charts due in the frame, within the
 * same budget: a frame that drew past BUDGET_MS (a chart's whole draw at an axis step while the run
 * streams) leaves them to the next frame. Issue 21: at max speed some long frames of DECT and PHS
 * were the sequence graph's whole draw and the map's own draw (up to 22 ms) in one frame.
 */
import type { FrameSource } from '../charts/frame-scheduler';
import type { Chart, ChartView, TraceData } from '../charts/types';
import { pageTask } from '../page-task';

/** Main-thread time per animation frame the charts may use together, ms. */
export const BUDGET_MS = 8;
/** Largest share of wall time one chart may spend drawing. */
export const DUTY = 0.2;
/**
 * Longest slow frames hold a dirty chart back from its next draw, beyond what its duty cycle asks,
 * ms: below the store's commit interval at full speed (runtime.ts MAX_SPEED_COMMIT_MS, 60 ms) less
 * a frame, so a cheap chart draws every commit — twelve to fifteen times a second. At 90 ms (above
 * it) a loaded machine's slow frames made every chart skip every other commit: 6–8 draws a second
 * (issue 21).
 */
export const MAX_WAIT_MS = 40;
/**
 * An update not followed by another for this long is the last of a stream (at full speed the store
 * commits every 60 ms, runtime.ts): it is drawn without waiting out its duty cycle, ms.
 */
export const SETTLE_MS = 150;

interface Entry {
  chart: Chart;
  data: TraceData;
  view: ChartView;
  dirty: boolean;
  /** Smoothed cost of one draw, ms. */
  cost: number;
  /** When it was last drawn, ms. */
  drawnAt: number;
  /** When it was last handed new data or view, ms. */
  updatedAt: number;
  /** Whether its chart has taken in `data` (Chart.prepare). */
  prepared: boolean;
  /** Whether its chart is in view (or near it); out of view it draws only once the data settles. */
  visible: boolean;
  /** A drawing of the page's own (`job`), not a chart fed by the store: drawn after the charts. */
  job: boolean;
}

/** A chart's entry (or a page drawing's, `job`), nothing drawn or due yet. */
function newEntry(chart: Chart, job: boolean): Entry {
  return {
    chart,
    data: {},
    view: { domain: null, simTime: 0, theme: 'light' },
    dirty: false,
    cost: 0,
    drawnAt: -Infinity,
    updatedAt: -Infinity,
    prepared: true,
    visible: true,
    job,
  };
}

/** A drawing the budget schedules (DrawBudget.job): `request` draws it on a coming frame. */
export interface BudgetJob {
  request(): void;
  /** Forget a pending draw (the drawing is gone). */
  cancel(): void;
}

export interface DrawBudgetDeps {
  now(): number;
  frame(cb: () => void): void;
  /**
   * Run `cb` as a task of its own soon (the page: a message to itself). Charts take in new data
   * there, one chart per task, so that a commit's indexing never adds up with drawing into one long
   * frame. Without it, a chart takes in new data at once.
   */
  task?(cb: () => void): void;
}

/**
 * Target interval between animation frames, ms: slower frames make the charts back off, by at most
 * MAX_WAIT_MS. Set above the page's 50 fps goal (issue #3), so the charts yield before the page
 * drops below it.
 */
const TARGET_FRAME_MS = 1000 / 55;
const MAX_BACKOFF = 32;

export class DrawBudget {
  private readonly entries = new Set<Entry>();
  private scheduled = false;
  private lastRun = -Infinity;
  /** Smoothed interval between frames while charts are waiting to draw, ms. */
  private gap = 1000 / 60;
  /** Extra spacing of chart draws when frames come too slowly (painting is costly too). */
  private backoff = 1;

  /**
   * Whether the run is playing (use-chart.ts follows the store): a chart out of view waits for its
   * end, however far apart commits come on a loaded machine, rather than for a pause in them.
   */
  private streaming = false;

  constructor(private readonly deps: DrawBudgetDeps) {}

  /** The run plays (true) or stopped: then every chart out of view takes in its data and draws. */
  setStreaming(on: boolean): void {
    if (this.streaming === on) return;
    this.streaming = on;
    if (!on && [...this.entries].some((e) => e.dirty)) this.schedule();
  }

  /** How many charts hold data they have not drawn yet (0: every chart shows its latest data). */
  pending(): number {
    let n = 0;
    for (const e of this.entries) if (e.dirty) n++;
    return n;
  }

  /** Register a chart; returns the function that hands it new data (and the one that forgets it). */
  add(chart: Chart): {
    update(data: TraceData, view: ChartView): void;
    remove(): void;
    show(visible: boolean): void;
  } {
    const e = newEntry(chart, false);
    this.entries.add(e);
    return {
      update: (data, view) => {
        // New records are indexed as they come (a commit's worth), not all at the next draw.
        const fresh = data !== e.data;
        e.data = data;
        if (fresh && chart.prepare) {
          e.prepared = false;
          // Out of view: taken in when it comes into view or the data settles (see `show`).
          if (e.visible) this.prepareSoon(e);
        }
        e.view = view;
        this.due(e);
      },
      remove: () => {
        this.entries.delete(e);
        this.toPrepare.delete(e);
      },
      show: (visible) => {
        if (e.visible === visible) return;
        e.visible = visible;
        if (visible && !e.prepared) this.prepareSoon(e);
        if (visible && e.dirty) this.schedule();
      },
    };
  }

  /**
   * Schedule `draw` (a drawing of the page's own, not fed by the store) in this loop: it draws on a
   * coming frame after the charts due in it, if the frame's budget has room (the first drawing of a
   * frame always draws), and counts as pending until then.
   */
  job(draw: () => void): BudgetJob {
    const e = newEntry({ update: () => {}, flush: draw, destroy: () => {} }, true);
    return {
      request: () => {
        this.entries.add(e);
        this.due(e);
      },
      cancel: () => {
        e.dirty = false;
        this.entries.delete(e);
      },
    };
  }

  private readonly toPrepare = new Set<Entry>();
  private prepareScheduled = false;

  /** Have `e`'s chart take in its data: in a task of its own when the page gives tasks, else now. */
  private prepareSoon(e: Entry): void {
    if (!this.deps.task) {
      this.prepare(e);
      return;
    }
    this.toPrepare.add(e);
    if (this.prepareScheduled) return;
    this.prepareScheduled = true;
    this.deps.task(() => this.prepareNext());
  }

  private prepare(e: Entry): void {
    this.toPrepare.delete(e);
    if (e.prepared) return;
    e.prepared = true;
    e.chart.prepare?.(e.data);
  }

  /** One chart per task. */
  private prepareNext(): void {
    this.prepareScheduled = false;
    const next = this.toPrepare.values().next();
    if (next.done) return;
    this.prepare(next.value);
    if (this.toPrepare.size > 0 && this.deps.task) {
      this.prepareScheduled = true;
      this.deps.task(() => this.prepareNext());
    }
  }

  /** `e` has something new to draw: on a coming frame. */
  private due(e: Entry): void {
    e.dirty = true;
    e.updatedAt = this.deps.now();
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.deps.frame(() => this.run());
  }

  /** Draw what fits in this frame; reschedule the rest. */
  run(): void {
    this.scheduled = false;
    const start = this.deps.now();
    // Measure how fast frames come while there is drawing to do; back off when they slow
    // down (the cost of painting the drawn SVG is not visible to `cost`).
    const gap = start - this.lastRun;
    this.lastRun = start;
    if (gap < 250) {
      this.gap = 0.8 * this.gap + 0.2 * gap;
      if (this.gap > TARGET_FRAME_MS) this.backoff = Math.min(MAX_BACKOFF, this.backoff * 1.1);
      else this.backoff = Math.max(1, this.backoff / 1.1);
    }
    // The charts first, least recently drawn first; the page's own drawings after them.
    const dirty = [...this.entries]
      .filter((e) => e.dirty)
      .sort((a, b) => Number(a.job) - Number(b.job) || a.drawnAt - b.drawnAt);
    let spent = 0;
    let left = false;
    for (const e of dirty) {
      const now = this.deps.now();
      // Duty cycle: an expensive chart waits cost / DUTY between draws; slow frames space the
      // charts further (backoff), but never past MAX_WAIT_MS beyond what the duty cycle asks.
      const duty = e.cost / DUTY - e.cost;
      const backedOff = duty * this.backoff + (this.backoff > 1 ? 16 * this.backoff : 0);
      const wait = Math.max(duty, Math.min(MAX_WAIT_MS, backedOff));
      const settled = now - e.updatedAt >= SETTLE_MS;
      if (!e.visible && (this.streaming || !settled || !e.prepared)) {
        // Settled out of view: its data is taken in by a task of its own first, then drawn.
        if (!this.streaming && settled) this.prepareSoon(e);
        left = true;
        continue;
      }
      const rested = settled || now - e.drawnAt >= wait;
      const fits = spent === 0 || spent + e.cost <= BUDGET_MS;
      if (!rested || !fits) {
        left = true;
        continue;
      }
      // Data not taken in yet (its task has not come): now, outside the draw's measured cost.
      if (!e.prepared) this.prepare(e);
      const t0 = this.deps.now();
      e.dirty = false;
      e.chart.update(e.data, e.view);
      e.chart.flush?.();
      const dt = this.deps.now() - t0;
      e.cost = e.cost === 0 ? dt : 0.7 * e.cost + 0.3 * dt;
      e.drawnAt = this.deps.now();
      spent = e.drawnAt - start;
    }
    if (left) this.schedule();
  }
}

/** The page's budget (requestAnimationFrame and performance.now). */
export const pageBudget = new DrawBudget({
  now: () => performance.now(),
  frame: (cb) => {
    requestAnimationFrame(() => cb());
  },
  task: pageTask(),
});

/**
 * Frames for a drawing of the page's own (the map, DECT's delay histogram: FrameScheduler's
 * `source`): in turn with the charts, never in the frame of a chart's whole draw.
 */
export const pageBudgetFrames: FrameSource = (run) => pageBudget.job(run);
