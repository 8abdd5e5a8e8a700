/**
 * The GSM radio (gsm.md §Channel): one Markov fading channel per direction (channels.md §2) on
 * the 20 ms RLP frames, driven by a radio preset — `good`, `poor`, `driving` (a schedule drawn
 * from the seed), `map` (FER from the phone's distance, channels.md §3 "From the map") or
 * `custom` (the `fer` and `fdt` keys).
 */
import { ferFromDistance, MarkovFadingChannel } from '../../channel';
import type { RandomStream, RandomStreams } from '../../core/rng';
import type { Nanos } from '../../core/time';
import { BEARER_UP, ChannelPairRadio, type BearerRadio } from '../../link/bearer-set';
import { numberValue, optionValue } from '../../scenario/typed-values';
import { GSM_RADIOS, type GsmRadio } from './params';

/** RLP frames per second (20 ms frames). */
const SLOTS_PER_SECOND = 50;

/** Fixed presets (gsm.md §Channel). */
export const GSM_RADIO_PRESETS = {
  good: { pe: 0.001, fdt: 0.1 },
  poor: { pe: 0.05, fdt: 0.1 },
} as const;

/**
 * The `driving` preset (gsm.md §Channel): f_dT 0.8 (a car at 50 km/h at 900 MHz with 20 ms
 * frames, channels.md §2); Pe alternating between 0.01 and 0.1 in stretches of 10–30 s; a
 * coverage hole of Pe 0.3 lasting 1–3 s about once a minute. "About once a minute" is read as
 * gaps between holes drawn uniformly in 30–90 s (mean 60 s); all durations uniform, drawn from
 * the named stream `gsm.driving`.
 */
export const GSM_DRIVING = {
  fdt: 0.8,
  peLow: 0.01,
  peHigh: 0.1,
  stretchS: [10, 30],
  holePe: 0.3,
  holeS: [1, 3],
  holeGapS: [30, 90],
} as const;

/** Largest FER the map gives (the scenario's `fer` maximum). */
export const GSM_FER_MAX = 0.95;

/** Phases of the driving schedule (for views and traces). */
export const DrivingPhase = { Low: 0, High: 1, Hole: 2 } as const;
export type DrivingPhase = (typeof DrivingPhase)[keyof typeof DrivingPhase];

/** The driving schedule, generated lazily as slots advance (queries must not go back in time). */
export class DrivingSchedule {
  private stretchEnd: number;
  private high: boolean;
  private holeStart: number;
  private holeEnd: number;

  constructor(
    private readonly rng: RandomStream,
    startSlot: number,
  ) {
    this.high = rng.next() < 0.5;
    this.stretchEnd = startSlot + this.draw(GSM_DRIVING.stretchS);
    this.holeStart = startSlot + this.draw(GSM_DRIVING.holeGapS);
    this.holeEnd = this.holeStart + this.draw(GSM_DRIVING.holeS);
  }

  private draw(range: readonly [number, number]): number {
    return Math.max(1, Math.round(this.rng.uniform(range[0], range[1]) * SLOTS_PER_SECOND));
  }

  /** The phase in force in `slot`. */
  phaseAt(slot: number): DrivingPhase {
    while (slot >= this.stretchEnd) {
      this.high = !this.high;
      this.stretchEnd += this.draw(GSM_DRIVING.stretchS);
    }
    while (slot >= this.holeEnd) {
      this.holeStart = this.holeEnd + this.draw(GSM_DRIVING.holeGapS);
      this.holeEnd = this.holeStart + this.draw(GSM_DRIVING.holeS);
    }
    if (slot >= this.holeStart) return DrivingPhase.Hole;
    return this.high ? DrivingPhase.High : DrivingPhase.Low;
  }
}

/** Pe of a driving phase. */
export function drivingPe(phase: DrivingPhase): number {
  return phase === DrivingPhase.Hole
    ? GSM_DRIVING.holePe
    : phase === DrivingPhase.High
      ? GSM_DRIVING.peHigh
      : GSM_DRIVING.peLow;
}

/** FER at a distance from the base station (channels.md §3), clamped to the scenario's range. */
export function gsmMapFer(x: number, y: number): number {
  return Math.min(GSM_FER_MAX, ferFromDistance(Math.hypot(x, y)));
}

/** Settings the radio reads from the scenario. */
export interface GsmRadioSettings {
  radio: GsmRadio;
  fer: number;
  fdt: number;
  msX: number;
  msY: number;
}

/**
 * Both directions' channels and the preset logic: the radio of GSM's one bearer
 * (link/bearer-set.ts), whose per-slot verdicts the RLP link reads. Call {@link slot} once per
 * RLP frame before the link steps; it changes the channels' parameters only when the preset's Pe
 * or f_dT changes (the Bessel / Marcum Q set-up never runs per frame).
 */
export class GsmRadioModel implements BearerRadio {
  readonly uplink: MarkovFadingChannel;
  readonly downlink: MarkovFadingChannel;
  /** Pe and f_dT in force. */
  pe: number;
  fdt: number;
  phase: DrivingPhase | -1 = -1;
  private driving: DrivingSchedule | null = null;
  private readonly drivingRng: RandomStream;
  private s: GsmRadioSettings;
  /** The channel pair as a bearer's radio; the uplink has always been stepped first. */
  private readonly pair: ChannelPairRadio;

  constructor(rng: RandomStreams, settings: GsmRadioSettings) {
    this.s = { ...settings };
    this.drivingRng = rng.get('gsm.driving');
    const { pe, fdt } = this.target(0);
    this.pe = pe;
    this.fdt = fdt;
    this.uplink = new MarkovFadingChannel(rng.get('gsm.uplink.channel'), pe, fdt);
    this.downlink = new MarkovFadingChannel(rng.get('gsm.downlink.channel'), pe, fdt);
    this.pair = new ChannelPairRadio(this.downlink, this.uplink, BEARER_UP);
  }

  /** Verdicts of the last RLP frame judged (bearer-set.ts layout: direction 0 down, 1 up). */
  get verdict(): Uint8Array {
    return this.pair.verdict;
  }

  /** Judge one RLP frame: each direction's channel is stepped once. */
  step(now: Nanos, active: Uint8Array): void {
    this.pair.step(now, active);
  }

  channelBad(i: number, dir: number): boolean {
    return this.pair.channelBad(i, dir);
  }

  get settings(): Readonly<GsmRadioSettings> {
    return this.s;
  }

  /** Change a radio key (radio, fer, fdt, msX, msY) at `slot`. */
  change(key: keyof GsmRadioSettings, value: number | string, slot: number): void {
    if (key === 'radio') {
      this.s.radio = optionValue(key, value, GSM_RADIOS);
      this.driving = null; // a fresh schedule starts when driving is (re)selected
    } else this.s[key] = numberValue(key, value);
    const { pe, fdt } = this.target(slot);
    this.apply(pe, fdt);
  }

  /** Bring the channels' parameters up to date for `slot` (only the driving schedule moves by itself). */
  slot(slot: number): void {
    if (this.driving === null) return;
    const phase = this.driving.phaseAt(slot);
    if (phase === this.phase) return;
    this.phase = phase;
    this.apply(drivingPe(phase), GSM_DRIVING.fdt);
  }

  private apply(pe: number, fdt: number): void {
    if (pe === this.pe && fdt === this.fdt) return;
    this.pe = pe;
    this.fdt = fdt;
    this.uplink.setParams(pe, fdt);
    this.downlink.setParams(pe, fdt);
  }

  private target(slot: number): { pe: number; fdt: number } {
    const s = this.s;
    this.phase = -1;
    switch (s.radio) {
      case 'good':
      case 'poor':
        return GSM_RADIO_PRESETS[s.radio];
      case 'driving': {
        if (this.driving === null) this.driving = new DrivingSchedule(this.drivingRng, slot);
        this.phase = this.driving.phaseAt(slot);
        return { pe: drivingPe(this.phase), fdt: GSM_DRIVING.fdt };
      }
      case 'map':
        return { pe: gsmMapFer(s.msX, s.msY), fdt: s.fdt };
      case 'custom':
        return { pe: s.fer, fdt: s.fdt };
    }
  }
}
