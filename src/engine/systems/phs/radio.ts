/**
 * The PHS radio (phs.md "Radio"; channels.md §2–3): three base-station units, two links each,
 * and the phone. Each unit's field strength comes from the phone's distance (indoor or outdoor
 * median) plus the unit's own shadowing term, whose σ grows from 1 dB at 10 m to 4 dB at 300 m
 * (linear in log distance) and which varies slowly as the phone moves (Gudmundson). The field
 * gives each of the unit's links a frame error rate from the still-phone or walking curve, made
 * bursty by the Markov fading model with that curve's f_dT.
 *
 * Each direction of each link has its own Markov channel and named stream: PHS is TDD on one
 * carrier, so path loss and shadowing are shared by both directions, but the fast-fading state
 * of the two slots is drawn independently (a simplification: the spec gives one FER per link).
 *
 * Forced bursts (`burst`, the `hit` trigger) and body-shadowing events make every frame of both
 * directions fail CRC for their duration; they are kept as "errors until" times per link, so the
 * per-slot path only compares numbers. Math.log10/erfc run only when the phone moves or a radio
 * setting changes, never per slot.
 */
import {
  FADING_DEFAULTS,
  ferFromFieldStrength,
  fieldStrength,
  MarkovFadingChannel,
  ShadowingProcess,
  shadowingSigmaForDistance,
} from '../../channel';
import type { RandomStreams } from '../../core/rng';
import { BEARER_DOWN, BEARER_UP, type BearerRadio } from '../../link/bearer-set';
import type { Nanos } from '../../core/time';
import { LINKS_PER_UNIT, PHS_LINKS, PHS_UNITS } from './params';

// The topology is declared with the scenario keys that count on it (phs-params.ts).
export { LINKS_PER_UNIT, PHS_LINKS, PHS_UNITS };

/** Direction index of a link's channel: 0 = down (BS → MS, received at the MS), 1 = up (bearer-set.ts). */
export const DOWN = BEARER_DOWN;
export const UP = BEARER_UP;

/** The unit (0-based) serving link index `i` (0-based): links 1–2 → unit 1, 3–4 → 2, 5–6 → 3. */
export function unitOfLink(i: number): number {
  return Math.floor(i / LINKS_PER_UNIT);
}

export interface PhsRadioOptions {
  readonly env: 'indoor' | 'outdoor';
  /** Unit positions, metres. */
  readonly units: readonly (readonly [number, number])[];
  readonly ms: { readonly x: number; readonly y: number };
  readonly fading: 'still' | 'walking';
  /** Fixed shadowing σ in dB, or 'auto' (σ by distance, phs.md). */
  readonly shadowing: number | 'auto';
}

/** The field strengths, error rates and per-slot CRC verdicts of the six links. */
export class PhsRadio implements BearerRadio {
  /** Field strength per unit, dBµV (median plus shadowing). */
  readonly field = new Float64Array(PHS_UNITS);
  /** Median field strength per unit, dBµV (no shadowing). */
  readonly median = new Float64Array(PHS_UNITS);
  /** Distance of the phone from each unit, metres. */
  readonly distance = new Float64Array(PHS_UNITS);
  /** Frame error rate per unit (both directions of both its links). */
  readonly fer = new Float64Array(PHS_UNITS);
  /** f_dT in force. */
  fdt = 0.01;
  /** Verdict of the last stepped slot, index link × 2 + direction: 1 = CRC error. */
  readonly verdict = new Uint8Array(PHS_LINKS * 2);
  /**
   * 1 for a unit whose error rate is below the fading model's error-free threshold: its channels
   * can only stay Good, so they are not stepped (no draw) while Good — clean runs then cost no
   * random draws per slot. A channel left Bad when its unit became clean is stepped once more.
   */
  private readonly clean = new Uint8Array(PHS_UNITS);
  /** Frames forced bad (bursts, body shadowing) until this time, per link, ns. */
  private readonly forcedUntil = new Float64Array(PHS_LINKS).fill(-Infinity);
  private readonly channels: MarkovFadingChannel[] = [];
  private readonly shadows: ShadowingProcess[] = [];
  private readonly units: (readonly [number, number])[];
  readonly env: 'indoor' | 'outdoor';
  private fading: 'still' | 'walking';
  private readonly fixedSigma: number | null;
  ms: { x: number; y: number };

  constructor(rng: RandomStreams, o: PhsRadioOptions) {
    this.env = o.env;
    this.fading = o.fading;
    this.units = o.units.map((u) => [u[0], u[1]] as const);
    this.ms = { x: o.ms.x, y: o.ms.y };
    this.fixedSigma = o.shadowing === 'auto' ? null : o.shadowing;
    for (let u = 0; u < PHS_UNITS; u++) {
      this.shadows.push(new ShadowingProcess(rng.get(`phs.unit${u + 1}.shadowing`), { sigmaDb: 1 }));
    }
    this.updateFields();
    for (let i = 0; i < PHS_LINKS; i++) {
      const u = unitOfLink(i);
      for (const dir of ['down', 'up']) {
        this.channels.push(
          new MarkovFadingChannel(rng.get(`phs.link${i + 1}.${dir}.channel`), this.fer[u], this.fdt),
        );
      }
    }
  }

  /** Unit positions, metres. */
  get unitPositions(): readonly (readonly [number, number])[] {
    return this.units;
  }

  /** Move the phone: shadowing advances by the distance moved, fields and error rates follow. */
  moveTo(x: number, y: number): void {
    const moved = Math.hypot(x - this.ms.x, y - this.ms.y);
    this.ms = { x, y };
    this.updateFields(moved);
    this.applyChannels();
  }

  /** Switch the frame-error curve (still / walking). */
  setFading(f: 'still' | 'walking'): void {
    this.fading = f;
    this.updateFields(0);
    this.applyChannels();
  }

  /** Make every frame of link `i` (0-based, both directions) fail CRC from now until `until`. */
  force(i: number, until: Nanos): void {
    if (until > this.forcedUntil[i]) this.forcedUntil[i] = until;
  }

  /** True while link `i` is under a forced burst or body shadowing at `now`. */
  forced(i: number, now: Nanos): boolean {
    return now < this.forcedUntil[i];
  }

  /**
   * CRC verdicts for the slot starting at `now` for the links flagged in `active` (others are
   * not stepped: a link that is down has no frames on the air). Results land in `verdict`.
   */
  step(now: Nanos, active: Uint8Array): void {
    const v = this.verdict;
    const ch = this.channels;
    const forced = this.forcedUntil;
    for (let i = 0; i < PHS_LINKS; i++) {
      const k = 2 * i;
      if (active[i] === 0) {
        v[k] = 0;
        v[k + 1] = 0;
        continue;
      }
      const clean = this.clean[(i / LINKS_PER_UNIT) | 0] === 1;
      const down = clean && !ch[k].bad ? false : ch[k].step();
      const up = clean && !ch[k + 1].bad ? false : ch[k + 1].step();
      const f = now < forced[i];
      v[k] = f || down ? 1 : 0;
      v[k + 1] = f || up ? 1 : 0;
    }
  }

  /** The fading state of link `i`, direction `dir` (true = Bad), as of its last step. */
  channelBad(i: number, dir: number): boolean {
    return this.channels[2 * i + dir].bad;
  }

  private updateFields(moved = 0): void {
    const ff = ferFromFieldStrength(0, this.fading);
    this.fdt = ff.fdt;
    for (let u = 0; u < PHS_UNITS; u++) {
      const [ux, uy] = this.units[u];
      const d = Math.hypot(this.ms.x - ux, this.ms.y - uy);
      this.distance[u] = d;
      this.median[u] = fieldStrength(this.env, d);
      const s = this.shadows[u];
      s.sigmaDb = this.fixedSigma ?? shadowingSigmaForDistance(d);
      const shadow = moved > 0 ? s.move(moved) : s.valueDb;
      this.field[u] = this.median[u] + shadow;
      this.fer[u] = ferFromFieldStrength(this.field[u], this.fading).fer;
      this.clean[u] = this.fer[u] < FADING_DEFAULTS.errorFreeBelow ? 1 : 0;
    }
  }

  private applyChannels(): void {
    for (let i = 0; i < PHS_LINKS; i++) {
      const u = unitOfLink(i);
      this.channels[2 * i].setParams(this.fer[u], this.fdt);
      this.channels[2 * i + 1].setParams(this.fer[u], this.fdt);
    }
  }
}
