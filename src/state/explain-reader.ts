/**
 * The lab's trace buffers as the engine's `TraceReader`, so the explanation panel explains a TCP
 * event with the same code and from the same numbers as `npm run sim -- … --explain`
 * (engine/analysis/explain). The buffers hold times in seconds; the reader gives them back in
 * nanoseconds, rounded, which recovers the engine's integer times exactly.
 */
import type { TraceBatch, TraceSourceInfo } from '../engine';
import type { TraceReader } from '../engine/analysis';
import type { TraceData } from './trace-buffers';

export function traceReaderOf(data: TraceData, sources: readonly TraceSourceInfo[]): TraceReader {
  const infos = sources.filter((s) => data[s.name] !== undefined);
  return {
    sources: () => infos,
    read(name: string): TraceBatch {
      const s = data[name];
      const info = infos.find((i) => i.name === name);
      if (!s || !info) return { name, from: 0, to: 0, dropped: 0, time: new Float64Array(0), columns: [] };
      const time = new Float64Array(s.length);
      for (let i = 0; i < s.length; i++) time[i] = Math.round(s.t[i] * 1e9);
      return {
        name,
        from: s.dropped,
        to: s.dropped + s.length,
        dropped: 0,
        time,
        columns: info.fields.map((f) => s.cols[f] ?? new Float64Array(s.length)),
      };
    },
  };
}
