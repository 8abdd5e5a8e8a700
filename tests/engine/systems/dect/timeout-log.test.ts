/**
 * Each TCP timeout of a DECT run with the time without any bearer in its wait and the drop behind
 * it (timeout-log.ts; dect.md must reproduce 4: "the summary and the lab say which drop caused each").
 */
import { describe, expect, it } from 'vitest';
import { runScenarioText } from '../../../../src/engine';
import { TimeoutLog, type DectTimeoutSummary } from '../../../../src/engine/systems/dect/timeout-log';

const s = (x: number) => x * 1e9;

describe('DECT timeout log', () => {
  it('gives each timeout the seconds without a bearer in its wait and the handover, drop and blocked set-ups behind them', () => {
    const log = new TimeoutLog();
    log.connectionHandover(s(10), 8, 120);
    log.noBearer(s(13), true); // the handover's 3 s ran out with none of its 8 bearers moved
    log.drop(s(13.01));
    log.timeout(s(13.9), s(12.9), 'host', false); // armed before the stretch: 0.9 s of its 1 s without a bearer
    log.timeout(s(15.9), s(13.9), 'host', true);
    log.blocked(s(16.01));
    log.bearerBack(s(19.5));
    log.timeout(s(19.9), s(15.9), 'host', true); // 3.6 s of its 4 s wait, after one blocked re-set-up
    log.timeout(s(30), s(29), 'phone', false); // bearers all along
    const t = log.summary(s(40));
    expect(t.count).toBe(4);
    expect(t.withoutBearer).toBe(3);
    expect(t.afterDrop).toBe(3);
    expect(t.list.map((x) => x.noBearerS)).toEqual([
      expect.closeTo(0.9, 9),
      expect.closeTo(2, 9),
      expect.closeTo(3.6, 9),
      0,
    ]);
    expect(t.list.map((x) => x.blockedSetups)).toEqual([0, 0, 1, 0]);
    expect(t.list[0]).toMatchObject({ dropAt: 13.01, handoverAt: 10, handoverBearers: 8, cellHeld: 120 });
    expect(t.list[0].stretchS).toBeCloseTo(6.5, 9);
    expect(t.list[3]).toMatchObject({ dropAt: null, handoverAt: null, stretchS: 0, carriedBackoff: false });
    expect(t.firstNoBearerS).toBeCloseTo(0.9, 9);
    expect(t.firstStretchS).toBeCloseTo(6.5, 9);
  });

  it('a timeout after the bearers came back, its timer still doubled by the stretch’s timeouts, is that drop’s too', () => {
    const log = new TimeoutLog();
    log.connectionHandover(s(10), 7, 120);
    log.noBearer(s(13), true);
    log.drop(s(13.01));
    log.timeout(s(14), s(13), 'phone', false);
    log.timeout(s(16), s(14), 'phone', true);
    log.bearerBack(s(15.7));
    // The backlog of the stretch drains; the 4 s timer (no valid RTT sample since) fires again.
    log.timeout(s(26), s(22), 'phone', true);
    // The other sender's first timeout long after: no stretch in its wait, not backed off — no cause.
    log.timeout(s(27), s(26), 'host', false);
    const t = log.summary(s(40));
    expect(t.list[2]).toMatchObject({ noBearerS: 0, dropAt: 13.01, handoverAt: 10, carriedBackoff: true });
    expect(t.list[2].stretchS).toBeCloseTo(2.7, 9);
    expect(t.list[3]).toMatchObject({ dropAt: null, carriedBackoff: false });
    expect(t.afterDrop).toBe(3);
    expect(t.withoutBearer).toBe(2);
  });

  it('a stretch without a bearer that no Connection_Handover began names no handover, and one still lasting counts to the summary time', () => {
    const log = new TimeoutLog();
    log.connectionHandover(s(1), 10, 90); // moved its bearers: no stretch from it
    log.noBearer(s(5), false); // the user released every bearer
    log.timeout(s(6), s(4.5), 'phone', false);
    const t = log.summary(s(8));
    expect(t.list[0]).toMatchObject({ handoverAt: null, dropAt: null, handoverBearers: 0 });
    expect(t.list[0].noBearerS).toBeCloseTo(1, 9);
    expect(t.list[0].stretchS).toBeCloseTo(3, 9);
  });
});

describe('DECT summary: link.tcpTimeouts', () => {
  it('at load=high (seed 2) every timeout follows a Connection_Handover into a full cell that dropped the connection', () => {
    const { summary } = runScenarioText('system=dect&load=high&duration=40&seed=2', { traces: false });
    const t = summary!.link.tcpTimeouts as unknown as DectTimeoutSummary;
    expect(t.count).toBe(summary!.tcp.timeouts);
    expect(t.count).toBeGreaterThan(0);
    expect(t.afterDrop).toBe(t.count);
    for (const x of t.list) {
      expect(x.noBearerS).toBeGreaterThan(0);
      expect(x.handoverAt).not.toBeNull();
      expect(x.dropAt! - x.handoverAt!).toBeCloseTo(3, 1); // the handover's 3 s timer, then the drop
      expect(x.cellHeld).toBeGreaterThanOrEqual(118);
    }
    expect(t.list.some((x) => x.blockedSetups > 0)).toBe(true);
  });

  it('at the reference load none: the count and the first figures are 0', () => {
    const { summary } = runScenarioText('system=dect&duration=60', { traces: false });
    const t = summary!.link.tcpTimeouts as unknown as DectTimeoutSummary;
    expect(t).toMatchObject({ count: 0, firstNoBearerS: 0, firstStretchS: 0, list: [] });
  });
});
