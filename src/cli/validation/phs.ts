/**
 * The "must reproduce" items of PHS (phs.md; Kojima, Kamio and Fujise, "Analysis of TCP/IP
 * communication using 384kbit/s-PHS experimental system"), plus the study's Table 2 (one link
 * released mid-transfer). Each item runs the engine headless and measures its figures from the
 * summary or from named traces (`tcp.deliver`, `piafs.monitor`). Factories take the seeds and
 * variants so the golden tests can run cheaper versions with the same verdict logic.
 */
import { PIAFS_SLOT_NS } from '../../engine/link/piafs';
import { findMonitorPatterns, monitorRowsForLink } from '../../engine/systems/phs/monitor-pattern';
import { PHS_LINKS } from '../../engine/systems/phs/params';
import { longestStall, mean, series, spread } from '../../engine/analysis';
import { fmt, overSeeds, runTraced, summarise } from './run';
import type { ValidationItem } from './types';
import type { Summary } from '../../engine';

const NS = 1e9;
const app = (s: Summary): { transferTime: number; throughputKbps: number } =>
  s.app as unknown as { transferTime: number; throughputKbps: number };
const link = (s: Summary): Record<string, number & number[]> => s.link as Record<string, number & number[]>;
const kbps = (s: Summary): number => app(s).throughputKbps ?? 0;

/** Outdoor runs with the units' shadowing off: every unit at exactly the model's median field. */
const OUTDOOR = 'system=phs&env=outdoor&shadowing=0';

/**
 * Outdoor distance (metres, units at the origin) at which the median field is `dbuv`: plane earth
 * beyond d₀ ≈ 238 m (E = 132.54 − 40·log₁₀ d), free space inside (E = 84.98 − 20·log₁₀ d).
 */
export function outdoorDistanceFor(dbuv: number): number {
  const planeEarth = 10 ** ((132.5424 - dbuv) / 40);
  return Math.round(planeEarth >= 238.8 ? planeEarth : 10 ** ((84.98 - dbuv) / 20));
}

/** How far `tcp.deliver` strays from the straight line between its first and last records, as a share of the total. */
function straightness(text: string): { deviation: number; longestStall: number; size: number } {
  const sim = runTraced(text);
  const d = series(sim.traces, 'tcp.deliver', 'bytes');
  const n = d.time.length;
  const t0 = d.time[0];
  const t1 = d.time[n - 1];
  const v0 = d.value[0];
  const v1 = d.value[n - 1];
  let worst = 0;
  for (let i = 0; i < n; i++) {
    const line = v0 + ((v1 - v0) * (d.time[i] - t0)) / (t1 - t0);
    worst = Math.max(worst, Math.abs(d.value[i] - line));
  }
  return { deviation: worst / v1, longestStall: longestStall(d, t0, t1).seconds, size: v1 };
}

/** Item 1: six clean links, 1 MB FTP Get in 25–29 s, no CRC errors, mean RTT 150 ± 10 ms, straight line. */
export function phsItem1(seeds = 3): ValidationItem {
  return {
    id: 'phs-1',
    system: 'phs',
    claim:
      'Six links, all units above 45 dBµV: a 1 MB FTP Get takes 25–29 s with no CRC errors, a mean TCP RTT of 150 ± 10 ms and a straight-line sequence number.',
    command: 'npm run sim -- "system=phs&app=ftpGet"',
    study: '26.97 s, 296.67 kbit/s (Table 1, 20 m); RTT ≈ 150 ms; no CRC errors above 40 dBµV',
    run() {
      const runs = overSeeds('system=phs&app=ftpGet', seeds);
      const line = straightness('system=phs&app=ftpGet&seed=1');
      const times = runs.map((s) => app(s).transferTime);
      const rtts = runs.map((s) => s.tcp.rttMean);
      const crc = runs.map((s) => link(s).crcErrors);
      const minField = Math.min(...runs.flatMap((s) => link(s).fieldDbuv));
      const figures = {
        timeMin: Math.min(...times),
        timeMax: Math.max(...times),
        kbps: mean(runs.map(kbps)),
        rttMin: Math.min(...rtts),
        rttMax: Math.max(...rtts),
        crcErrors: Math.max(...crc),
        retransmits: Math.max(...runs.map((s) => s.tcp.retransmits)),
        minField,
        deviation: line.deviation,
        longestStall: line.longestStall,
      };
      const pass =
        figures.timeMin >= 25 &&
        figures.timeMax <= 29 &&
        figures.crcErrors === 0 &&
        figures.rttMin >= 0.14 &&
        figures.rttMax <= 0.16 &&
        minField > 45 &&
        figures.deviation <= 0.03 &&
        figures.longestStall < 0.5;
      return {
        value:
          `${fmt(figures.timeMin, 2)}–${fmt(figures.timeMax, 2)} s (${fmt(figures.kbps, 1)} kbit/s), ` +
          `${figures.crcErrors} CRC errors, mean RTT ${fmt(figures.rttMin * 1000, 1)}–${fmt(figures.rttMax * 1000, 1)} ms, ` +
          `delivered bytes within ${fmt(figures.deviation * 100, 1)} % of a straight line (longest pause ${fmt(figures.longestStall, 2)} s); ` +
          `weakest unit ${fmt(minField, 1)} dBµV; ${seeds} seeds`,
        pass,
        figures,
      };
    },
  };
}

/** Item 2: links fixed at 1…6 ⇒ throughput ∝ k (each within 10 % of k/6 of the six-link figure). */
export function phsItem2(ks: readonly number[] = [1, 2, 3, 4, 5, 6]): ValidationItem {
  return {
    id: 'phs-2',
    system: 'phs',
    claim:
      'With links fixed at 1…6, throughput grows in proportion to the number of links (each within 10 % of k/6 of six links).',
    command: 'npm run sim -- --sweep "system=phs&channels=1|2|3|4|5|6"',
    study: 'Figure 7: throughput proportional to the number of links',
    run() {
      const six = kbps(summarise('system=phs&channels=6'));
      const figures: Record<string, number> = { kbps6: six };
      let worst = 0;
      const parts: string[] = [];
      for (const k of ks) {
        const t = k === 6 ? six : kbps(summarise(`system=phs&channels=${k}`));
        const ratio = t / ((k / 6) * six);
        figures[`kbps${k}`] = t;
        figures[`ratio${k}`] = ratio;
        worst = Math.max(worst, Math.abs(ratio - 1));
        parts.push(`${k}: ${fmt(t, 1)} (${fmt(ratio, 3)})`);
      }
      figures.worst = worst;
      return {
        value: `kbit/s (ratio to k/6 of six links) — ${parts.join(', ')}; worst ${fmt(worst * 100, 1)} %`,
        pass: worst <= 0.1,
        figures,
      };
    },
  };
}

/** Figures of one burst run: TCP reaction and the delivery stall around the burst. */
function burstRun(text: string, at: number): Record<string, number> {
  const sim = runTraced(text);
  const s = sim.summary();
  const d = series(sim.traces, 'tcp.deliver', 'bytes');
  const l = link(s);
  return {
    timeouts: s.tcp.timeouts,
    retransmits: s.tcp.retransmits,
    fastRetransmits: s.tcp.fastRetransmits,
    // PIAFS never gives a frame up and no link was released: every TCP retransmission is spurious.
    packetsLost: l.mpPacketsDiscarded + l.lostStreamBytes,
    stall: longestStall(d, (at - 1) * NS, (at + 4) * NS).seconds,
    transferTime: app(s).transferTime,
  };
}

/** Item 3: a 370 ms burst on link 2 ⇒ TCP timeout, spurious retransmissions, stall; 60 ms ⇒ none; rtoMin 0.5 ⇒ unnoticed. */
export function phsItem3(
  times: readonly number[] = [8, 8.5, 9, 9.5, 10, 10.5, 11, 11.5, 12],
): ValidationItem {
  return {
    id: 'phs-3',
    system: 'phs',
    claim:
      'A 370 ms CRC-error burst on one link causes a TCP timeout, spurious retransmissions and a visible stall; a 60 ms burst is recovered by PIAFS with no TCP retransmission; with rtoMin = 0.5 s the 370 ms burst passes unnoticed.',
    command:
      'npm run sim -- "system=phs&burst=2@10:370"; npm run sim -- "system=phs&burst=2@10:60"; npm run sim -- "system=phs&burst=2@10:370&rtoMin=0.5"',
    study:
      '370 ms of consecutive CRC errors (people crossing the path) caused TCP retransmissions (Figures 5–6)',
    run() {
      const long = burstRun('system=phs&burst=2@10:370', 10);
      const short = burstRun('system=phs&burst=2@10:60', 10);
      const rto5 = burstRun('system=phs&burst=2@10:370&rtoMin=0.5', 10);
      // The same bursts at other moments of TCP's cycle: its timer restarts with every ACK and the RTO in
      // force is SRTT + 4·RTTVAR rounded up to the 0.1 s tick, so 0.3 s or 0.4 s; a 370 ms burst that
      // starts just after an ACK while the RTO is 0.4 s can pass. Most moments must time out.
      let longTimeouts = 0;
      let shortRetx = 0;
      let rto5Quiet = 0;
      for (const t of times) {
        if (summarise(`system=phs&burst=2@${t}:370`).tcp.timeouts > 0) longTimeouts++;
        shortRetx += summarise(`system=phs&burst=2@${t}:60`).tcp.retransmits;
        if (summarise(`system=phs&burst=2@${t}:370&rtoMin=0.5`).tcp.timeouts === 0) rto5Quiet++;
      }
      const figures: Record<string, number> = {
        ...Object.fromEntries(Object.entries(long).map(([k, v]) => [`long_${k}`, v])),
        ...Object.fromEntries(Object.entries(short).map(([k, v]) => [`short_${k}`, v])),
        ...Object.fromEntries(Object.entries(rto5).map(([k, v]) => [`rto5_${k}`, v])),
        sweepRuns: times.length,
        sweepLongTimeouts: longTimeouts,
        sweepShortRetransmits: shortRetx,
        sweepRto5Quiet: rto5Quiet,
      };
      const pass =
        long.timeouts >= 1 &&
        long.retransmits >= 1 &&
        long.packetsLost === 0 &&
        long.stall >= 0.37 &&
        short.retransmits === 0 &&
        short.timeouts === 0 &&
        rto5.timeouts === 0 &&
        rto5.retransmits === 0 &&
        longTimeouts >= (2 * times.length) / 3 &&
        shortRetx === 0 &&
        rto5Quiet > times.length / 2;
      return {
        value:
          `370 ms: ${long.timeouts} timeout, ${long.retransmits} spurious retransmissions (${long.fastRetransmits} fast), ` +
          `delivery stalled ${fmt(long.stall, 2)} s; 60 ms: ${short.retransmits} retransmissions; ` +
          `rtoMin 0.5: ${rto5.timeouts} timeouts. Burst at ${times.length} moments from ${times[0]} s: 370 ms timed out ` +
          `${longTimeouts}/${times.length}, 60 ms retransmitted ${shortRetx} segments, rtoMin 0.5 unnoticed ${rto5Quiet}/${times.length}`,
        pass,
        figures,
      };
    },
  };
}

/** Item 4: field-strength regimes (outdoor, units at the same place, shadowing off). */
export function phsItem4(seeds = 2, middle: readonly number[] = [37, 38, 39]): ValidationItem {
  return {
    id: 'phs-4',
    system: 'phs',
    claim:
      'All units ≥ 40 dBµV: (almost) no CRC errors, full throughput; 35–40 dBµV: tens of CRC errors mostly absorbed by PIAFS; any unit < 35 dBµV: clearly lower throughput (with TCP timeouts); all < 30 dBµV: no link set-up.',
    command: `npm run sim -- --sweep "${OUTDOOR}&msX=158|200|223|245"; npm run sim -- "${OUTDOOR}&units=0,0;0,0;-150,0&msX=150"; npm run sim -- "${OUTDOOR}&msX=385"`,
    study:
      'Figures 3–4: no CRC errors above 40 dBµV (≈ 300 kbit/s), heavy loss if any unit < 35, no set-up below 30',
    run() {
      const clean = kbps(summarise('system=phs'));
      const figures: Record<string, number> = { cleanKbps: clean };
      // ≥ 40 dBµV.
      const strong = overSeeds(`${OUTDOOR}&msX=${outdoorDistanceFor(41)}`, seeds);
      figures.strongCrc = Math.max(...strong.map((s) => link(s).crcErrors));
      figures.strongKbps = Math.min(...strong.map(kbps));
      figures.strongRetx = Math.max(...strong.map((s) => s.tcp.retransmits));
      // 35–40 dBµV.
      const mid: Summary[] = [];
      for (const e of middle) mid.push(...overSeeds(`${OUTDOOR}&msX=${outdoorDistanceFor(e)}`, seeds));
      const perLink = mid.map((s) => link(s).crcErrors / PHS_LINKS);
      figures.midCrcPerLinkMin = Math.min(...perLink);
      figures.midCrcPerLinkMax = Math.max(...perLink);
      figures.midRunsWithoutRetx = mid.filter((s) => s.tcp.retransmits === 0).length;
      figures.midRuns = mid.length;
      // "Mostly absorbed": TCP retransmits a segment for at most 1 in 20 CRC errors.
      const midCrc = mid.reduce((a, x) => a + link(x).crcErrors, 0);
      figures.midRetxPerCrc = mid.reduce((a, x) => a + x.tcp.retransmits, 0) / Math.max(1, midCrc);
      figures.midKbpsMin = Math.min(...mid.map(kbps));
      // The lower edge, reported but not judged: the still-phone curve gives 2.3 % FER at 36 dBµV, so
      // hundreds of CRC errors per transfer and a lower throughput there (see the report).
      const edge = summarise(`${OUTDOOR}&msX=${outdoorDistanceFor(36)}`);
      figures.edge36CrcPerLink = link(edge).crcErrors / PHS_LINKS;
      figures.edge36Kbps = kbps(edge);
      figures.edge36Retransmits = edge.tcp.retransmits;
      // One unit below 35 while the others are strong (units 1–2 at 150 m ≈ 41.5 dBµV, unit 3 further).
      const weak = [-150, -135].flatMap((x) => overSeeds(`${OUTDOOR}&units=0,0;0,0;${x},0&msX=150`, seeds));
      figures.weakField = Math.max(...weak.map((s) => Math.min(...link(s).fieldDbuv)));
      figures.weakKbpsMax = Math.max(...weak.map(kbps));
      figures.weakTimeouts = weak.reduce((a, s) => a + s.tcp.timeouts, 0);
      // All below 30.
      const none = summarise(`${OUTDOOR}&msX=${outdoorDistanceFor(29)}`);
      figures.noneLinks = link(none).setups;
      figures.noneFailures = link(none).setupFailures;
      figures.noneCompleted = none.completed ? 1 : 0;
      figures.noneConnectFailures = none.tcp.connectFailures;
      const pass =
        figures.strongCrc <= 5 &&
        figures.strongKbps >= 0.97 * clean &&
        figures.strongRetx === 0 &&
        figures.midCrcPerLinkMin >= 1 &&
        figures.midCrcPerLinkMax < 100 &&
        figures.midRetxPerCrc <= 0.05 &&
        figures.weakField < 35 &&
        figures.weakKbpsMax <= 0.8 * clean &&
        figures.weakTimeouts > 0 &&
        figures.noneLinks === 0 &&
        figures.noneFailures === PHS_LINKS &&
        figures.noneCompleted === 0;
      return {
        value:
          `41 dBµV: ≤ ${figures.strongCrc} CRC errors, ≥ ${fmt(figures.strongKbps, 1)} kbit/s (clean ${fmt(clean, 1)}); ` +
          `${middle[0]}–${middle[middle.length - 1]} dBµV: ${fmt(figures.midCrcPerLinkMin, 0)}–${fmt(figures.midCrcPerLinkMax, 0)} CRC errors per link, ` +
          `${figures.midRunsWithoutRetx}/${figures.midRuns} runs without a TCP retransmission (${fmt(100 * figures.midRetxPerCrc, 1)} retransmitted segments per 100 CRC errors), ≥ ${fmt(figures.midKbpsMin, 1)} kbit/s ` +
          `(36 dBµV: ${fmt(figures.edge36CrcPerLink, 0)} per link, ${fmt(figures.edge36Kbps, 1)} kbit/s, ${figures.edge36Retransmits} retransmissions); ` +
          `one unit at ≤ ${fmt(figures.weakField, 1)} dBµV: ≤ ${fmt(figures.weakKbpsMax, 1)} kbit/s, ${figures.weakTimeouts} TCP timeouts; ` +
          `29 dBµV: ${figures.noneLinks} links set up, ${figures.noneFailures} set-up failures, transfer ${figures.noneCompleted ? 'completed' : 'not possible'}`,
        pass,
        figures,
      };
    },
  };
}

/** Monitor patterns of one traced run, over all links. */
export function monitorPatterns(text: string): ReturnType<typeof findMonitorPatterns> {
  const sim = runTraced(text);
  const b = sim.traces.read('piafs.monitor');
  if (b.from > 0) throw new Error('piafs.monitor lost its oldest rows');
  const out: ReturnType<typeof findMonitorPatterns> = [];
  for (let l = 0; l < PHS_LINKS; l++) {
    const c = b.columns;
    out.push(
      ...findMonitorPatterns(monitorRowsForLink(b.time, c[0], c[1], c[2], c[3], c[4], l, PIAFS_SLOT_NS)),
    );
  }
  return out;
}

/** Item 5: the monitor shows Figure 2's pattern (CRC ERR run, REQ stuck, resend among new frames, REQ jump). */
export function phsItem5(): ValidationItem {
  return {
    id: 'phs-5',
    system: 'phs',
    claim:
      'The PIAFS monitor shows Figure 2: a run of CRC ERR rows, REQ stuck on the missing frame, the sender re-sending it among new frames, then REQ jumping forward.',
    command: `npm run sim -- "${OUTDOOR}&msX=240" --trace monitor (its piafs.monitor.csv)`,
    study: 'Figure 2 (PIAFS monitor, TIME in 10 ms slots, NUM / REQ modulo 128)',
    run() {
      const random = monitorPatterns(`${OUTDOOR}&msX=240`);
      const burst = monitorPatterns('system=phs&burst=2@10:370');
      const b = burst.find((p) => p.crcRows >= 30);
      const figures: Record<string, number> = {
        randomPatterns: random.length,
        randomMaxJump: Math.max(0, ...random.map((p) => p.jump)),
        randomMeanStuck: random.length ? mean(random.map((p) => p.stuckRows)) : 0,
        burstPatterns: burst.length,
        burstCrcRows: b?.crcRows ?? 0,
        burstJump: b?.jump ?? 0,
        burstCreep: b?.creep ?? 0,
      };
      const ex = random[0];
      return {
        value:
          `random errors at 37 dBµV: ${random.length} occurrences (e.g. ${ex ? `${ex.crcRows} CRC ERR rows at slot ${ex.crcFrom}, REQ stuck on ${ex.missing} for ${ex.stuckRows} rows, re-sent at slot ${ex.resendSlot}, REQ then ${ex.creep ? `crept ${ex.creep} and ` : ''}jumped ${ex.jump} to ${ex.reqAfter}` : 'none'}); ` +
          `370 ms burst: ${b ? `${b.crcRows} CRC ERR rows, REQ jumped ${b.jump}` : 'not found'}`,
        pass: random.length >= 3 && b !== undefined && figures.randomMaxJump >= 3,
        figures,
      };
    },
  };
}

/** Item 6 (Table 2): one link released ≈ 5 s into the transfer is worse than five links from the start, spread across seeds. */
export function phsItem6(seeds = 6): ValidationItem {
  return {
    id: 'phs-6',
    system: 'phs',
    claim:
      'Releasing one of six links about 5 s into a 1 MB Get costs more than running on five links from the start, and the result varies from run to run (release detection 1–6 s).',
    command: `npm run sim -- --sweep "system=phs&release=3@5" --seeds ${seeds}; npm run sim -- "system=phs&channels=5"`,
    study: 'Table 2 (Get): released runs 239.52, 178.08, 198.16 kbit/s; five links 245.65, six links 291.09',
    run() {
      const five = kbps(summarise('system=phs&channels=5'));
      const six = kbps(summarise('system=phs'));
      const rel = overSeeds('system=phs&release=3@5', seeds);
      const t = rel.map(kbps);
      const sp = spread(t);
      const detect = rel.map((s) => link(s).releaseDetect[0]);
      const figures: Record<string, number> = {
        fiveKbps: five,
        sixKbps: six,
        releasedMean: sp.mean,
        releasedMin: sp.min,
        releasedMax: sp.max,
        releasedCv: sp.cv,
        detectMin: Math.min(...detect),
        detectMax: Math.max(...detect),
      };
      return {
        value:
          `released: ${t.map((x) => fmt(x, 1)).join(', ')} kbit/s (detection ${detect.map((x) => fmt(x, 1)).join(', ')} s); ` +
          `five links ${fmt(five, 1)}, six ${fmt(six, 1)}`,
        pass: sp.max < five && (sp.max - sp.min) / sp.mean >= 0.1,
        figures,
      };
    },
  };
}

/** The PHS items in spec order (item 6 is the study's Table 2). */
export const PHS_ITEMS: readonly ValidationItem[] = [
  phsItem1(),
  phsItem2(),
  phsItem3(),
  phsItem4(),
  phsItem5(),
  phsItem6(),
];
