import { describe, expect, it } from 'vitest';
import { parseExplainQuery } from '../../../../src/engine/analysis/explain';

describe('--explain query text', () => {
  it('reads a time, a segment, a connection and a kind', () => {
    expect(parseExplainQuery('12.3')).toEqual({
      query: { t: 12_300_000_000, conn: undefined, kind: undefined },
    });
    expect(parseExplainQuery('12.3s')).toEqual({
      query: { t: 12_300_000_000, conn: undefined, kind: undefined },
    });
    expect(parseExplainQuery('t=0.5,kind=dupack,conn=2')).toEqual({
      query: { t: 500_000_000, conn: 2, kind: 'dupAck' },
    });
    expect(parseExplainQuery('seg=41')).toEqual({ query: { segment: 41, conn: undefined } });
    expect(parseExplainQuery('segment=41, conn=3')).toEqual({ query: { segment: 41, conn: 3 } });
  });

  it('names the key and what is allowed on bad input', () => {
    expect(parseExplainQuery('')).toEqual({
      error: 'explain: give a time in seconds (e.g. 12.3) or a segment (seg=41)',
    });
    expect(parseExplainQuery('-1')).toEqual({
      error: 'explain t=-1: a time in seconds ≥ 0 (e.g. 12.3 or 12.3s)',
    });
    expect(parseExplainQuery('seg=0')).toEqual({
      error: 'explain seg=0: a segment number, a whole number ≥ 1',
    });
    expect(parseExplainQuery('kind=loss,t=3')).toEqual({
      error: 'explain kind=loss: one of rtx, timeout, fast, dupack, stall',
    });
    expect(parseExplainQuery('frame=3')).toEqual({
      error: 'explain frame: not a key (t, seg, conn, kind, seq)',
    });
    expect(parseExplainQuery('t=1,seq=x')).toEqual({
      error: "explain seq=x: the event's byte (sequence number), a whole number",
    });
    expect(parseExplainQuery('t=3,seg=4')).toEqual({ error: 'explain: give a time or a segment, not both' });
    expect(parseExplainQuery('seg=4,kind=rtx')).toEqual({
      error: 'explain kind: only with a time (a segment names its retransmission)',
    });
    expect(parseExplainQuery('conn=1')).toEqual({
      error: 'explain: give a time in seconds (e.g. 12.3) or a segment (seg=41)',
    });
  });
});
