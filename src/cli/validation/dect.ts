/**
 * The six "must reproduce" items of DECT (dect.md; Baiocchi et al., "Performance of TCP/IP data
 * transfer over the DECT radio interface"). The bearer count moves on a time scale of minutes, so
 * the items average a few seeds of long runs; every item is a factory taking its seed count and run
 * length, so the golden tests run cheaper variants with the same verdict logic. Bounds that are
 * ours say why next to them. Items the model does not meet yet fail, with the reason in the value.
 */
import type { Summary } from '../../engine';
import { mean } from '../../engine/analysis';
import { LOAD_FACTORS } from '../../engine/systems/dect/config';
import {
  byBearers,
  link,
  sumOf,
  failShare,
  loadKey,
  loadRows,
  loadsMeetingBoth,
  loadTable,
  perCountTable,
} from './dect-evidence';
import { fmt, num, seedList, summarise } from './run';
import type { ValidationItem } from './types';

const app = (s: Summary, key: string): number => num(s.app[key]);
const delay = (s: Summary, key: string): number => num((s.app.delay as Record<string, unknown>)[key]);
const meanOf = (ss: readonly Summary[], f: (s: Summary) => number): number => mean(ss.map(f));
const pct = (x: number): string => `${fmt(100 * x, 1)} %`;

/**
 * Summaries by scenario text: items 2–5 share their reference runs (an hour each), so each is
 * computed once per process (the runs are deterministic, so a cached summary is the one a re-run gives).
 */
const SUMMARIES = new Map<string, Summary>();
function overSeeds(base: string, seeds: number): Summary[] {
  return seedList(seeds).map((seed) => {
    const text = `${base}&seed=${seed}`;
    let s = SUMMARIES.get(text);
    if (!s) SUMMARIES.set(text, (s = summarise(text)));
    return s;
  });
}

/** The study's and the spec's figures (dect.md "Capacity" and "Must reproduce"). */
export const DECT_STUDY = {
  packetsPerSegment: 20,
  fixedTh: 50,
  meanBearers: 6.4,
  handoverFail: [0.3, 0.5],
  thTeo: [31, 33],
  /** TH / TH_teo above capacity: the study's 76–80 %, a faithful model's 85–90 %. */
  level: [0.76, 0.9],
  berScale2Level: 0.68,
  fracOver10s: 0.12,
} as const;

/** The reference case at λ (dect.md: reference load, Markov mobility, 10 bearers, bth = 4). */
const reference = (lambda: number, duration: number, extra = ''): string =>
  `system=dect&lambda=${lambda}&duration=${duration}${extra}`;

/** Item 1: 20 MAC packets per segment; 10 fixed error-free bearers above capacity carry 50 segments/s ± 2 %. */
export function dectItem1(duration = 300): ValidationItem {
  // Fixed bearers: no background, no bearer handovers, no cell changes, error-free.
  const text = `system=dect&load=0,0,0,0&hoScale=0&berScale=0&mobility=map&lambda=70&duration=${duration}`;
  return {
    id: 'dect-1',
    system: 'dect',
    claim:
      'A 512-byte segment needs 20 MAC packets; with 10 bearers held fixed on an error-free channel and λ above capacity, TH measures 50 segments/s (± 2 %).',
    command: `npm run sim -- "${text}"`,
    study: '20 MAC packets per segment; 50 segments/s on 10 bearers',
    run() {
      const [s] = overSeeds(text, 1);
      const segments = (app(s, 'thDown') + app(s, 'thUp')) * num(s.simTime);
      const figures = {
        packetsPerSegmentRule: Math.ceil((512 + 42) / 29),
        macPacketsPerSegment: link(s, 'mac', 'packets') / segments,
        meanBearers: app(s, 'meanBearers'),
        th: app(s, 'th'),
        subfieldErrors: link(s, 'mac', 'subfieldErrors'),
      };
      // The whole run counts, slow start included: over 300 s that costs well under 2 %.
      const pass =
        figures.packetsPerSegmentRule === DECT_STUDY.packetsPerSegment &&
        figures.meanBearers === 10 &&
        Math.abs(figures.th - DECT_STUDY.fixedTh) <= 0.02 * DECT_STUDY.fixedTh;
      return {
        value:
          `ceil(554 / 29) = ${figures.packetsPerSegmentRule} packets per segment (measured ${fmt(figures.macPacketsPerSegment, 2)} with ACKs and DLC overhead); ` +
          `${fmt(figures.meanBearers, 2)} bearers, TH ${fmt(figures.th, 2)} segments/s over ${duration} s`,
        pass,
        figures,
      };
    },
  };
}

/** Item 2: reference load — ≈ 6.4 bearers with 30–50 % failed handovers; TH rises with λ and levels off below TH_teo. */
export function dectItem2(
  seeds = 3,
  duration = 3600,
  lambdas: readonly number[] = [10, 20, 40],
): ValidationItem {
  const top = lambdas[lambdas.length - 1];
  return {
    id: 'dect-2',
    system: 'dect',
    claim:
      'At the reference load the bearer count saw-tooths between the target and bth − 1, averaging ≈ 6.4 (TH_teo ≈ 31–33 segments/s) with 30–50 % of bearer handovers failing; TH rises with λ and levels off clearly below TH_teo (76–80 % in the study, ≈ 85–90 % for a faithful model).',
    command: `npm run sim -- --sweep "system=dect&lambda=${lambdas.join('|')}&duration=${duration}" --seeds ${seeds}`,
    study: '≈ 6.4 bearers, TH_teo 31–33 segments/s, 30–50 % failed handovers, TH ≈ 76–90 % of TH_teo',
    run() {
      const runs = lambdas.map((l) => overSeeds(reference(l, duration), seeds));
      const all = runs.flat();
      const th = runs.map((ss) => meanOf(ss, (s) => app(s, 'th')));
      const figures: Record<string, number> = {
        meanBearers: meanOf(all, (s) => app(s, 'meanBearers')),
        thTeo: meanOf(all, (s) => app(s, 'thTeo')),
        handoverFail: meanOf(all, (s) => link(s, 'handoverFailFraction')),
        ...Object.fromEntries(lambdas.map((l, k) => [`th@${l}`, th[k]])),
        levelTop: meanOf(runs[runs.length - 1], (s) => app(s, 'th') / app(s, 'thTeo')),
        // MAC Ip's own ceiling on that level: the share of the slots carrying packets that carried
        // a new one (the rest are retransmissions).
        macCeilingTop: meanOf(runs[runs.length - 1], (s) => {
          const fresh = link(s, 'mac', 'packets');
          return fresh / (fresh + link(s, 'mac', 'retransmissions'));
        }),
        // Slots that carried a packet over the slots the bearers held (both directions, 100 frames/s).
        busyTop: meanOf(
          runs[runs.length - 1],
          (s) =>
            (link(s, 'mac', 'packets') + link(s, 'mac', 'retransmissions')) /
            (app(s, 'meanBearers') * 200 * num(s.simTime)),
        ),
        // Failed bearer handovers when they started with few (≤ 5) or many (≥ 8) bearers.
        handoverFailFew: failShare(all, 0, 5),
        handoverFailMany: failShare(all, 8, 12),
      };
      // 6.0–6.8: "≈ 6.4"; the level bounds span the study's and the faithful model's figures.
      const bearersOk = figures.meanBearers >= 6 && figures.meanBearers <= 6.8;
      const failOk =
        figures.handoverFail >= DECT_STUDY.handoverFail[0] &&
        figures.handoverFail <= DECT_STUDY.handoverFail[1];
      const levelOk = figures.levelTop >= DECT_STUDY.level[0] && figures.levelTop <= DECT_STUDY.level[1];
      const rises = th.every((x, k) => k === 0 || x > th[k - 1]);
      const gaps = [
        bearersOk ? '' : `mean bearers ${fmt(figures.meanBearers, 2)} is not ≈ 6.4`,
        failOk ? '' : `failed handovers ${pct(figures.handoverFail)} outside 30–50 %`,
        levelOk
          ? ''
          : `TH/TH_teo ${pct(figures.levelTop)} at λ = ${top} outside 76–90 % (MAC Ip's retransmissions alone cap it at ` +
            `${pct(figures.macCeilingTop)}: that share of the slots carrying packets carried a new one, and the ` +
            `bearers were busy in ${pct(figures.busyTop)} of their slots, so DLC and bearer losses cost the rest)`,
        rises ? '' : 'TH does not rise with λ',
      ].filter((g) => g !== '');
      return {
        value:
          `${seeds} seeds × ${duration} s: ${fmt(figures.meanBearers, 2)} bearers (TH_teo ${fmt(figures.thTeo, 1)}), ` +
          `${pct(figures.handoverFail)} of handovers failed; TH ${th.map((x) => fmt(x, 1)).join(' / ')} ` +
          `at λ = ${lambdas.join(' / ')}, ${pct(figures.levelTop)} of TH_teo at λ = ${top}` +
          (gaps.length > 0 ? `. Not met: ${gaps.join('; ')}` : '') +
          `. By bearers held (all runs): ${perCountTable(all)}`,
        pass: bearersOk && failOk && levelOk && rises,
        figures,
      };
    },
  };
}

/** Item 3: berScale=2 lowers TH/TH_teo by several points; a higher load lowers TH_teo. */
export function dectItem3(seeds = 3, duration = 3600): ValidationItem {
  return {
    id: 'dect-3',
    system: 'dect',
    claim:
      'Doubling the BER (berScale=2) lowers the level TH reaches relative to TH_teo by several points (the study: 68 %); a higher background load lowers TH_teo itself.',
    command: `npm run sim -- --sweep "system=dect&lambda=40&berScale=1|2&duration=${duration}" --seeds ${seeds}; npm run sim -- --sweep "system=dect&lambda=40&load=reference|high&duration=${duration}" --seeds ${seeds}`,
    study: 'TH/TH_teo 76–80 % → 68 % with double BER; lower TH_teo at high load',
    run() {
      const ref = overSeeds(reference(40, duration), seeds);
      const ber2 = overSeeds(reference(40, duration, '&berScale=2'), seeds);
      const high = overSeeds(reference(40, duration, '&load=high'), seeds);
      const level = (ss: readonly Summary[]) => meanOf(ss, (s) => app(s, 'th') / app(s, 'thTeo'));
      const figures = {
        level: level(ref),
        levelBer2: level(ber2),
        thTeo: meanOf(ref, (s) => app(s, 'thTeo')),
        thTeoHigh: meanOf(high, (s) => app(s, 'thTeo')),
      };
      // "Several points": at least 3.
      const pass = figures.level - figures.levelBer2 >= 0.03 && figures.thTeoHigh < figures.thTeo;
      return {
        value:
          `λ = 40, ${seeds} seeds × ${duration} s: TH/TH_teo ${pct(figures.level)} → ${pct(figures.levelBer2)} with berScale=2; ` +
          `TH_teo ${fmt(figures.thTeo, 2)} → ${fmt(figures.thTeoHigh, 2)} segments/s at load=high`,
        pass,
        figures,
      };
    },
  };
}

/** Item 4: no TCP timeout at λ ≤ TH_teo with Poisson arrivals; DLC almost never gives a frame up. */
export function dectItem4(
  seeds = 3,
  duration = 3600,
  lambdas: readonly number[] = [10, 20],
  loads: readonly number[] = [5, 7, 9, LOAD_FACTORS.reference],
): ValidationItem {
  return {
    id: 'dect-4',
    system: 'dect',
    claim:
      'No TCP retransmission timeout in the reference cases with Poisson arrivals at λ ≤ TH_teo, although delays vary widely — because DLC almost never gives a segment up and every advancing ACK restarts the timer; batch arrivals may cause occasional spurious timeouts (counted).',
    command: `npm run sim -- --sweep "system=dect&lambda=${lambdas.join('|')}&duration=${duration}" --seeds ${seeds}; npm run sim -- --sweep "system=dect&lambda=20&batch=5&duration=${duration}" --seeds ${seeds}`,
    study: 'no TCP timeout with Poisson arrivals',
    run() {
      const all = lambdas.flatMap((l) =>
        overSeeds(reference(l, duration), seeds).map((s, k) => ({ l, seed: k + 1, s })),
      );
      // The claim covers λ ≤ TH_teo: a run whose bearers carried less than λ on average is outside it.
      const within = all.filter((r) => r.l <= app(r.s, 'thTeo'));
      const poisson = within.map((r) => r.s);
      // Where timeouts happen: the runs, with the TCP user's drops, blocked set-ups and time
      // without any bearer beside them.
      const noBearerS = (s: Summary): number => (byBearers([s], 'frames')[0] ?? 0) / 100;
      const timedOutRuns = within.filter((r) => r.s.tcp.timeouts > 0);
      const timedOut = timedOutRuns.map(
        (r) =>
          `λ = ${r.l} seed ${r.seed}: ${r.s.tcp.timeouts} timeouts, ${link(r.s, 'drops')} drops, ` +
          `${link(r.s, 'blockedSetups')} blocked set-ups, ${fmt(noBearerS(r.s), 1)} s without a bearer`,
      );
      const outside = all.filter((r) => r.l > app(r.s, 'thTeo')).map((r) => r.s);
      const batch = overSeeds(reference(20, duration, '&batch=5'), seeds);
      // The same case at lighter and heavier background loads: is there one that meets both the
      // calibration (30–50 % failed handovers) and this claim?
      const rows = loadRows(loads, (k) =>
        overSeeds(
          k === LOAD_FACTORS.reference
            ? reference(20, duration)
            : reference(20, duration, `&load=${loadKey(k)}`),
          seeds,
        ),
      );
      const meetingBoth = loadsMeetingBoth(rows, DECT_STUDY.handoverFail);
      const figures = {
        ...Object.fromEntries(
          rows.flatMap((r) => [
            [`fail@k${r.k}`, r.failFraction],
            [`timeouts@k${r.k}`, r.timeouts.reduce((a, b) => a + b, 0)],
          ]),
        ),
        loadsMeetingBoth: meetingBoth.length,
        runs: poisson.length,
        outside: outside.length,
        timeoutsOutside: sumOf(outside, (s) => s.tcp.timeouts),
        timeouts: sumOf(poisson, (s) => s.tcp.timeouts),
        framesGivenUp: sumOf(poisson, (s) => link(s, 'dlc', 'framesGivenUp')),
        fragments: sumOf(poisson, (s) => link(s, 'dlc', 'fragments')),
        maxP99: Math.max(...poisson.map((s) => delay(s, 'p99'))),
        batchTimeouts: sumOf(batch, (s) => s.tcp.timeouts),
        // The least time without any bearer among the runs that timed out (0: none did), s.
        minNoBearerTimedOut:
          timedOutRuns.length > 0 ? Math.min(...timedOutRuns.map((r) => noBearerS(r.s))) : 0,
      };
      // "Almost never": at most one DLC frame given up per 100 000 fragments sent.
      const pass =
        figures.runs > 0 && figures.timeouts === 0 && figures.framesGivenUp <= figures.fragments * 1e-5;
      return {
        value:
          `λ = ${lambdas.join(' and ')}, ${seeds} seeds × ${duration} s, the ${figures.runs} runs with λ ≤ TH_teo: ${figures.timeouts} TCP timeouts, ` +
          `${figures.framesGivenUp} DLC frames given up of ${figures.fragments} fragments, delay p99 up to ${fmt(figures.maxP99, 1)} s` +
          `${figures.outside > 0 ? ` (${figures.outside} runs with λ > TH_teo: ${figures.timeoutsOutside} timeouts)` : ''}; ` +
          `batch=5 at λ = 20: ${figures.batchTimeouts} timeouts` +
          (timedOut.length > 0
            ? `. Not met: ${timedOut.join('; ')} — dect.md's rules followed to the letter (seeds 1 and 2 traced; ` +
              'config.ts): every timeout falls in a stretch of 3 s or more with no bearer at all. A ' +
              'Connection_Handover into a full target cell (at the reference load each RFP holds 118.8 of its 120 ' +
              'channels on average, 119 or more two thirds of the time) moved none of its 5–9 bearers within ' +
              'its 3 s — the radio can take channels only in the slots its old bearers leave free — so all ' +
              'were lost and the connection dropped; the immediate re-set-up reads its channel list once (lists ' +
              'are refreshed at set-up and during handovers only), finds no idle channel in 3 s and blocks, ' +
              'once or twice. Both ends’ RTO sits at bsd44’s 1 s floor (RTT ≈ 0.14 s), so each times out ' +
              'after 1 s and again after 3 s. Drops whose re-set-up succeeds at once (0.02 s without a bearer) ' +
              'cause none, and the DLC gives nothing up (its timers stand still while there is no bearer). The ' +
              'study saw no timeout, so its TCP user cannot have gone a second without a bearer, whereas this model ' +
              'reaches the 30–50 % failed handovers dect.md calibrates to only with full cells'
            : '') +
          `. Background load k × (600, 1200, 120, 120) calls/h (reference k = ${LOAD_FACTORS.reference}), ` +
          `λ = 20, ${seeds} seeds × ${duration} s: ${loadTable(rows)} — ` +
          (meetingBoth.length > 0
            ? `k = ${meetingBoth.join(', ')} meets both 30–50 % failed handovers and no timeout`
            : 'no load tried gives both 30–50 % failed handovers and no timeout'),
        pass,
        figures,
      };
    },
  };
}

/** Item 5: heavy-tailed delay at λ = 20: a sizeable fraction above 10 s, far more than an exponential; batches worse. */
export function dectItem5(seeds = 3, duration = 3600): ValidationItem {
  return {
    id: 'dect-5',
    system: 'dect',
    claim:
      'The delay D is heavy-tailed at λ = 20: a sizeable fraction of segments (about a tenth in the study) wait more than 10 s — far more than an exponential with the same mean gives; batch arrivals make it worse.',
    command: `npm run sim -- --sweep "system=dect&lambda=20&batch=1|5&duration=${duration}" --seeds ${seeds}`,
    study: '≈ 12 % of segments above 10 s',
    run() {
      const poisson = overSeeds(reference(20, duration), seeds);
      const batch = overSeeds(reference(20, duration, '&batch=5'), seeds);
      const mean = meanOf(poisson, (s) => delay(s, 'mean'));
      const figures = {
        meanDelay: mean,
        fracOver10s: meanOf(poisson, (s) => delay(s, 'fracOver10s')),
        exponentialOver10s: Math.exp(-10 / mean),
        batchFracOver10s: meanOf(batch, (s) => delay(s, 'fracOver10s')),
      };
      // "Sizeable, about a tenth": 3–30 %; "far more" than the exponential: at least twice.
      const pass =
        figures.fracOver10s >= 0.03 &&
        figures.fracOver10s <= 0.3 &&
        figures.fracOver10s >= 2 * figures.exponentialOver10s &&
        figures.batchFracOver10s > figures.fracOver10s;
      return {
        value:
          `${seeds} seeds × ${duration} s: mean D ${fmt(mean, 2)} s, ${pct(figures.fracOver10s)} above 10 s ` +
          `(an exponential of that mean: ${pct(figures.exponentialOver10s)}); batch=5: ${pct(figures.batchFracOver10s)}` +
          (figures.fracOver10s < 2 * figures.exponentialOver10s
            ? '. Not met: the tail is not heavier than an exponential of the same mean (the bearer count, dect-2, ' +
              'decides how long λ = 20 exceeds the capacity held)'
            : ''),
        pass,
        figures,
      };
    },
  };
}

/** Item 6: a tenfold BER for frames 500–1000 raises the delays, with no TCP timeout. */
export function dectItem6(seeds = 5, duration = 20): ValidationItem {
  // Frames 500–1000 are 5–10 s into the run: a short run keeps that window a large share of it.
  const base = reference(20, duration);
  return {
    id: 'dect-6',
    system: 'dect',
    claim:
      'With the BER raised tenfold for frames 500–1000 (subfield error rates 0.127 and 0.913), transfer delays rise during that window, and still no TCP timeout occurs.',
    command: `npm run sim -- --sweep "system=dect&lambda=20&duration=${duration}&berEpisode=0-0-1|500-1000-10" --seeds ${seeds}`,
    study: 'delays rise during the episode; no TCP timeout',
    run() {
      const calm = overSeeds(base, seeds);
      const episode = overSeeds(`${base}&berEpisode=500-1000-10`, seeds);
      const figures = {
        meanDelay: meanOf(calm, (s) => delay(s, 'mean')),
        meanDelayEpisode: meanOf(episode, (s) => delay(s, 'mean')),
        p90: meanOf(calm, (s) => delay(s, 'p90')),
        p90Episode: meanOf(episode, (s) => delay(s, 'p90')),
        subfieldErrors: meanOf(calm, (s) => link(s, 'mac', 'subfieldErrors')),
        subfieldErrorsEpisode: meanOf(episode, (s) => link(s, 'mac', 'subfieldErrors')),
        timeouts: sumOf(episode, (s) => s.tcp.timeouts),
      };
      const pass =
        figures.meanDelayEpisode > figures.meanDelay &&
        figures.p90Episode > figures.p90 &&
        figures.subfieldErrorsEpisode > figures.subfieldErrors &&
        figures.timeouts === 0;
      return {
        value:
          `${seeds} seeds × ${duration} s at λ = 20: mean D ${fmt(figures.meanDelay, 3)} → ${fmt(figures.meanDelayEpisode, 3)} s, ` +
          `p90 ${fmt(figures.p90, 3)} → ${fmt(figures.p90Episode, 3)} s with the episode; ${figures.timeouts} TCP timeouts`,
        pass,
        figures,
      };
    },
  };
}

export const DECT_ITEMS: readonly ValidationItem[] = [
  dectItem1(),
  dectItem2(),
  dectItem3(),
  dectItem4(),
  dectItem5(),
  dectItem6(),
];
