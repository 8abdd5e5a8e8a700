/**
 * DECT must-reproduce items 5 and 6 (dect.md): the delay D's heavy tail at λ = 20 and the tenfold
 * BER episode. Factories with their seed count and run length, as in dect.ts.
 */
import type { Summary } from '../../engine';
import { byBearers, sumOf, link } from './dect-evidence';
import { delay, meanOf, overSeeds, pct, reference } from './dect-runs';
import { fmt } from './run';
import type { ValidationItem } from './types';

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
