import type { SystemId } from '../../engine/scenario/types';
import type { ChartId } from '../../state/url-codec';

/** A value published by the study, shown beside the live result. */
export interface PublishedValue {
  readonly label: string;
  /** The published number, or a qualitative statement when the study printed none. */
  readonly value: number | string;
  readonly unit?: string;
  /** Summary path of the live figure to show beside it (e.g. `tcp.maxRto`). */
  readonly live?: string;
  /** Show the live figure (a fraction) as a percentage. */
  readonly format?: 'percent';
  /** How the live figure should relate to the published value, in words for the reader. */
  readonly expect?: string;
}

/** One curve of a sweep: extra keys added to the sweep's base scenario. */
export interface SweepSeries {
  readonly label: string;
  /** `key=value&…` added to the base. */
  readonly keys: string;
}

/** An in-browser sweep: x values of one key, several series, several seeds each. */
export interface SweepSpec {
  /** Scenario the sweep varies (system and fixed keys). */
  readonly base: string;
  /** The key on the x axis. */
  readonly key: string;
  readonly values: readonly (number | 'inf')[];
  readonly series: readonly SweepSeries[];
  /** Seeds per point (seed, seed+1, …). */
  readonly seeds: number;
  /** Summary path plotted on the y axis. */
  readonly metric: string;
  readonly metricLabel: string;
  /** Several summary paths of the same runs, one curve each (then `metric` is not read). */
  readonly metrics?: readonly { readonly label: string; readonly path: string }[];
}

/** A preset: one published experiment (or free play). */
export interface Preset {
  readonly id: string;
  readonly system: SystemId;
  readonly title: string;
  /** The study's figure or table it reproduces. */
  readonly figure?: string;
  readonly description: string;
  /** Scenario loaded into the lab. */
  readonly scenario: string;
  /** Charts shown (default: the page's default set). */
  readonly charts?: readonly ChartId[];
  /** Histogram window, s (for the goodput-histogram presets). */
  readonly histogramWindow?: number;
  readonly sweep?: SweepSpec;
  readonly published?: readonly PublishedValue[];
}
