/**
 * The base-station items of remedies.md (the agents at the base-station point, `remedy/`): 3
 * (IS-707, Snoop), 6 (PHS, the split connection's price) and 7 (IS-707 upload, ELN), each against
 * plain TCP on the same channel realisations (paired seeds). The TCP-stack items are in
 * remedies.ts, which lists all seven per system.
 */
import type { Summary } from '../../engine';
import { mean, series } from '../../engine/analysis';
import { fmt, fmtList, num, runTraced, seedList, summarise } from './run';
import type { ValidationItem } from './types';

const pct = (x: number, digits = 1): string => `${fmt(100 * x, digits)} %`;

/** Largest goodput change Snoop may cause where RLP repairs every loss (remedies.md item 3). */
const SNOOP_IDLE_CHANGE = 0.02;

/**
 * Remedies item 3: IS-707 at Pe 0.3, f_dT 0.01, idle 0 — the Snoop agent at the access point hides
 * radio losses from the sender (fewer timeouts, higher goodput, means over paired seeds); at Pe
 * 0.01 RLP repairs every loss and Snoop never acts (goodput within 2 %).
 */
export function is707SnoopItem(seeds = 6, duration = 1000): ValidationItem {
  const bad = `system=is707&fer=0.3&fdt=0.01&idle=0&duration=${duration}`;
  const good = `system=is707&fer=0.01&fdt=0.01&idle=0&duration=${duration}`;
  return {
    id: 'is707-remedy-3',
    system: 'is707',
    claim:
      'Radio losses hidden from the sender (remedies.md item 3): at Pe 0.3, f_dT 0.01, idle 0, snoop=1 gives fewer timeouts and higher goodput than plain TCP (6 paired seeds); at Pe 0.01 it changes goodput by less than 2 %.',
    command: `npm run sim -- --sweep "${bad}&snoop=0|1" --seeds ${seeds}`,
    study: 'fewer timeouts, higher goodput at Pe 0.3; < 2 % change at Pe 0.01',
    run() {
      const runs = (base: string): Summary[] =>
        seedList(seeds).map((seed) => summarise(`${base}&seed=${seed}`));
      const [plain, snoop] = [runs(bad), runs(`${bad}&snoop=1`)];
      const [plainGood, snoopGood] = [runs(good), runs(`${good}&snoop=1`)];
      const to = (ss: Summary[]): number[] => ss.map((s) => s.tcp.timeouts);
      const gp = (ss: Summary[]): number[] => ss.map((s) => s.normalizedGoodput);
      const local = (ss: Summary[]): number => mean(ss.map((s) => num(s.snoop?.localRetransmits)));
      const figures = {
        plainTimeouts: mean(to(plain)),
        snoopTimeouts: mean(to(snoop)),
        plainGoodput: mean(gp(plain)),
        snoopGoodput: mean(gp(snoop)),
        localRetransmits: local(snoop),
        goodChange: mean(gp(snoopGood)) / mean(gp(plainGood)) - 1,
        goodLocalRetransmits: local(snoopGood),
      };
      const pass =
        figures.snoopTimeouts < figures.plainTimeouts &&
        figures.snoopGoodput > figures.plainGoodput &&
        Math.abs(figures.goodChange) < SNOOP_IDLE_CHANGE;
      return {
        value:
          `Pe 0.3: mean timeouts plain ${fmt(figures.plainTimeouts, 1)} (${fmtList(to(plain), 0)}), snoop ${fmt(figures.snoopTimeouts, 1)} (${fmtList(to(snoop), 0)}); ` +
          `normalised goodput ${fmt(figures.plainGoodput)} → ${fmt(figures.snoopGoodput)}; ${fmt(figures.localRetransmits, 1)} local retransmissions per run. ` +
          `Pe 0.01: goodput change ${pct(figures.goodChange, 2)}, ${fmt(figures.goodLocalRetransmits, 1)} local retransmissions`,
        pass,
        figures,
      };
    },
  };
}

export const IS707_SNOOP_ITEM = is707SnoopItem();

/** remedies.md item 6: the fixed host is done at least this long before the phone has its data. */
const SPLIT_END_LEAD = 0.5;

/**
 * Remedies item 6: PHS with a link released at 5 s and a split connection at the base station: the
 * relay acknowledges the server's last byte before the phone has it (`split.endLead` ≥ 0.5 s), the
 * price of splitting; the transfer times beside plain TCP's on the same seeds.
 */
export function phsSplitItem(seeds = 6): ValidationItem {
  const base = 'system=phs&release=3@5';
  return {
    id: 'phs-remedy-6',
    system: 'phs',
    claim:
      'The split connection’s price (remedies.md item 6): with release=3@5&split=1, split.endLead ≥ 0.5 s: the server is done before the phone has its data.',
    command: `npm run sim -- --sweep "${base}&split=0|1" --seeds ${seeds}`,
    study: 'split.endLead ≥ 0.5 s',
    run() {
      const plain = seedList(seeds).map((seed) => summarise(`${base}&seed=${seed}`));
      const split = seedList(seeds).map((seed) => summarise(`${base}&split=1&seed=${seed}`));
      const leads = split.map((s) => num(s.split?.endLead as number | null | undefined));
      const time = (ss: Summary[]): number[] => ss.map((s) => num(s.app.transferTime));
      const figures = {
        endLeadMean: mean(leads),
        endLeadMin: Math.min(...leads),
        plainTransferTime: mean(time(plain)),
        splitTransferTime: mean(time(split)),
        peakBuffered: Math.max(...split.map((s) => num(s.split?.peakBuffered as number | undefined))),
      };
      return {
        value:
          `split.endLead ${fmtList(leads, 3)} s (mean ${fmt(figures.endLeadMean, 3)} s); ` +
          `transfer time plain ${fmt(figures.plainTransferTime, 2)} s, split ${fmt(figures.splitTransferTime, 2)} s (means of ${seeds} paired seeds); ` +
          `the relay held at most ${fmt(figures.peakBuffered, 0)} bytes`,
        pass: figures.endLeadMin >= SPLIT_END_LEAD,
        figures,
      };
    },
  };
}

export const PHS_SPLIT_ITEM = phsSplitItem();
/** Fast retransmits answering a marked duplicate ACK, and how many of them cut cwnd. */
function markedResends(text: string): {
  goodput: number;
  marked: number;
  resends: number;
  cut: number;
  /** Resends answering a mark whose segment then timed out: the resend was lost again. */
  lostAgain: number;
} {
  const sim = runTraced(text);
  const s = sim.summary();
  const t = sim.traces;
  const marks = series(t, 'eln.mark', 'ack');
  const fr = series(t, 'tcp.fastRetransmit', 'seq', 1);
  const cwnd = series(t, 'tcp.cwnd', 'bytes', 1);
  const timeouts = series(t, 'tcp.timeout', 'seq', 1);
  let resends = 0;
  let cut = 0;
  let lostAgain = 0;
  for (let i = 0; i < fr.time.length; i++) {
    const at = fr.time[i];
    if (!marks.value.some((ack, k) => ack === fr.value[i] && marks.time[k] <= at)) continue;
    resends++;
    // cwnd as it was before the resend, and any value recorded at its instant.
    let before = NaN;
    let after = NaN;
    for (let k = 0; k < cwnd.time.length && cwnd.time[k] <= at; k++)
      if (cwnd.time[k] < at) before = cwnd.value[k];
      else after = cwnd.value[k];
    if (after < before) cut++;
    if (timeouts.value.some((seq, k) => seq === fr.value[i] && timeouts.time[k] > at)) lostAgain++;
  }
  return { goodput: s.normalizedGoodput, marked: num(s.eln?.marked), resends, cut, lostAgain };
}

/** The ns-2 Reno window of the IS-707 stacks: 20 segments of 536 bytes (tcp/profiles.ts). */
const IS707_UPLOAD_WINDOW = 10720;

/**
 * Remedies item 7: the IS-707 upload (`dir=up`) at FER 0.1 with ELN marked at the access point: the
 * mobile resends a segment lost on the radio without cutting cwnd; goodput at least plain TCP's
 * (means over paired seeds).
 */
export function is707ElnItem(seeds = 6, duration = 1000): ValidationItem {
  const base = `system=is707&dir=up&fer=0.1&duration=${duration}`;
  return {
    id: 'is707-remedy-7',
    system: 'is707',
    claim:
      'ELN on the IS-707 upload (remedies.md item 7): dir=up&fer=0.1&eln=1 leaves the mobile’s cwnd unreduced for marked losses; goodput at least plain TCP’s (6 paired seeds).',
    command: `npm run sim -- --sweep "${base}&eln=0|1" --seeds ${seeds}`,
    study: 'cwnd not reduced for marked losses; goodput ≥ plain',
    run() {
      const plainRuns = seedList(seeds).map((seed) => summarise(`${base}&seed=${seed}`));
      const plain = plainRuns.map((s) => s.normalizedGoodput);
      const eln = seedList(seeds).map((seed) => markedResends(`${base}&eln=1&seed=${seed}`));
      const gp = eln.map((r) => r.goodput);
      // What ELN can win: the window a halving spares against the pipe (bandwidth × the smallest
      // RTT: the mean RTT holds the queue the window itself builds).
      const pipe = mean(plainRuns.map((s) => (s.capacityBps / 8) * s.tcp.rttMin));
      const lower = seedList(seeds).filter((_, i) => gp[i] < plain[i]);
      const lostAgain = lower.map((seed) => eln[seed - 1].lostAgain);
      const figures = {
        plainGoodput: mean(plain),
        elnGoodput: mean(gp),
        marked: eln.reduce((a, r) => a + r.marked, 0),
        markedResends: eln.reduce((a, r) => a + r.resends, 0),
        cwndCut: eln.reduce((a, r) => a + r.cut, 0),
        better: gp.filter((g, i) => g > plain[i]).length,
        worse: lower.length,
        pipeBytes: pipe,
        windowBytes: IS707_UPLOAD_WINDOW,
      };
      const pass =
        figures.markedResends > 0 && figures.cwndCut === 0 && figures.elnGoodput >= figures.plainGoodput;
      return {
        value:
          `${fmt(figures.marked, 0)} duplicate ACKs marked; ${fmt(figures.markedResends, 0)} resends answered a mark, ${fmt(figures.cwndCut, 0)} of them cut cwnd; ` +
          `normalised goodput plain ${fmt(figures.plainGoodput, 4)} (${fmtList(plain, 4)}), eln ${fmt(figures.elnGoodput, 4)} (${fmtList(gp, 4)}): ` +
          `higher on ${figures.better}, lower on ${figures.worse} of ${seeds} seeds` +
          (pass
            ? ''
            : `. Measured reason: the phone's window (${IS707_UPLOAD_WINDOW} bytes, 20 segments) is ${fmt(IS707_UPLOAD_WINDOW / pipe, 1)}× the pipe ` +
              `(${fmt(pipe, 0)} bytes: 950 bytes/s × the smallest RTT), so a halved window still fills the pipe and ELN has almost nothing to spare` +
              lower
                .map(
                  (seed, k) =>
                    `; on seed ${seed}, ${lostAgain[k]} resend${lostAgain[k] === 1 ? '' : 's'} answering a mark ${lostAgain[k] === 1 ? 'was' : 'were'} lost again on the radio (the same segment timed out later)`,
                )
                .join('')),
        pass,
        figures,
      };
    },
  };
}

export const IS707_ELN_ITEM = is707ElnItem();
