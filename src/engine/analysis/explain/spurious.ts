/**
 * A timeout's verdict (remedies.md): whether the engine's ground truth found it spurious
 * (`tcp.spuriousTimeouts`: an earlier copy of the resent segment reached the receiver), and
 * whether Eifel or F-RTO detected it and what the Eifel response then did (`tcp.spuriousDetected`,
 * with the cwnd and ssthresh the response set: `tcp.cwnd`, `tcp.ssthresh` at that instant).
 */
import type { Nanos } from '../../core/time';
import { firstAfter, recordsAt, type TraceTable } from './table';
import type { ExplainItem } from './types';
import { at } from './words';

/** What the verdict adds: items for the TCP layer and a clause for the cause sentence (null: nothing to add). */
export interface SpuriousStory {
  readonly items: readonly ExplainItem[];
  readonly clause: string | null;
}

const WHY: Record<string, string> = {
  Eifel: 'the first ACK after the resend echoed a timestamp older than the resend (RFC 3522)',
  'F-RTO': 'the second ACK after the resend acknowledged data that was never resent (RFC 5682)',
};

/** The value of a per-connection source (`bytes` field) recorded at exactly `t`, or null. */
function valueAt(table: TraceTable, source: string, conn: number, t: Nanos): number | null {
  const s = table.get(source);
  if (!s) return null;
  const [from, end] = recordsAt(s, t);
  let v: number | null = null;
  for (let i = from; i < end; i++) if (s.col('conn')[i] === conn) v = s.col('bytes')[i];
  return v;
}

/** The time of `conn`'s next timeout after `t` (Infinity: none). */
function nextTimeout(table: TraceTable, conn: number, t: Nanos): Nanos {
  const to = table.get('tcp.timeout');
  if (!to) return Infinity;
  for (let i = firstAfter(to.t, to.n, t); i < to.n; i++) if (to.col('conn')[i] === conn) return to.t[i];
  return Infinity;
}

/** The verdict on the timeout of connection `conn` at `t` that resent from byte `seq`. */
export function spuriousStory(table: TraceTable, conn: number, seq: number, t: Nanos): SpuriousStory {
  const items: ExplainItem[] = [];
  const truth = table.get('tcp.spuriousTimeouts');
  if (truth) {
    const [c, s, when] = [truth.col('conn'), truth.col('seq'), truth.col('timeoutAt')];
    for (let i = firstAfter(truth.t, truth.n, t - 1); i < truth.n; i++) {
      if (c[i] !== conn || s[i] !== seq || Math.round(when[i] * 1e9) !== Math.round(t)) continue;
      const text =
        truth.t[i] <= t
          ? 'the resend was not needed: the receiver already held this segment (its ACK was lost or late)'
          : `the resend was not needed: the earlier copy reached the receiver at ${at(truth.t[i])}`;
      items.push({ t: truth.t[i], text: `spurious timeout — ${text}`, tone: 'late' });
      break;
    }
  }
  const det = table.get('tcp.spuriousDetected');
  let clause: string | null = null;
  if (det) {
    const until = nextTimeout(table, conn, t);
    const [c, s] = [det.col('conn'), det.col('seq')];
    for (let i = firstAfter(det.t, det.n, t - 1); i < det.n && det.t[i] < until; i++) {
      if (c[i] !== conn || s[i] !== seq) continue;
      const when = det.t[i];
      const who = det.label('detector', det.col('detector')[i]);
      const cwnd = valueAt(table, 'tcp.cwnd', conn, when);
      const ssthresh = valueAt(table, 'tcp.ssthresh', conn, when);
      const state =
        cwnd !== null && ssthresh !== null
          ? `: cwnd ${Math.round(cwnd)} B, ssthresh ${Math.round(ssthresh)} B`
          : '';
      items.push({
        t: when,
        text: `${who} declares the timeout spurious: ${WHY[who] ?? 'detected'}`,
        tone: 'ok',
      });
      items.push({
        t: when,
        text: `Eifel response (RFC 4015): new data next, no go-back-N; ssthresh restored, RTO adapted to the delay${state}`,
        tone: 'info',
      });
      clause = `${who} detected at ${at(when)} that the timeout was spurious, and the Eifel response went on with new data instead of going back${state}`;
      break;
    }
  }
  return { items, clause };
}
