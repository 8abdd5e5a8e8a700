/**
 * Local timing check (not a test; run with `npx tsx tests/engine/link/is707-rlp/timing-check.ts`):
 * 50,000 slots (1000 s of simulated time) of a loaded IS-707 RLP link with 10 % frame errors
 * each way — bulk packets A→B, a 48-byte ACK B→A per delivered packet.
 */
import type { FrameChannel } from '../../../../src/engine/link/contract';
import { RandomStreams, type RandomStream } from '../../../../src/engine/core/rng';
import { TraceRecorder } from '../../../../src/engine/core/trace';
import { createIs707RlpLink } from '../../../../src/engine/link/is707-rlp';

class IidChannel implements FrameChannel {
  bad = false;
  constructor(
    private readonly rng: RandomStream,
    private readonly p: number,
  ) {}
  step(): boolean {
    this.bad = this.rng.next() < this.p;
    return this.bad;
  }
}

function once(slots: number, traced: boolean, idle: number): { ms: number; delivered: number } {
  const rng = new RandomStreams(42);
  const recorder = traced ? new TraceRecorder() : undefined;
  const { link, txA, txB, rxB, rxA } = createIs707RlpLink<number>(
    { idle },
    new IidChannel(rng.get('ab'), 0.1),
    new IidChannel(rng.get('ba'), 0.1),
    { recorder },
  );
  let next = 0;
  const t0 = performance.now();
  for (let s = 0; s < slots; s++) {
    if (txA.queuedPackets < 3) txA.append(next++, 584);
    link.step();
    for (let p = rxB.poll(); p !== undefined; p = rxB.poll()) txB.append(p, 48);
    while (rxA.poll() !== undefined);
  }
  return { ms: performance.now() - t0, delivered: rxB.delivered };
}

// One configuration per process gives steadier figures: `RLP_TIMING=0|1|2`, default all three.
const configs = [
  [false, 0],
  [false, Infinity],
  [true, Infinity],
] as const;
const pick = process.env.RLP_TIMING;
for (const [traced, idle] of pick === undefined ? configs : [configs[Number(pick)]]) {
  for (let w = 0; w < 5; w++) once(50_000, traced, idle); // warm-up
  const runs = Array.from({ length: 5 }, () => once(50_000, traced, idle));
  const best = Math.min(...runs.map((r) => r.ms));
  const x = (1000 * 1000) / best; // 1000 s simulated per run
  console.log(
    `traced=${traced} idle=${idle}: 50,000 slots in ${best.toFixed(2)} ms (best of 5) = ${Math.round(x).toLocaleString()}× real time; ` +
      `${runs[0].delivered} packets delivered`,
  );
}
