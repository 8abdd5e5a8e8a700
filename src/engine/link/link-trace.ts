/**
 * Trace sources that the two-ended links declare alike (architecture.md rule 3: observation apart
 * from the protocol; charts read `link.frame` and `channel.state`, never link internals). Each
 * link keeps its own protocol-specific sources (NAKs, aborts, resets…) next to these.
 */
import type { Nanos } from '../core/time';
import type { TraceRecorder, TraceSource } from '../core/trace';

/** The recorder when it records, else null: without one a link declares no source and records nothing. */
export function activeRecorder(rec: TraceRecorder | undefined): TraceRecorder | null {
  return rec !== undefined && rec.enabled ? rec : null;
}

/**
 * The recorder when it records frame-level sources (a reader keeps them, or a test hashes them),
 * else null: a link then declares none of its per-frame sources and skips their work every frame
 * (core/trace.ts: they are outside `traceHash`, so a run that only hashes needs none of them).
 */
export function detailRecorder(rec: TraceRecorder | undefined | null): TraceRecorder | null {
  return rec != null && rec.enabled && rec.keepsDetail ? rec : null;
}

/** Fields of every link's frame source. */
const FRAME_FIELDS = ['dir', 'kind', 'seq', 'error'] as const;

/**
 * Declare a frame source `name` with fields (dir, kind, seq, error): one record per frame put on
 * the air, `error` 1 when the channel lost it. Frame-level: outside `traceHash`.
 */
export function frameTraceSource(
  rec: TraceRecorder,
  name: string,
  dirLabels: readonly string[],
  kindLabels: readonly string[],
): TraceSource<typeof FRAME_FIELDS> {
  return rec.source(
    name,
    FRAME_FIELDS,
    { dir: dirLabels, kind: kindLabels, error: ['ok', 'error'] },
    { detail: true },
  );
}

/**
 * `channel.state` (dir, bad) of a link's two directions: a record only when a direction's state
 * changes (its first observation always records), so a long run in one state costs nothing.
 * Frame-level (a fading channel changes state every few frames): outside `traceHash`.
 */
export class ChannelStateTrace {
  private readonly source: TraceSource;
  /** Last state recorded per direction: −1 before the first, else 0 good / 1 bad. */
  private readonly last = new Int8Array([-1, -1]);

  constructor(rec: TraceRecorder, dirLabels: readonly string[]) {
    this.source = rec.source(
      'channel.state',
      ['dir', 'bad'],
      { dir: dirLabels, bad: ['good', 'bad'] },
      { detail: true },
    );
  }

  /** The channel of direction `dir` is in state `bad` at `t`. */
  observe(t: Nanos, dir: 0 | 1, bad: boolean): void {
    const b = bad ? 1 : 0;
    if (b === this.last[dir]) return;
    this.last[dir] = b;
    this.source.record(t, dir, b);
  }
}
