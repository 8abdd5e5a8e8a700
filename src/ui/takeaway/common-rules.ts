/**
 * The takeaway rules every system shares: what TCP did, read from the summary's `tcp` block and
 * the goodput. A system adds its own (its plug-in's `takeaway`) and may leave one of these out.
 * Weights: an effect that shaped the run (a connection that never opened, the RTO parked at its
 * ceiling) outweighs one that only describes it (the goodput's share), which is the fallback.
 */
import type { TakeawayRule } from './types';

/** "1 timeout was", "3 timeouts were": the verb agrees with the count printed before it. */
export const was = (n: number): string => (n === 1 ? 'was' : 'were');
/** The noun after a printed count, singular for exactly one. */
export const plural = (n: number, one: string, many = `${one}s`): string => (n === 1 ? one : many);

export const COMMON_RULES: readonly TakeawayRule[] = [
  {
    id: 'connect-failed',
    apply(s, f) {
      const n = f.value('tcp.connectFailures');
      if (!(n >= 1)) return null;
      return {
        text: `${f.count('tcp.connectFailures')} ${plural(n, 'connection')} never opened: TCP retransmitted its SYN ${f.count('tcp.synRetransmits')} times in all and then gave up.`,
        weight: 9,
      };
    },
  },
  {
    id: 'rto-at-max',
    apply(s, f) {
      const share = f.value('tcp.rtoAtMaxFraction');
      if (!(share >= 0.05)) return null;
      const most = share >= 0.5;
      return {
        text: `The RTO sat at ${f.seconds('tcp.maxRto')} for ${f.percent('tcp.rtoAtMaxFraction')} of the run: ${
          most
            ? 'most of the time TCP was waiting, not sending'
            : 'all that time TCP was waiting for its timer, not sending'
        }.`,
        weight: 3 + 10 * share,
      };
    },
  },
  {
    id: 'spurious-timeouts',
    apply(s, f) {
      const spurious = f.value('tcp.spuriousTimeouts');
      const timeouts = f.value('tcp.timeouts');
      if (!(spurious >= 1 && timeouts >= 2 && spurious / timeouts >= 0.25)) return null;
      return {
        text: `${
          spurious === timeouts
            ? `All ${f.count('tcp.timeouts')} timeouts were`
            : `${f.count('tcp.spuriousTimeouts')} of the ${f.count('tcp.timeouts')} timeouts ${was(spurious)}`
        } spurious: the segment was late, not lost, and TCP sent it again for nothing.`,
        weight: 2 + 3 * (spurious / timeouts),
      };
    },
  },
  {
    id: 'timeouts-over-fast',
    apply(s, f) {
      const timeouts = f.value('tcp.timeouts');
      const fast = f.value('tcp.fastRetransmits');
      if (!(timeouts >= 3 && timeouts > 2 * fast)) return null;
      const perMinute = (timeouts * 60) / Math.max(1, s.simTime);
      return {
        text: `TCP recovered by timeout ${f.count('tcp.timeouts')} times and by fast retransmit ${f.count('tcp.fastRetransmits')} ${plural(fast, 'time')}: too few duplicate ACKs came back to announce a loss, so TCP waited for its timer instead.`,
        weight: 2 + Math.min(3, perMinute / 2),
      };
    },
  },
  {
    id: 'no-loss-reached-tcp',
    apply(s, f) {
      const sent = f.value('tcp.segmentsSent');
      if (!(sent > 0 && f.value('tcp.retransmits') === 0 && f.value('tcp.timeouts') === 0)) return null;
      return {
        text: `TCP retransmitted none of its ${f.count('tcp.segmentsSent')} ${plural(sent, 'segment')}: no loss reached it, whatever happened on the radio.`,
        weight: 2.5,
      };
    },
  },
  {
    id: 'goodput-share',
    apply(s, f) {
      const share = f.value('normalizedGoodput');
      if (!(f.value('tcp.bytesDelivered') > 0 && share > 0 && f.value('capacityBps') > 0)) return null;
      return {
        text: `Goodput was ${f.bitRate('tcp.goodputBps')}, ${f.percent('normalizedGoodput')} of the bearer’s ${f.bitRate('capacityBps')}.`,
        weight: 1 + 2 * Math.max(0, 1 - share),
      };
    },
  },
  {
    id: 'ping-rtt',
    apply(s, f) {
      if (s.app.kind !== 'ping' || !(f.value('app.sent') > 0)) return null;
      return {
        text: `${f.count('app.received')} of ${f.count('app.sent')} pings came back, after ${f.seconds('app.rttMean')} on average: the round trip of the bearer alone, with no TCP on it.`,
        weight: 3,
      };
    },
  },
];
