/**
 * Link set-up and loss (phs.md "Link set-up and loss"): a link can be set up only while its
 * unit's field strength is ≥ 30 dBµV, and set-up takes `setupTime`; a link whose unit stays
 * below `dropLevel` for `dropTime` is released; released links come back when the user adds them
 * (the `add` list or a toggle) or, with `autoRedial` > 0, automatically that many seconds later.
 * Every release draws its Multilink detection delay (`releaseDetect`: fixed, or uniform 1–6 s
 * from the named stream `phs.releaseDetect`, phs.md "PPP Multilink").
 *
 * Timed items (`release`, `add`, `burst`) are scheduler events; a live change of one of those
 * keys cancels its items still to come and schedules the new list's items that lie ahead.
 */
import { LINK_SETUP_MIN_DBUV } from '../../channel';
import type { RandomStream } from '../../core/rng';
import type { Scheduler, Timer } from '../../core/scheduler';
import { NS_PER_SECOND, seconds, type Nanos } from '../../core/time';
import type { TraceSource } from '../../core/trace';
import type { TimedItem } from '../../scenario/types';
import type { PhsBundle } from './links';
import { PHS_LINKS, PHS_UNITS, unitOfLink, type PhsRadio } from './radio';

/** Life-cycle state of a link (trace labels of `phs.link`). */
export const LinkState = { DOWN: 0, SETUP: 1, UP: 2, DEAD: 3 } as const;
export type LinkState = (typeof LinkState)[keyof typeof LinkState];
export const LINK_STATE_LABELS: readonly string[] = ['down', 'setup', 'up', 'released (not yet noticed)'];

/** Why a link is released: the user's toggle is never redialled automatically. */
export type ReleaseCause = 'user' | 'list' | 'radio';

export interface LinkControlOptions {
  readonly setupTime: number;
  readonly dropLevel: number;
  readonly dropTime: number;
  readonly autoRedial: number;
  /** Fixed detection delay in seconds, or null for uniform 1–6 s per release. */
  readonly releaseDetect: number | null;
}

/** Detection delay range of `releaseDetect=random`, seconds (phs.md). */
export const RELEASE_DETECT_MIN = 1;
export const RELEASE_DETECT_MAX = 6;

/** Counters of the link life cycle. */
export interface LinkControlCounters {
  setups: number;
  setupFailures: number;
  releases: number;
  drops: number;
}

export class LinkControl {
  readonly state = new Uint8Array(PHS_LINKS);
  /** The user switched the link off (toggle): no automatic redial. */
  readonly userOff = new Uint8Array(PHS_LINKS);
  readonly counters: LinkControlCounters = { setups: 0, setupFailures: 0, releases: 0, drops: 0 };
  /** Detection delay drawn for each release, seconds, in order. */
  readonly detectDelays: number[] = [];
  private readonly setupTimers: Timer[] = [];
  private readonly redialTimers: Timer[] = [];
  private readonly noticeTimers: Timer[] = [];
  private readonly dropTimers: Timer[] = [];
  private readonly scheduled = new Map<string, Timer[]>();
  /** Integral of the number of links up over time (link·ns), for the mean capacity. */
  private upIntegral = 0;
  private upCount = 0;
  private upSince: Nanos = 0;
  /** Since when no link has been up (−1 while one is), and the longest such spell that ended. */
  private noneSince: Nanos = 0;
  private longestNone: { from: Nanos; to: Nanos } = { from: 0, to: 0 };

  constructor(
    private readonly scheduler: Scheduler,
    private readonly radio: PhsRadio,
    private readonly bundle: PhsBundle,
    private readonly detectRng: RandomStream,
    private readonly o: LinkControlOptions,
    private readonly trace: TraceSource,
    private readonly onBurst: (link: number, until: Nanos) => void,
  ) {
    for (let i = 0; i < PHS_LINKS; i++) {
      this.setupTimers.push(scheduler.timer((now) => this.setupDone(i, now)));
      this.redialTimers.push(scheduler.timer((now) => this.requestSetup(i, now, true)));
      this.noticeTimers.push(
        scheduler.timer((now) => {
          if (this.state[i] === LinkState.DEAD) this.setState(i, LinkState.DOWN, now);
        }),
      );
    }
    for (let u = 0; u < PHS_UNITS; u++) {
      this.dropTimers.push(scheduler.timer((now) => this.drop(u, now)));
    }
  }

  /** Links set up before the run (the study started its transfers with the links connected). */
  startUp(wanted: readonly boolean[]): void {
    for (let i = 0; i < PHS_LINKS; i++) {
      if (!wanted[i]) continue;
      if (this.radio.field[unitOfLink(i)] < LINK_SETUP_MIN_DBUV) {
        this.counters.setupFailures++;
        continue;
      }
      this.bringUp(i, 0);
    }
    this.checkDrops(0);
  }

  /** Links whose PIAFS link is carrying frames. */
  get linksUp(): number {
    return this.upCount;
  }

  /** Mean number of links up over [0, now]. */
  meanLinksUp(now: Nanos): number {
    if (now <= 0) return this.upCount;
    return (this.upIntegral + this.upCount * (now - this.upSince)) / now;
  }

  /** The longest spell of [0, now] with no link up (a spell still going on ends at `now`). */
  longestNoLinkSpell(now: Nanos): { from: Nanos; to: Nanos } {
    const l = this.longestNone;
    if (this.upCount === 0 && now - this.noneSince > l.to - l.from) return { from: this.noneSince, to: now };
    return l;
  }

  /** Ask for link `i` to be set up (a toggle, the `add` list, or an automatic redial). */
  requestSetup(i: number, now: Nanos, redial = false): void {
    if (this.state[i] === LinkState.UP || this.state[i] === LinkState.SETUP) return;
    if (redial && this.userOff[i]) return;
    if (this.radio.field[unitOfLink(i)] < LINK_SETUP_MIN_DBUV) {
      this.counters.setupFailures++;
      this.scheduleRedial(i, now);
      return;
    }
    this.setState(i, LinkState.SETUP, now);
    this.setupTimers[i].set(now + seconds(this.o.setupTime));
  }

  /** Release link `i` (or cancel its set-up). */
  release(i: number, now: Nanos, cause: ReleaseCause): void {
    const s = this.state[i];
    if (s === LinkState.SETUP) {
      this.setupTimers[i].cancel();
      this.setState(i, LinkState.DOWN, now);
      return;
    }
    if (s !== LinkState.UP) return;
    const detect = this.o.releaseDetect ?? this.detectRng.uniform(RELEASE_DETECT_MIN, RELEASE_DETECT_MAX);
    this.detectDelays.push(detect);
    const detectNs = seconds(detect);
    this.bundle.release(i, now, detectNs);
    this.counters.releases++;
    this.setUp(i, false, now);
    this.setState(i, LinkState.DEAD, now);
    this.noticeTimers[i].set(now + detectNs);
    if (cause !== 'user') this.scheduleRedial(i, now);
  }

  /** The user's toggle of link `i`. */
  toggle(i: number, on: boolean, now: Nanos): void {
    this.userOff[i] = on ? 0 : 1;
    if (on) {
      this.redialTimers[i].cancel();
      this.requestSetup(i, now);
    } else {
      this.redialTimers[i].cancel();
      this.release(i, now, 'user');
    }
  }

  /** The unit fields changed (the phone moved): start or stop the drop timers. */
  checkDrops(now: Nanos): void {
    for (let u = 0; u < PHS_UNITS; u++) {
      const t = this.dropTimers[u];
      if (this.radio.field[u] < this.o.dropLevel) {
        if (!t.armed) t.set(now + seconds(this.o.dropTime));
      } else if (t.armed) t.cancel();
    }
  }

  /**
   * Schedule the items of a timed key (`release`, `add`, `burst`) that lie at or after `now`,
   * replacing the items of that key still to come.
   */
  schedule(key: 'release' | 'add' | 'burst', items: readonly TimedItem[], now: Nanos): void {
    for (const t of this.scheduled.get(key) ?? []) t.cancel();
    const timers: Timer[] = [];
    for (const item of items) {
      const at = seconds(item.at);
      if (at < now) continue;
      timers.push(this.scheduler.at(at, (t) => this.fire(key, item, t)));
    }
    this.scheduled.set(key, timers);
  }

  private fire(key: 'release' | 'add' | 'burst', item: TimedItem, now: Nanos): void {
    for (let i = 0; i < PHS_LINKS; i++) {
      if (item.link !== 0 && item.link !== i + 1) continue;
      if (key === 'release') this.release(i, now, 'list');
      else if (key === 'add') {
        this.userOff[i] = 0;
        this.requestSetup(i, now);
      } else this.onBurst(i, now + Math.round(((item.ms ?? 0) * NS_PER_SECOND) / 1000));
    }
  }

  private scheduleRedial(i: number, now: Nanos): void {
    if (this.o.autoRedial > 0 && !this.userOff[i]) this.redialTimers[i].set(now + seconds(this.o.autoRedial));
  }

  private setupDone(i: number, now: Nanos): void {
    if (this.state[i] !== LinkState.SETUP) return;
    if (this.radio.field[unitOfLink(i)] < LINK_SETUP_MIN_DBUV) {
      this.counters.setupFailures++;
      this.setState(i, LinkState.DOWN, now);
      this.scheduleRedial(i, now);
      return;
    }
    this.bringUp(i, now);
  }

  private bringUp(i: number, now: Nanos): void {
    this.bundle.join(i, now);
    this.noticeTimers[i].cancel();
    this.counters.setups++;
    this.setUp(i, true, now);
    this.setState(i, LinkState.UP, now);
  }

  private drop(u: number, now: Nanos): void {
    for (let i = 0; i < PHS_LINKS; i++) {
      if (unitOfLink(i) !== u) continue;
      if (this.state[i] === LinkState.UP) this.counters.drops++;
      this.release(i, now, 'radio');
    }
  }

  private setUp(i: number, up: boolean, now: Nanos): void {
    const wasUp = this.state[i] === LinkState.UP;
    if (wasUp === up) return;
    this.upIntegral += this.upCount * (now - this.upSince);
    this.upSince = now;
    this.upCount += up ? 1 : -1;
    if (this.upCount === 0) this.noneSince = now;
    else if (up && this.upCount === 1 && now - this.noneSince > this.longestNone.to - this.longestNone.from) {
      this.longestNone = { from: this.noneSince, to: now };
    }
  }

  private setState(i: number, s: LinkState, now: Nanos): void {
    if (this.state[i] === s) return;
    this.state[i] = s;
    this.trace.record(now, i, s);
  }
}
