/**
 * The five "must reproduce" items of GERAN (geran.md; the GERAN Release 5 "optimised speech +
 * data" study). Where the study averaged 25 downloads, an item runs 25 seeds of one download
 * each and averages the summary's figures; bounds that are ours say why next to them.
 *
 * Every item is a factory taking its seed count, so the golden tests can run cheaper variants
 * with the same verdict logic.
 */
import type { Summary } from '../../engine';
import { mean } from '../../engine/analysis';
import { fmt, num, overSeeds, summarise } from './run';
import type { ValidationItem } from './types';

const app = (s: Summary, key: string): number => num(s.app[key]);
const meanApp = (ss: readonly Summary[], key: string): number => mean(ss.map((s) => app(s, key)));
const pct = (x: number): string => `${fmt(100 * x, 1)} %`;

/** The study's figures (geran.md "Must reproduce"). */
export const GERAN_STUDY = {
  bestStretchKbps: 27,
  singleEfficiency: 0.82,
  manyEfficiency: 0.6,
  text65kEfficiency: 0.61,
  text65kRetransmissionShare: 0.22,
} as const;

/** The seed whose 65 KB download resembles the study's unlucky example (a regression case, not a golden figure). */
export const GERAN_UNLUCKY_SEED = 6;

/** Item 1: no speech ≈ 31 kbit/s on a long download; with speech the best 5 s stretch in the mid-20s. */
export function geranItem1(seeds = 25): ValidationItem {
  return {
    id: 'geran-1',
    system: 'geran',
    claim:
      'With speech=off a long download runs at ≈ 31 kbit/s (the 31.15 kbit/s ceiling); with speech on, the best uninterrupted 5 s stretch runs in the mid-20s kbit/s.',
    command: `npm run sim -- "system=geran&speech=off&page=image107k"; npm run sim -- --sweep "system=geran&page=image107k" --seeds ${seeds}`,
    study: '≈ 31 kbit/s without speech; ≈ 27 kbit/s over the best 5 s with speech',
    run() {
      const off = summarise('system=geran&speech=off&page=image107k');
      const on = overSeeds('system=geran&page=image107k', seeds);
      const figures = {
        offKbps: app(off, 'throughputKbps'),
        offBestKbps: app(off, 'bestStretchKbps'),
        offTimeouts: off.tcp.timeouts,
        bestKbps: meanApp(on, 'bestStretchKbps'),
        onKbps: meanApp(on, 'throughputKbps'),
      };
      // 28–31.2: the whole download, set-up and slow start included, stays within 10 % of the ceiling.
      // 22–29: "mid-20s" — the spec's example is 27.
      const pass =
        figures.offKbps >= 28 &&
        figures.offKbps <= 31.2 &&
        figures.offTimeouts === 0 &&
        figures.bestKbps >= 22 &&
        figures.bestKbps <= 29;
      return {
        value:
          `speech off: ${fmt(figures.offKbps, 2)} kbit/s (best 5 s ${fmt(figures.offBestKbps, 2)}); ` +
          `speech on, ${seeds} seeds: best 5 s ${fmt(figures.bestKbps, 2)} kbit/s, whole download ${fmt(figures.onKbps, 2)} kbit/s`,
        pass,
        figures,
      };
    },
  };
}

/** Item 2: talkspurts cause timeouts on an error-free channel, with speech=up alone too; none without speech. */
export function geranItem2(seeds = 25): ValidationItem {
  return {
    id: 'geran-2',
    system: 'geran',
    claim:
      'On an error-free channel at the default delay, talkspurts cause TCP timeouts and retransmissions — with speech=up alone too (ack starvation); with speech=off there are none.',
    command: `npm run sim -- --sweep "system=geran&speech=both|up|off" --seeds ${seeds}`,
    study: 'timeouts and retransmissions with speech, also from uplink speech alone; none without',
    run() {
      const count = (speech: string) => {
        const ss = overSeeds(`system=geran&speech=${speech}`, seeds);
        return {
          timeouts: ss.reduce((a, s) => a + s.tcp.timeouts, 0),
          retransmits: ss.reduce((a, s) => a + s.tcp.retransmits, 0),
          withTimeouts: ss.filter((s) => s.tcp.timeouts > 0).length,
          lost: ss.reduce((a, s) => a + num(s.link.packetsLost), 0),
        };
      };
      const both = count('both');
      const up = count('up');
      const off = count('off');
      const figures = {
        bothTimeouts: both.timeouts,
        bothRuns: both.withTimeouts,
        upTimeouts: up.timeouts,
        upRetransmits: up.retransmits,
        upRuns: up.withTimeouts,
        offTimeouts: off.timeouts,
        offRetransmits: off.retransmits,
        packetsLost: both.lost + up.lost + off.lost,
      };
      const pass =
        figures.packetsLost === 0 &&
        figures.bothTimeouts > 0 &&
        figures.upTimeouts > 0 &&
        figures.upRetransmits > 0 &&
        figures.offTimeouts === 0 &&
        figures.offRetransmits === 0;
      return {
        value:
          `over ${seeds} seeds (65 KB page, no packet lost): both ${both.timeouts} timeouts in ${both.withTimeouts} runs; ` +
          `up ${up.timeouts} timeouts, ${up.retransmits} retransmissions in ${up.withTimeouts} runs; off ${off.timeouts} timeouts, ${off.retransmits} retransmissions`,
        pass,
        figures,
      };
    },
  };
}

/** Item 3: one connection uses the capacity better than the same bytes in many objects. */
export function geranItem3(seeds = 25): ValidationItem {
  return {
    id: 'geran-3',
    system: 'geran',
    claim:
      'A single-connection download uses the available capacity clearly better than the same bytes spread over many small objects fetched with one connection each.',
    command: `npm run sim -- --sweep "system=geran&page=image107k|images19x107k" --seeds ${seeds}`,
    study: 'efficiency 82 % (one 107 KB image) vs 60 % (19 images); a faithful model gives a wider gap',
    run() {
      const single = overSeeds('system=geran&page=image107k', seeds);
      const many = overSeeds('system=geran&page=images19x107k', seeds);
      const figures = {
        single: meanApp(single, 'efficiency'),
        many: meanApp(many, 'efficiency'),
        manyFailed: many.reduce((a, s) => a + app(s, 'objectsFailed'), 0),
      };
      // "Clearly better": at least the study's 22-point gap; the single download within 10 points of 82 %.
      const pass =
        figures.single - figures.many >= GERAN_STUDY.singleEfficiency - GERAN_STUDY.manyEfficiency &&
        Math.abs(figures.single - GERAN_STUDY.singleEfficiency) <= 0.1;
      return {
        value: `mean efficiency over ${seeds} seeds: one object ${pct(figures.single)}, 19 objects ${pct(figures.many)} (${figures.manyFailed} objects failed)`,
        pass,
        figures,
      };
    },
  };
}

/** Item 4: the 65 KB download's efficiency varies widely; its mean is well above the study's 61 %. */
export function geranItem4(seeds = 25): ValidationItem {
  return {
    id: 'geran-4',
    system: 'geran',
    claim:
      'The 65 KB download’s efficiency varies widely from run to run; over many seeds its mean is well above the study’s single example (61 %, 22 % lost to retransmissions), an unlucky draw.',
    command: `npm run sim -- --sweep "system=geran&page=text65k" --seeds ${seeds}; npm run sim -- "system=geran&seed=${GERAN_UNLUCKY_SEED}"`,
    study: 'one download: efficiency 61 %, retransmission share 22 %',
    run() {
      const ss = overSeeds('system=geran&page=text65k', seeds);
      const effs = ss.map((s) => app(s, 'efficiency'));
      const pinned = summarise(`system=geran&seed=${GERAN_UNLUCKY_SEED}`);
      const figures = {
        mean: mean(effs),
        min: Math.min(...effs),
        max: Math.max(...effs),
        retransmissionShare: meanApp(ss, 'retransmissionShare'),
        pinnedEfficiency: app(pinned, 'efficiency'),
        pinnedRetransmissionShare: app(pinned, 'retransmissionShare'),
      };
      // "Widely": a spread of at least 20 points; "well above": 10 points over the study's 61 %.
      const pass =
        figures.max - figures.min >= 0.2 &&
        figures.mean >= GERAN_STUDY.text65kEfficiency + 0.1 &&
        figures.min < 0.7;
      return {
        value:
          `over ${seeds} seeds: mean ${pct(figures.mean)} (${pct(figures.min)}–${pct(figures.max)}), retransmissions ${pct(figures.retransmissionShare)}; ` +
          `pinned seed ${GERAN_UNLUCKY_SEED}: ${pct(figures.pinnedEfficiency)} with ${pct(figures.pinnedRetransmissionShare)} retransmitted`,
        pass,
        figures,
      };
    },
  };
}

/** Item 5: the rate falls with `delay`; set-up holds to ≈ 10 s without speech, fails earlier with it; synRetries=1 moves the limit to 4.5 s. */
export function geranItem5(seeds = 10): ValidationItem {
  return {
    id: 'geran-5',
    system: 'geran',
    claim:
      'The data rate falls steeply as delay grows. Without speech, set-up succeeds up to ≈ 10 s one way (the 21 s give-up); with speech failures begin at shorter delays and rise gradually; synRetries=1 moves the no-speech limit to 4.5 s.',
    command: `npm run sim -- --sweep "system=geran&speech=off|both&delay=0.25|2|4|6|8|9|10|11" --seeds ${seeds}`,
    study:
      'set-up succeeds "beyond 8 s" without speech; the study’s sharp 4.5 s limit is a ≈ 9 s set-up give-up',
    run() {
      const delays = [0.25, 2, 4, 6, 8, 9, 10, 11];
      const figures: Record<string, number> = {};
      let falling = true;
      let prev = Infinity;
      for (const d of delays) {
        const off = summarise(`system=geran&speech=off&delay=${d}`);
        const on = overSeeds(`system=geran&delay=${d}`, seeds);
        figures[`offKbps@${d}`] = app(off, 'throughputKbps');
        figures[`offFail@${d}`] = off.tcp.connectFailures;
        figures[`onFailRuns@${d}`] = on.filter((s) => s.tcp.connectFailures > 0).length;
        if (d <= 10) {
          if (!(figures[`offKbps@${d}`] < prev)) falling = false;
          prev = figures[`offKbps@${d}`];
        }
      }
      figures.syn1Fail4 = summarise('system=geran&speech=off&delay=4.4&synRetries=1').tcp.connectFailures;
      figures.syn1Fail45 = summarise('system=geran&speech=off&delay=4.5&synRetries=1').tcp.connectFailures;
      const offOk = delays.filter((d) => d <= 10).every((d) => figures[`offFail@${d}`] === 0);
      const onEarlier = figures['onFailRuns@9'] + figures['onFailRuns@10'] > 0;
      const onGradual =
        figures['onFailRuns@10'] < seeds && figures['onFailRuns@11'] >= figures['onFailRuns@10'];
      const pass =
        falling &&
        offOk &&
        figures['offFail@11'] > 0 &&
        figures['onFailRuns@8'] <= figures['onFailRuns@10'] &&
        onEarlier &&
        onGradual &&
        figures.syn1Fail4 === 0 &&
        figures.syn1Fail45 > 0;
      return {
        value:
          `speech off: ${delays.map((d) => `${d} s ${fmt(figures[`offKbps@${d}`], 2)}`).join(', ')} kbit/s, set-up fails from ${delays.find((d) => figures[`offFail@${d}`] > 0) ?? 'none'} s; ` +
          `with speech, runs failing set-up out of ${seeds}: ${delays.map((d) => `${d} s ${figures[`onFailRuns@${d}`]}`).join(', ')}; ` +
          `synRetries=1: 4.4 s ${figures.syn1Fail4 ? 'fails' : 'connects'}, 4.5 s ${figures.syn1Fail45 ? 'fails' : 'connects'}`,
        pass,
        figures,
      };
    },
  };
}

export const GERAN_ITEMS: readonly ValidationItem[] = [
  geranItem1(),
  geranItem2(),
  geranItem3(),
  geranItem4(),
  geranItem5(),
];
