/**
 * What the GSM summary and view read of a running model (summary.ts, view.ts). The model
 * implements it; the two readers depend on this file rather than on the model, so that the
 * model can call them without an import cycle.
 */
import type { FtpTransfer } from '../../app/ftp';
import type { NetperfTest } from '../../app/netperf';
import type { PingApp } from '../../app/ping';
import type { Nanos } from '../../core/time';
import type { PppEncoder } from '../../link/ppp/datagram-codec';
import type { GsmBearer } from './bearer';
import type { GsmRadioModel } from './radio';

export type GsmApp = 'ftpGet' | 'ftpPut' | 'ping' | 'rr' | 'crr';

/** The workload in force. */
export type GsmWorkload =
  | { kind: 'ftpGet' | 'ftpPut'; ftp: FtpTransfer }
  | { kind: 'ping'; ping: PingApp }
  | { kind: 'rr' | 'crr'; netperf: NetperfTest };

/** A GSM run as its summary and view see it. */
export interface GsmState {
  readonly seed: number;
  readonly radio: GsmRadioModel;
  readonly bearer: GsmBearer;
  /** PPP encoders of the laptop (up) and of the gateway (down). */
  readonly up: PppEncoder;
  readonly down: PppEncoder;
  readonly workload: GsmWorkload;
  readonly app: GsmApp;
  readonly durationNs: Nanos;
  /** The workload cannot go on: the call dropped or a TCP connection gave up. */
  readonly failed: boolean;
}
