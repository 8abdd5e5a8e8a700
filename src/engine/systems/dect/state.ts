/** What the DECT summary and view read of the model (so neither imports the model: no cycle). */
import type { TcpConnection } from '../../tcp';
import type { DectCluster } from './air';
import type { RequestArbiter } from './arbiter';
import type { BackgroundPopulation } from './background';
import type { DectConfig } from './config';
import type { DelayStats } from './delay-stats';
import type { TcpUserLink } from './tcp-user';
import type { SegmentFlow } from './workload';

export interface DectState {
  readonly cfg: DectConfig;
  /** The scenario's seed, reported in the summary. */
  readonly seed: number;
  readonly cluster: DectCluster;
  readonly arbiter: RequestArbiter;
  readonly background: BackgroundPopulation;
  readonly user: TcpUserLink;
  readonly flows: readonly [SegmentFlow, SegmentFlow];
  readonly delays: DelayStats;
  readonly client: TcpConnection;
  readonly server: TcpConnection | null;
  readonly ms: { readonly x: number; readonly y: number };
  readonly cellChanges: number;
  readonly thTeo: number;
}
