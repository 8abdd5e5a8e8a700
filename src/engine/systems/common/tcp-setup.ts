import type { ParamValue } from '../../scenario/types';
import type { TcpSummary } from '../../scenario/summary';
import { toSeconds, type Nanos } from '../../core/time';
import { resolveProfile, rtoAtMaxUnion, type TcpConnection, type TcpProfile } from '../../tcp';
import { resolveTcpProfiles, tcpOverrides, type TcpDefault } from '../common-params';
import { stackRemedies } from '../remedy-params';

/** The two ends' TCP profiles with the scenario's overrides applied (scenario.md: overrides apply to both ends). */
export function scenarioProfiles(
  values: Readonly<Record<string, ParamValue>>,
  tcpDefault: TcpDefault,
): { client: TcpProfile; server: TcpProfile } {
  const names = resolveTcpProfiles(values, tcpDefault);
  // Every override key is a profile field of the same name; only `nagle` is written 0/1 for a boolean.
  const { nagle, ...numeric } = tcpOverrides(values);
  // The remedies apply at both ends (remedies.md); `remedy` and `eifel` imply their keys.
  const overrides: Partial<TcpProfile> = { ...numeric, ...stackRemedies(values) };
  if (nagle !== undefined) overrides.nagle = nagle !== 0;
  return { client: resolveProfile(names.client, overrides), server: resolveProfile(names.server, overrides) };
}

/**
 * The summary's `tcp` block (scenario.md): counts summed over the data-sending
 * connections, extremes and means taken over them; bytes delivered counted at
 * the receiving application, up to `now`. The share of the run at rtoMax is the union of the
 * senders' spans there (rto-at-max.ts): the same rule for every system, one sender or many.
 */
export function tcpSummary(
  senders: readonly TcpConnection[],
  bytesDelivered: number,
  now: Nanos,
): TcpSummary {
  const simSeconds = toSeconds(now);
  let rttSum = 0;
  let rttCount = 0;
  let rttMin = Infinity;
  let maxRto = 0;
  const s = {
    segmentsSent: 0,
    retransmits: 0,
    timeouts: 0,
    fastRetransmits: 0,
    spuriousTimeouts: 0,
    spuriousDetected: 0,
    synRetransmits: 0,
    failures: 0,
  };
  for (const c of senders) {
    const st = c.stats;
    s.segmentsSent += st.segmentsSent;
    s.retransmits += st.retransmits;
    s.timeouts += st.timeouts;
    s.fastRetransmits += st.fastRetransmits;
    s.spuriousTimeouts += st.spuriousTimeouts;
    s.spuriousDetected += st.spuriousDetected;
    s.synRetransmits += st.synRetransmits;
    if (st.connectFailed) s.failures++;
    rttSum += st.rttSum;
    rttCount += st.rttCount;
    rttMin = Math.min(rttMin, st.rttMin);
    maxRto = Math.max(maxRto, st.maxRto);
  }
  return {
    connections: senders.length,
    connectFailures: s.failures,
    synRetransmits: s.synRetransmits,
    segmentsSent: s.segmentsSent,
    retransmits: s.retransmits,
    timeouts: s.timeouts,
    fastRetransmits: s.fastRetransmits,
    spuriousTimeouts: s.spuriousTimeouts,
    spuriousDetected: s.spuriousDetected,
    bytesDelivered,
    goodputBps: simSeconds > 0 ? (bytesDelivered * 8) / simSeconds : 0,
    maxRto,
    rttMin: Number.isFinite(rttMin) ? rttMin : 0,
    rttMean: rttCount > 0 ? rttSum / rttCount : 0,
    rtoAtMaxFraction: simSeconds > 0 ? rtoAtMaxUnion(senders, now) / simSeconds : 0,
  };
}

/** Round a figure for the summary (keeps JSON short and identical across engines). */
export function round(x: number, digits = 6): number {
  if (!Number.isFinite(x)) return x;
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
