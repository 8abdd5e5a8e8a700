/**
 * Random scenarios of the five systems with random remedy keys (`sack`, `timestamps`, `eifel`,
 * `frto`, `remedy`, and the base-station remedies where a system has built them: `snoop`, `eln`, `split`): every system-fuzz invariant (system-fuzz.ts `checkRun`: no exception, a
 * finite summary, a completed transfer delivered its whole size), and from the traces: each
 * connection's in-order delivery only grows, and no ACK the data sender received acknowledges
 * bytes the receiver had not delivered (equal at both ends once a transfer completes); the
 * ground-truth counters never exceed the timeouts. Pinned seeds and a fresh one per system
 * (SYSTEM_FUZZ_SEEDS replays seeds, as in the other system fuzz).
 */
import { describe, expect, it } from 'vitest';
import type { TraceRecorder } from '../../../src/engine/core/trace';
import type { Summary, TcpSummary } from '../../../src/engine/scenario/summary';
import { caseText, checkRun, freshSeeds, type SystemFuzz } from './system-fuzz';

const REMEDIES: Readonly<Record<string, readonly string[]>> = {
  sack: ['0', '1'],
  timestamps: ['0', '1'],
  eifel: ['1'],
  frto: ['1'],
  remedy: ['none', 'sack', 'timestamps', 'eifel', 'frto'],
};

/** The stack remedies and the base-station remedies `station` a system has built (remedies.md). */
function remedies(...station: string[]): Readonly<Record<string, readonly string[]>> {
  const keys: Record<string, readonly string[]> = { ...REMEDIES };
  for (const k of station) keys[k] = ['0', '1'];
  keys.remedy = [...REMEDIES.remedy, ...station];
  return keys;
}

const SYSTEMS: readonly SystemFuzz[] = [
  {
    system: 'is707',
    duration: 120,
    choices: {
      fer: ['0.01', '0.3'],
      fdt: ['0.01', '1'],
      idle: ['0', 'inf'],
      handshake: ['0', '1'],
      dir: ['down', 'up'],
      ...remedies('snoop', 'eln', 'split'),
    },
    pick: 0.5,
  },
  {
    system: 'gsm',
    duration: 40,
    choices: {
      radio: ['good', 'poor', 'driving'],
      vj: ['0', '1'],
      app: ['ftpGet', 'rr'],
      size: ['5000', '50000'],
      ...remedies('snoop', 'eln', 'split'),
    },
    pick: 0.5,
  },
  {
    system: 'phs',
    duration: 20,
    choices: {
      burst: ['2@1:370', '*@0:1000'],
      release: ['3@5'],
      size: ['5000', '200000'],
      ...remedies('snoop', 'eln', 'split'),
    },
    pick: 0.5,
  },
  {
    system: 'dect',
    duration: 30,
    choices: { lambda: ['2', '20'], bearers: ['1', '4'], berScale: ['1', '30'], ...REMEDIES },
    pick: 0.5,
    // tcp.goodputBps adds the two directions, the capacity is one direction's (dect/summary.ts).
    maxNormalizedGoodput: 2,
  },
  {
    system: 'geran',
    duration: 40,
    choices: { speech: ['off', 'up', 'both'], bler: ['0', '0.1'], delay: ['0.5', '4'], ...REMEDIES },
    pick: 0.5,
  },
];

/** Column `field` of source `name` per connection, in record order. */
function perConn(traces: TraceRecorder, name: string, field: number): Map<number, number[]> {
  const out = new Map<number, number[]>();
  const batch = traces.read(name);
  const conn = batch.columns[batch.columns.length - 1];
  for (let i = 0; i < batch.time.length; i++) {
    const c = conn[i];
    if (!out.has(c)) out.set(c, []);
    out.get(c)!.push(batch.columns[field][i]);
  }
  return out;
}

/** DECT traces one connection carrying data both ways at both its ends (conn 1): ACKs and deliveries are of opposite directions. */
const TWO_WAY = new Set(['dect']);

function checkTraces(
  f: SystemFuzz,
  text: string,
  traces: TraceRecorder,
  timeouts: number,
  spurious: number,
  detected: number,
  split: boolean,
): void {
  const delivered = perConn(traces, 'tcp.deliver', 0);
  for (const [c, list] of delivered)
    for (let i = 1; i < list.length; i++)
      expect(list[i], `${text}: conn ${c} delivery`).toBeGreaterThan(list[i - 1]);
  // ACK numbers the sender took as new: never beyond the receiver's in-order point (+1 for the SYN, +1 for
  // a FIN), wherever both ends of a connection are traced.
  // With a split relay the fixed host's ACKs come from the relay, ahead of the mobile (its price):
  // each half is checked on its own from the summary (checkSplit).
  const acks = TWO_WAY.has(f.system) || split ? new Map<number, number[]>() : perConn(traces, 'tcp.ack', 0);
  for (const [c, list] of acks) {
    const got = delivered.get(c);
    if (!got) continue;
    const top = got[got.length - 1];
    expect(Math.max(...list) - 2, `${text}: conn ${c} acknowledged beyond delivery`).toBeLessThanOrEqual(top);
  }
  expect(spurious, text).toBeLessThanOrEqual(timeouts);
  expect(detected, text).toBeLessThanOrEqual(timeouts);
}

/**
 * A split connection, half by half: the relay never passes on more than it took in, and a completed
 * transfer of `size` bytes was delivered whole at both ends of each half (remedies.md: the relay's
 * wired end and the mobile).
 */
function checkSplit(text: string, s: Summary): void {
  const split = s.split!;
  const wired = split.wired as TcpSummary | null;
  const relayed = split.buffered as number;
  expect(split.peakBuffered as number, text).toBeLessThanOrEqual(relayed);
  if (wired === null) return;
  const size = s.app.size;
  // Downloads: the relay took in `relayed` bytes on the wired half and the mobile got no more.
  if (s.app.kind !== 'ftpPut') expect(s.tcp.bytesDelivered, text).toBeLessThanOrEqual(relayed);
  if (typeof size === 'number' && s.completed && s.app.failed === false) {
    expect(wired.bytesDelivered, text).toBe(size);
    expect(s.tcp.bytesDelivered, text).toBe(size);
    expect(relayed, text).toBe(size);
  }
}

describe('random scenarios with random remedies (seeded fuzz, five systems)', () => {
  SYSTEMS.forEach((f, k) => {
    it.each([1, 2, ...freshSeeds(1, 2600 + k)])(`${f.system}: seed %i keeps every invariant`, (seed) => {
      const text = caseText(f, seed);
      const { sim, summary } = checkRun(f, text, true);
      const t = summary.tcp;
      checkTraces(f, text, sim.traces, t.timeouts, t.spuriousTimeouts, t.spuriousDetected, !!summary.split);
      if (summary.split) checkSplit(text, summary);
    });
  });
});
