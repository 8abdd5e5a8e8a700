import { describe, expect, it } from 'vitest';
import { RandomStreams } from '../../../src/engine/core/rng';
import { millis, seconds, toSeconds, type Nanos } from '../../../src/engine/core/time';
import {
  OnOffSpeech,
  P59Conversation,
  P59State,
  p59Chain,
  silenceMeanForActivity,
  type SpeechActivity,
} from '../../../src/engine/channel/speech';
import { relErr } from './run-stats';

const BLOCK = millis(20);

/** Fraction of 20 ms blocks that start inside a talkspurt, over `durationS` seconds. */
function blockActivity(s: SpeechActivity, durationS: number): number {
  const blocks = Math.round(seconds(durationS) / BLOCK);
  let talk = 0;
  for (let n = 0; n < blocks; n++) if (s.talking(n * BLOCK)) talk++;
  return talk / blocks;
}

/** Mean talkspurt and silence lengths (s), walking the exact change times (first run dropped). */
function runMeans(
  s: SpeechActivity,
  durationS: number,
): { talk: number; silence: number; spurts: number; shortTalkFraction: number } {
  const end = seconds(durationS);
  let t: Nanos = s.nextChangeAfter(0);
  let talkSum = 0;
  let talkN = 0;
  let silSum = 0;
  let silN = 0;
  let short = 0;
  while (t < end) {
    const next = s.nextChangeAfter(t);
    if (s.talking(t)) {
      talkSum += next - t;
      talkN++;
      if (next - t < millis(400)) short++;
    } else {
      silSum += next - t;
      silN++;
    }
    t = next;
  }
  return {
    talk: toSeconds(talkSum / talkN),
    silence: toSeconds(silSum / silN),
    spurts: talkN,
    shortTalkFraction: short / talkN,
  };
}

describe('OnOffSpeech (channels.md §4)', () => {
  it('defaults: talkspurt 1.004 s, silence 1.227 s, activity 45 %', () => {
    const s = new OnOffSpeech(new RandomStreams(1).get('geran.speech.down'));
    expect(s.talkMeanSeconds).toBe(1.004);
    expect(s.silenceMeanSeconds).toBe(1.227);
    expect(s.activity).toBeCloseTo(0.45, 3);
  });

  it('long run: block activity within 2 % of 0.45, talkspurt and silence means within 5 %', () => {
    // 50 000 s ≈ 22 400 cycles: se(activity) ≈ 0.5 % relative, se(mean talkspurt) ≈ 0.7 %.
    const a = new OnOffSpeech(new RandomStreams(2).get('geran.speech.up'));
    expect(relErr(blockActivity(a, 50_000), 0.45)).toBeLessThan(0.02);
    const b = new OnOffSpeech(new RandomStreams(2).get('geran.speech.down'));
    const m = runMeans(b, 50_000);
    expect(m.spurts).toBeGreaterThan(20_000);
    expect(relErr(m.talk, 1.004)).toBeLessThan(0.05);
    expect(relErr(m.silence, 1.227)).toBeLessThan(0.05);
    // Exponential durations: P(talkspurt < 0.4 s) = 1 − e^{−0.4/1.004} ≈ 0.33.
    expect(relErr(m.shortTalkFraction, 1 - Math.exp(-0.4 / 1.004))).toBeLessThan(0.05);
  });

  it('another activity keeps the talkspurt mean and scales the silences', () => {
    expect(silenceMeanForActivity(1.004, 0.45)).toBeCloseTo(1.2271, 4);
    expect(() => silenceMeanForActivity(1, 0)).toThrow(RangeError);
    const s = new OnOffSpeech(new RandomStreams(3).get('x'), { activity: 0.3 });
    expect(s.talkMeanSeconds).toBe(1.004);
    expect(s.silenceMeanSeconds).toBeCloseTo((1.004 * 0.7) / 0.3, 12);
    expect(relErr(blockActivity(s, 50_000), 0.3)).toBeLessThan(0.02);
  });

  it('advances lazily over many changes, tolerates small steps back, refuses the distant past', () => {
    const ref = new OnOffSpeech(new RandomStreams(4).get('x'));
    const jump = new OnOffSpeech(new RandomStreams(4).get('x'));
    const fine: boolean[] = [];
    for (let n = 0; n < 5000; n++) fine.push(ref.talking(n * BLOCK));
    // Querying only every 100th block from the same stream gives the same timeline.
    for (let n = 0; n < 5000; n += 100) expect(jump.talking(n * BLOCK)).toBe(fine[n]);
    // Uplink block a few ms before the downlink block already asked about.
    expect(ref.talking(4999 * BLOCK - millis(3))).toBe(ref.talking(4999 * BLOCK - millis(3)));
    // 256 segments are remembered (≈ 5 min of speech); 20 min back is refused.
    ref.talking(seconds(2000));
    expect(() => ref.talking(seconds(800))).toThrow(RangeError);
  });

  it('is deterministic per seed and independent per stream name', () => {
    const pattern = (seed: number, name: string): string => {
      const s = new OnOffSpeech(new RandomStreams(seed).get(name));
      let out = '';
      for (let n = 0; n < 3000; n++) out += s.talking(n * BLOCK) ? 'T' : '.';
      return out;
    };
    expect(pattern(8, 'geran.speech.up')).toBe(pattern(8, 'geran.speech.up'));
    expect(pattern(8, 'geran.speech.up')).not.toBe(pattern(8, 'geran.speech.down'));
  });
});

describe('P59Conversation', () => {
  it('fits the four-state chain to the P.59 means', () => {
    const c = p59Chain();
    expect(c.pDoubleTalk).toBeCloseTo(0.2942, 4);
    expect(c.singleTalkSeconds).toBeCloseTo(0.8699, 4);
    expect(c.fractions.reduce((x, y) => x + y, 0)).toBeCloseTo(1, 14);
    // Per-direction activity = talkspurt / (talkspurt + pause) ≈ 38.75 %.
    expect(c.fractions[0] + c.fractions[2]).toBeCloseTo(1.004 / 2.591, 12);
    expect(() =>
      p59Chain({ talkspurtSeconds: 1, pauseSeconds: 10, doubleTalkSeconds: 0.2, mutualSilenceSeconds: 0.5 }),
    ).toThrow(RangeError);
  });

  it('long run: ≈ 39 % activity per side, P.59 talkspurt and pause, correlated directions', () => {
    const conv = new P59Conversation(new RandomStreams(5).get('geran.speech.p59'));
    const blocks = Math.round(seconds(50_000) / BLOCK);
    let a = 0;
    let b = 0;
    let both = 0;
    let notDouble = 0;
    for (let n = 0; n < blocks; n++) {
      const t = n * BLOCK;
      const ta = conv.a.talking(t);
      const tb = conv.talking(1, t);
      if (ta) a++;
      if (tb) b++;
      if (ta && tb) {
        both++;
        if (conv.state(t) !== P59State.DoubleTalk) notDouble++;
      }
    }
    expect(notDouble).toBe(0);
    const activity = 1.004 / (1.004 + 1.587);
    expect(conv.a.activity).toBeCloseTo(activity, 12);
    expect(relErr(a / blocks, activity)).toBeLessThan(0.02);
    expect(relErr(b / blocks, activity)).toBeLessThan(0.02);
    // Double talk ≈ 5.2 % of the time, far below the 15 % two independent sources would give.
    expect(relErr(both / blocks, p59Chain().fractions[2])).toBeLessThan(0.05);
    expect(both / blocks).toBeLessThan(0.5 * (a / blocks) * (b / blocks));
  });

  it('talkspurt, pause and state means match P.59 within 5 %', () => {
    const conv = new P59Conversation(new RandomStreams(6).get('geran.speech.p59'));
    const m = runMeans(conv.a, 60_000);
    expect(relErr(m.talk, 1.004)).toBeLessThan(0.05);
    expect(relErr(m.silence, 1.587)).toBeLessThan(0.05);
    const mb = runMeans(new P59Conversation(new RandomStreams(6).get('geran.speech.p59')).b, 60_000);
    expect(relErr(mb.talk, 1.004)).toBeLessThan(0.05);
    // State sojourns: double talk 0.228 s, mutual silence 0.508 s.
    const c2 = new P59Conversation(new RandomStreams(7).get('geran.speech.p59'));
    const sums = [0, 0, 0, 0];
    const counts = [0, 0, 0, 0];
    let t = c2.nextStateChangeAfter(0);
    while (t < seconds(60_000)) {
      const next = c2.nextStateChangeAfter(t);
      const st = c2.state(t);
      sums[st] += next - t;
      counts[st]++;
      t = next;
    }
    expect(relErr(toSeconds(sums[P59State.DoubleTalk] / counts[P59State.DoubleTalk]), 0.228)).toBeLessThan(
      0.05,
    );
    expect(
      relErr(toSeconds(sums[P59State.MutualSilence] / counts[P59State.MutualSilence]), 0.508),
    ).toBeLessThan(0.05);
  });
});
