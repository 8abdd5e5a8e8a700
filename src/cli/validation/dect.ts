/**
 * The six "must reproduce" items of DECT (dect.md; Baiocchi et al., "Performance of TCP/IP data
 * transfer over the DECT radio interface"). The bearer count moves on a time scale of minutes, so
 * the items average six seeds of an hour (dect.md: "6 seeds × 1 h"); every item is a factory taking
 * its seed count and run length, so the golden tests run cheaper variants with the same verdict
 * logic. Bounds that are ours say why next to them; a failing item says why in its value.
 */
import type { Summary } from '../../engine';
import { mean } from '../../engine/analysis';
import {
  byBearers,
  dropsBehindTimeouts,
  failShare,
  link,
  loadFigures,
  loadText,
  perCountTable,
  sumOf,
  timeoutsOf,
} from './dect-evidence';
import { fmt, fmtList, num, seedList, summarise } from './run';
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
  /** Mean bearers at the reference load over the seeds, and each seed's (a slow saw-tooth varies). */
  meanBearers: [5.7, 6.7],
  seedBearers: [5.0, 7.2],
  thTeo: [28, 33],
  /** TH / TH_teo above capacity: the study's 76–80 %; a faithful model's 85–91 %, never above MAC Ip's efficiency. */
  level: [0.85, 0.91],
  studyLevel: [0.76, 0.8],
  berScale2Level: 0.68,
  fracOver10s: 0.12,
  /** The reference load is moderate: mean channels held per RFP (of 120) and background calls blocked, at most. */
  channelsHeld: 90,
  blocking: 0.05,
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

/**
 * Item 2: at the reference load (moderate: RFPs far from full, few calls blocked, no blocked set-up of
 * the TCP user) the bearer count saw-tooths around 6; TH rises with λ and levels off below TH_teo,
 * never above MAC Ip's own efficiency.
 */
export function dectItem2(
  seeds = 6,
  duration = 3600,
  lambdas: readonly number[] = [10, 20, 40],
): ValidationItem {
  const top = lambdas[lambdas.length - 1];
  return {
    id: 'dect-2',
    system: 'dect',
    claim:
      'At the reference load — the study’s moderate load: RFPs far from full (≤ 90 of 120 channels held on average), a few per cent of background calls blocked at most, no blocked set-up of the TCP user — the bearer count saw-tooths between the target and bth − 1, averaging about 6 (5.7–6.7 over the seeds, each 5.0–7.2; TH_teo ≈ 28–33 segments/s); TH rises with λ and levels off clearly below TH_teo (76–80 % in the study; ≈ 85–91 % for a faithful model, never above MAC Ip’s own efficiency, printed beside it). The failed-handover fraction is reported, not a target.',
    command: `npm run sim -- --sweep "system=dect&lambda=${lambdas.join('|')}&duration=${duration}" --seeds ${seeds}`,
    study:
      'moderate load; ≈ 6 bearers (5.7–6.7, each seed 5.0–7.2), TH_teo ≈ 28–33 segments/s; TH ≈ 85–91 % of TH_teo, ≤ MAC Ip efficiency (study: 76–80 %)',
    run() {
      const runs = lambdas.map((l) => overSeeds(reference(l, duration), seeds));
      // The bearer count does not depend on λ (its draws have streams of their own): one λ's runs.
      const bearerRuns = runs[0];
      const perSeed = bearerRuns.map((s) => app(s, 'meanBearers'));
      const th = runs.map((ss) => meanOf(ss, (s) => app(s, 'th')));
      const load = loadFigures(bearerRuns);
      const topRuns = runs[runs.length - 1];
      const figures: Record<string, number> = {
        meanBearers: meanOf(bearerRuns, (s) => app(s, 'meanBearers')),
        minSeedBearers: Math.min(...perSeed),
        maxSeedBearers: Math.max(...perSeed),
        thTeo: meanOf(bearerRuns, (s) => app(s, 'thTeo')),
        handoverFail: load.handoverFail,
        channelsHeld: load.channelsHeld,
        blocking: load.blocking,
        tcpBlockedSetups: load.tcpBlocked,
        ...Object.fromEntries(lambdas.map((l, k) => [`th@${l}`, th[k]])),
        levelTop: meanOf(topRuns, (s) => app(s, 'th') / app(s, 'thTeo')),
        // MAC Ip's own ceiling on that level: new packets over all packets sent (the rest are
        // retransmissions), the summary's link.mac.efficiency.
        macCeilingTop: meanOf(topRuns, (s) => link(s, 'mac', 'efficiency')),
        // Slots that carried a packet over the slots the bearers held (both directions, 100 frames/s).
        busyTop: meanOf(
          topRuns,
          (s) =>
            (link(s, 'mac', 'packets') + link(s, 'mac', 'retransmissions')) /
            (app(s, 'meanBearers') * 200 * num(s.simTime)),
        ),
        // Failed bearer handovers when they started with few (≤ 5) or many (≥ 8) bearers.
        handoverFailFew: failShare(bearerRuns, 0, 5),
        handoverFailMany: failShare(bearerRuns, 8, 12),
      };
      const [lo, hi] = DECT_STUDY.meanBearers;
      const [seedLo, seedHi] = DECT_STUDY.seedBearers;
      const moderate =
        load.channelsHeld <= DECT_STUDY.channelsHeld &&
        load.blocking <= DECT_STUDY.blocking &&
        load.tcpBlocked === 0;
      const bearersOk =
        figures.meanBearers >= lo &&
        figures.meanBearers <= hi &&
        figures.minSeedBearers >= seedLo &&
        figures.maxSeedBearers <= seedHi;
      const levelOk =
        figures.levelTop >= DECT_STUDY.level[0] &&
        figures.levelTop <= DECT_STUDY.level[1] &&
        figures.levelTop <= figures.macCeilingTop;
      const rises = th.every((x, k) => k === 0 || x > th[k - 1]);
      const gaps = [
        moderate
          ? ''
          : 'the reference load is not moderate (over 90 channels held, over 5 % blocked, or a blocked set-up of the TCP user)',
        bearersOk
          ? ''
          : `mean bearers ${fmt(figures.meanBearers, 2)} (seeds ${fmtList(perSeed, 2)}) outside 5.7–6.7 or a seed outside 5.0–7.2`,
        levelOk
          ? ''
          : `TH/TH_teo ${pct(figures.levelTop)} at λ = ${top} outside 85–91 % or above MAC Ip’s ${pct(figures.macCeilingTop)}`,
        rises ? '' : 'TH does not rise with λ',
      ].filter((g) => g !== '');
      return {
        value:
          `${seeds} seeds × ${duration} s: ${loadText(load)} (not a target); ` +
          `${fmt(figures.meanBearers, 2)} bearers (seeds ${fmtList(perSeed, 2)}; TH_teo ${fmt(figures.thTeo, 1)}); ` +
          `TH ${th.map((x) => fmt(x, 1)).join(' / ')} at λ = ${lambdas.join(' / ')}, ` +
          `${pct(figures.levelTop)} of TH_teo at λ = ${top}, MAC Ip’s efficiency ${pct(figures.macCeilingTop)} beside it ` +
          `(the share of packets sent that were new; the bearers were busy in ${pct(figures.busyTop)} of their slots, so DLC and bearer losses cost the rest)` +
          (gaps.length > 0 ? `. Not met: ${gaps.join('; ')}` : '') +
          `. By bearers held (λ = ${lambdas[0]} runs): ${perCountTable(bearerRuns)}`,
        pass: moderate && bearersOk && levelOk && rises,
        figures,
      };
    },
  };
}

/** Item 3: berScale=2 lowers TH/TH_teo by several points; a higher load lowers TH_teo. */
export function dectItem3(seeds = 6, duration = 3600): ValidationItem {
  return {
    id: 'dect-3',
    system: 'dect',
    claim:
      'Doubling the BER (berScale=2) lowers the level TH reaches relative to TH_teo by several points (the study: 68 %); a higher background load lowers TH_teo itself (more failed handovers and set-ups).',
    command: `npm run sim -- --sweep "system=dect&lambda=40&berScale=1|2&duration=${duration}" --seeds ${seeds}; npm run sim -- --sweep "system=dect&lambda=40&load=low|reference|high&duration=${duration}" --seeds ${seeds}`,
    study: 'TH/TH_teo 76–80 % → 68 % with double BER; lower TH_teo at a higher load',
    run() {
      const ref = overSeeds(reference(40, duration), seeds);
      const ber2 = overSeeds(reference(40, duration, '&berScale=2'), seeds);
      const low = overSeeds(reference(40, duration, '&load=low'), seeds);
      const high = overSeeds(reference(40, duration, '&load=high'), seeds);
      const level = (ss: readonly Summary[]) => meanOf(ss, (s) => app(s, 'th') / app(s, 'thTeo'));
      const thTeo = (ss: readonly Summary[]) => meanOf(ss, (s) => app(s, 'thTeo'));
      const figures = {
        level: level(ref),
        levelBer2: level(ber2),
        thTeoLow: thTeo(low),
        thTeo: thTeo(ref),
        thTeoHigh: thTeo(high),
        handoverFail: loadFigures(ref).handoverFail,
        handoverFailHigh: loadFigures(high).handoverFail,
        modificationSetupsFailedHigh: meanOf(high, (s) => link(s, 'modificationSetupsFailed')),
      };
      // "Several points": at least 3.
      const pass =
        figures.level - figures.levelBer2 >= 0.03 &&
        figures.thTeoHigh < figures.thTeo &&
        figures.thTeo < figures.thTeoLow;
      return {
        value:
          `λ = 40, ${seeds} seeds × ${duration} s: TH/TH_teo ${pct(figures.level)} → ${pct(figures.levelBer2)} with berScale=2; ` +
          `TH_teo ${fmt(figures.thTeoLow, 2)} (low) → ${fmt(figures.thTeo, 2)} (reference) → ${fmt(figures.thTeoHigh, 2)} segments/s (high: ` +
          `${pct(figures.handoverFailHigh)} of bearer handovers failed against ${pct(figures.handoverFail)}, ` +
          `${fmt(figures.modificationSetupsFailedHigh, 0)} failed Connection_Modification set-ups per run, and the seconds without any bearer after drops)`,
        pass,
        figures,
      };
    },
  };
}

/**
 * Item 4: no TCP timeout at λ ≤ TH_teo with Poisson arrivals at the reference load; DLC almost
 * never gives a frame up. At load=high, timeouts after a dropped connection, each traced to its drop.
 */
export function dectItem4(
  seeds = 6,
  duration = 3600,
  lambdas: readonly number[] = [10, 20],
  high: { seeds: number; duration: number } = { seeds: 3, duration: 600 },
): ValidationItem {
  return {
    id: 'dect-4',
    system: 'dect',
    claim:
      'No TCP retransmission timeout in the reference cases (reference load) with Poisson arrivals at λ ≤ TH_teo, although delays vary widely — because DLC almost never gives a segment up and every advancing ACK restarts the timer; batch arrivals may cause occasional spurious timeouts (counted). At load=high, timeouts after a dropped connection may appear: the summary says which drop caused each.',
    command: `npm run sim -- --sweep "system=dect&lambda=${lambdas.join('|')}&duration=${duration}" --seeds ${seeds}; npm run sim -- --sweep "system=dect&lambda=20&batch=5&duration=${duration}" --seeds ${seeds}; npm run sim -- --sweep "system=dect&lambda=20&load=high&duration=${high.duration}" --seeds ${high.seeds}`,
    study: 'no TCP timeout with Poisson arrivals at the moderate load; at high load, timeouts after drops',
    run() {
      const all = lambdas.flatMap((l) =>
        overSeeds(reference(l, duration), seeds).map((s, k) => ({ l, seed: k + 1, s })),
      );
      // The claim covers λ ≤ TH_teo: a run whose bearers carried less than λ on average is outside it.
      const within = all.filter((r) => r.l <= app(r.s, 'thTeo'));
      const poisson = within.map((r) => r.s);
      const noBearerS = (s: Summary): number => (byBearers([s], 'frames')[0] ?? 0) / 100;
      const timedOut = within
        .filter((r) => r.s.tcp.timeouts > 0)
        .map((r) => `λ = ${r.l} seed ${r.seed}: ${dropsBehindTimeouts(timeoutsOf(r.s))}`);
      const outside = all.filter((r) => r.l > app(r.s, 'thTeo')).map((r) => r.s);
      const batch = overSeeds(reference(20, duration, '&batch=5'), seeds);
      const hi = overSeeds(reference(20, high.duration, '&load=high'), high.seeds);
      const hiTimeouts = hi.map(timeoutsOf);
      const figures = {
        runs: poisson.length,
        outside: outside.length,
        timeoutsOutside: sumOf(outside, (s) => s.tcp.timeouts),
        timeouts: sumOf(poisson, (s) => s.tcp.timeouts),
        drops: sumOf(poisson, (s) => link(s, 'drops')),
        blockedSetups: sumOf(poisson, (s) => link(s, 'blockedSetups')),
        // The longest time without any bearer in a reference run, s.
        maxNoBearerS: Math.max(...poisson.map(noBearerS)),
        framesGivenUp: sumOf(poisson, (s) => link(s, 'dlc', 'framesGivenUp')),
        fragments: sumOf(poisson, (s) => link(s, 'dlc', 'fragments')),
        maxP99: Math.max(...poisson.map((s) => delay(s, 'p99'))),
        batchTimeouts: sumOf(batch, (s) => s.tcp.timeouts),
        highTimeouts: sumOf(hi, (s) => s.tcp.timeouts),
        highAfterDrop: hiTimeouts.reduce((a, t) => a + t.afterDrop, 0),
        highWithoutBearer: hiTimeouts.reduce((a, t) => a + t.withoutBearer, 0),
      };
      // "Almost never": at most one DLC frame given up per 100 000 fragments sent. At high load every
      // timeout must be explained: each one's wait held time without any bearer after a drop.
      const pass =
        figures.runs > 0 &&
        figures.timeouts === 0 &&
        figures.framesGivenUp <= figures.fragments * 1e-5 &&
        figures.highTimeouts > 0 &&
        figures.highAfterDrop === figures.highTimeouts;
      return {
        value:
          `Reference load, λ = ${lambdas.join(' and ')}, ${seeds} seeds × ${duration} s, the ${figures.runs} runs with λ ≤ TH_teo: ` +
          `${figures.timeouts} TCP timeouts, ${figures.drops} drops, ${figures.blockedSetups} blocked set-ups ` +
          `(at most ${fmt(figures.maxNoBearerS, 2)} s without any bearer in a run), ` +
          `${figures.framesGivenUp} DLC frames given up of ${figures.fragments} fragments, delay p99 up to ${fmt(figures.maxP99, 1)} s` +
          `${figures.outside > 0 ? ` (${figures.outside} runs with λ > TH_teo: ${figures.timeoutsOutside} timeouts)` : ''}; ` +
          `batch=5 at λ = 20: ${figures.batchTimeouts} timeouts` +
          (timedOut.length > 0 ? `. Not met: ${timedOut.join('; ')}` : '') +
          `. load=high, λ = 20, ${high.seeds} seeds × ${high.duration} s: ${figures.highTimeouts} timeouts, ` +
          `${figures.highAfterDrop} of them after a drop, each in seconds without any bearer — ` +
          hi.map((s, k) => `seed ${k + 1}: ${dropsBehindTimeouts(hiTimeouts[k])}`).join('; ') +
          `. The RTO sits at bsd44’s 1 s floor (mean RTT ${fmt(
            meanOf(hi, (s) => s.tcp.rttMean),
            2,
          )} s), so a second ` +
          `without any bearer times each end out; at the reference load the cells hold ${fmt(loadFigures(poisson).channelsHeld, 1)} ` +
          'of 120 channels on average and a Connection_Handover finds channels in the slots its radio has free ' +
          'within its 3 s, so no stretch lasts that long',
        pass,
        figures,
      };
    },
  };
}

/** Item 5: heavy-tailed delay at λ = 20: a sizeable fraction above 10 s, far more than an exponential; batches worse. */
export function dectItem5(seeds = 6, duration = 3600): ValidationItem {
  return {
    id: 'dect-5',
    system: 'dect',
    claim:
      'The delay D is heavy-tailed at λ = 20: a sizeable fraction of segments (about a tenth in the study) wait more than 10 s — far more than an exponential with the same mean gives — and the tail comes from the stretches when the TCP user holds only 3–4 bearers (less capacity than λ); batch arrivals make it worse.',
    command: `npm run sim -- --sweep "system=dect&lambda=20&batch=1|5&duration=${duration}" --seeds ${seeds}`,
    study: '≈ 12 % of segments above 10 s',
    run() {
      const poisson = overSeeds(reference(20, duration), seeds);
      const batch = overSeeds(reference(20, duration, '&batch=5'), seeds);
      const mean = meanOf(poisson, (s) => delay(s, 'mean'));
      // Share of the run at 3–4 bearers (≤ 18 segments/s carried: less than λ = 20).
      const atFew = (s: Summary): number => {
        const f = byBearers([s], 'frames');
        const all = f.reduce((a, b) => a + b, 0);
        return all > 0 ? ((f[3] ?? 0) + (f[4] ?? 0)) / all : 0;
      };
      const figures = {
        meanDelay: mean,
        medianDelay: meanOf(poisson, (s) => delay(s, 'p50')),
        fracOver10s: meanOf(poisson, (s) => delay(s, 'fracOver10s')),
        exponentialOver10s: Math.exp(-10 / mean),
        batchFracOver10s: meanOf(batch, (s) => delay(s, 'fracOver10s')),
        timeAtFewBearers: meanOf(poisson, atFew),
      };
      // "Sizeable, about a tenth": 3–30 %; "far more" than the exponential: at least twice.
      const heavier = figures.fracOver10s >= 2 * figures.exponentialOver10s;
      const pass =
        figures.fracOver10s >= 0.03 &&
        figures.fracOver10s <= 0.3 &&
        heavier &&
        figures.batchFracOver10s > figures.fracOver10s;
      const perSeed = poisson
        .map(
          (s, k) =>
            `seed ${k + 1}: ${pct(delay(s, 'fracOver10s'))} above 10 s, ${fmt(100 * atFew(s), 0)} % of the hour at 3–4 bearers`,
        )
        .join('; ');
      return {
        value:
          `${seeds} seeds × ${duration} s: mean D ${fmt(mean, 2)} s (median ${fmt(figures.medianDelay, 2)} s), ` +
          `${pct(figures.fracOver10s)} above 10 s (an exponential of that mean: ${pct(figures.exponentialOver10s)}); ` +
          `batch=5: ${pct(figures.batchFracOver10s)}; ${perSeed}` +
          (pass
            ? ''
            : !heavier && mean > 10 / Math.log(20)
              ? '. Not met: “about a tenth above 10 s” and “far more than an exponential of the same mean” hold ' +
                'together only for a mean D under ≈ 3.3 s (an exponential of mean m puts e^(−10/m) above 10 s). At the ' +
                'moderate reference load (dect-2) a bearer is lost only when the few slots the radio has free are full ' +
                'on every carrier, so the count rests at 4 bearers — ≈ 18 segments/s carried, less than λ = 20 — for ' +
                'minutes on end (the share above), the queue grows through each such rest and the minutes-long waits ' +
                `carry the mean: the tail is heavy (a median of ${fmt(figures.medianDelay, 2)} s) but the mean is not a few ` +
                'seconds. Loads whose saw-tooth is fast pass (config.ts: k = 1.6–3, 111–118 of 120 channels held, ' +
                'mean D 1.35–2.70 s, 3.4–9.1 % above 10 s) but time out (dect-4): dect.md’s moderate reference and this ' +
                'item cannot both hold in its model'
              : '. Not met: no sizeable tail heavier than an exponential of the same mean, or batches do not make it worse'),
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
