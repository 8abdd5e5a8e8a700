/**
 * `dect.dlc`: one record per DLC event of a terminal's connection (timer 1 and timer 2 expiries,
 * frames given up), for the link timeline. A driver records what it polls from an end.
 */
import type { TraceRecorder, TraceSource } from '../../core/trace';
import type { DectDlcEvent } from './receiver';

const FIELDS = ['terminal', 'dir', 'kind', 'sequence'] as const;
const KIND = { timer1: 0, timer2: 1, frameLost: 2 } as const;

export class DectDlcTrace {
  private readonly source: TraceSource<typeof FIELDS>;

  constructor(rec: TraceRecorder) {
    this.source = rec.source('dect.dlc', FIELDS, {
      dir: ['down', 'up'],
      kind: ['timer1', 'timer2', 'frameLost'],
    });
  }

  /**
   * Event `e` of the receiver of direction `dir` at `t` ns; `sequence` is the fragment count the
   * event concerns (the first missing one, or the first given up).
   */
  record(t: number, terminal: number, dir: number, e: DectDlcEvent): void {
    const seq = e.kind === 'frameLost' ? e.first : e.missing;
    this.source.record(t, terminal, dir, KIND[e.kind], seq);
  }
}
