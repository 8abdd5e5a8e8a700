/**
 * What the PHS summary and view read of a running model (summary.ts, view.ts). The model
 * implements it; the two readers depend on this file rather than on the model, so that the
 * model can call them without an import cycle.
 */
import type { FtpTransfer } from '../../app/ftp';
import type { ClientStall } from './client-stall';
import type { LinkControl } from './control';
import type { PhsBundle } from './links';
import type { PhsObserver } from './observe';
import type { PhsRadio } from './radio';

/** A PHS run as its summary and view see it. */
export interface PhsState {
  readonly seed: number;
  readonly radio: PhsRadio;
  readonly bundle: PhsBundle;
  readonly control: LinkControl;
  readonly ftp: FtpTransfer;
  readonly observer: PhsObserver;
  readonly stall: ClientStall;
  readonly app: 'ftpGet' | 'ftpPut';
  /** Body-shadowing events so far. */
  readonly bodyEvents: number;
  /** Forced bursts (list items and manual triggers) so far. */
  readonly forcedBursts: number;
}
