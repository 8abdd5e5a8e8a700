import { num } from '../format';
import type { TraceData } from './types';

/**
 * Which part of the run a chart can show (issue #8 item 4). Trace sources are bounded: the
 * engine's rings (src/engine/core/trace.ts) and the page's columns (src/state/trace-buffers.ts:
 * a source's newest 2^19 records) drop the oldest, and a busy source (link frames, 50 a second
 * per direction) reaches that long before a quiet one (timeouts). Drawn as they are, the layers of
 * one chart would start at different times — bad-channel hatching from 125 000 s, frames from
 * 183 000 s — as if the channel changed mid-run. So a chart draws every layer from the latest
 * first record among the sources that lost records, and says so.
 */

/** The span a chart's sources still cover. */
export interface HeldSpan {
  /** Simulated seconds from which every source the chart reads is whole. */
  readonly start: number;
  /** Sources that lost their oldest records, latest-starting first. */
  readonly sources: readonly string[];
}

/** Words for a source in the chart's note ("older link frames were dropped"). */
const SOURCE_WORDS: Readonly<Record<string, string>> = {
  'link.frame': 'link frames',
  'link.nak': 'NAK rounds',
  'link.abort': 'aborts',
  'channel.state': 'channel states',
  'tcp.send': 'TCP segments sent',
  'tcp.ack': 'ACKs',
  'tcp.receive': 'segments received',
  'tcp.deliver': 'deliveries',
  'tcp.cwnd': 'cwnd samples',
  'tcp.ssthresh': 'ssthresh samples',
  'tcp.flight': 'bytes-in-flight samples',
  'tcp.rtt': 'RTT samples',
  'tcp.rtoComputed': 'RTO samples',
  'tcp.rtoActive': 'RTO samples',
};

export function sourceWords(name: string): string {
  return SOURCE_WORDS[name] ?? `${name} records`;
}

/**
 * The span held by `names` in `data`: null when none of them lost records (the chart shows the
 * whole run). Sources without records or without a drop count do not limit the span.
 */
export function heldSpan(data: TraceData, names: Iterable<string>): HeldSpan | null {
  const lost: { name: string; first: number }[] = [];
  for (const name of names) {
    const s = data[name];
    if (!s || !(s.dropped !== undefined && s.dropped > 0) || !(s.length > 0)) continue;
    const first = s.t[0];
    if (Number.isFinite(first)) lost.push({ name, first });
  }
  if (lost.length === 0) return null;
  lost.sort((a, b) => b.first - a.first || a.name.localeCompare(b.name));
  return { start: lost[0].first, sources: lost.map((l) => l.name) };
}

/** "showing 125 000–200 000 s: older link frames and channel states were dropped to bound memory". */
export function spanNote(span: HeldSpan, end: number): string {
  const words = [...new Set(span.sources.map(sourceWords))];
  const list = words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
  return `showing ${num(span.start)}–${num(end)} s: older ${list} were dropped to bound memory`;
}

/**
 * `data` as seen by one draw, noting every source name read (so a chart's span is computed from
 * the sources it actually draws, whatever layers a system's decoder adds).
 */
export function trackReads(data: TraceData, used: Set<string>): TraceData {
  return new Proxy(data, {
    get(target, key, receiver) {
      if (typeof key === 'string') used.add(key);
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}
