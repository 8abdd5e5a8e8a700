/**
 * A tiny fake SystemDefinition for worker and store tests (never registered in src/).
 * Runs under the is707 schema: every frame it "sends" one segment; the FER key
 * changes how many it delivers; msX/msY move the phone. Deterministic from the seed.
 */
import { defaultScenario, parseScenario, serialiseScenario, schemaFor } from '../../src/engine';
import type { EngineDeps } from '../../src/worker/session';
import type { ParamValue, Scenario, SystemContext, SystemDefinition, SystemModel } from '../../src/engine';

export const FRAME_NS = 20_000_000;

export const fakeSystem: SystemDefinition = {
  id: 'is707',
  name: 'Fake IS-707',
  description: 'test double',
  frameNs: FRAME_NS,
  params: schemaFor('is707') ?? [],
  dragKeys: { x: 'msX', y: 'msY' },
  benchScenarios: [],
  create(ctx: SystemContext, scenario: Scenario): SystemModel {
    const send = ctx.traces.source('tcp.send', ['seq', 'len', 'retx']);
    const fer = ctx.traces.source('fake.fer', ['fer']);
    const rng = ctx.rng.get('fake.channel');
    let p = Number(scenario.values.fer);
    let msX = Number(scenario.values.msX);
    let msY = Number(scenario.values.msY);
    let seq = 0;
    let delivered = 0;
    let sent = 0;
    const tick = (): void => {
      const t = ctx.scheduler.now;
      const lost = rng.next() < p;
      send.record(t, seq, 536, lost ? 1 : 0);
      sent++;
      if (!lost) {
        seq += 536;
        delivered += 536;
      }
      ctx.scheduler.at(t + FRAME_NS, tick);
    };
    ctx.scheduler.at(0, tick);
    return {
      isDone: () => false,
      live: {
        fer: (value: ParamValue, now: number) => {
          p = Number(value);
          fer.record(now, p);
        },
        msX: (value: ParamValue) => {
          msX = Number(value);
        },
        msY: (value: ParamValue) => {
          msY = Number(value);
        },
      },
      summary(now: number) {
        const secs = now / 1e9;
        return {
          system: 'is707',
          seed: scenario.seed,
          completed: false,
          capacityBps: 7600,
          normalizedGoodput: secs > 0 ? (delivered * 8) / secs / 7600 : 0,
          tcp: {
            connections: 1,
            connectFailures: 0,
            synRetransmits: 0,
            segmentsSent: sent,
            retransmits: 0,
            timeouts: 0,
            fastRetransmits: 0,
            spuriousTimeouts: 0,
            spuriousDetected: 0,
            bytesDelivered: delivered,
            goodputBps: secs > 0 ? (delivered * 8) / secs : 0,
            maxRto: 0,
            rttMin: 0,
            rttMean: 0,
            rtoAtMaxFraction: 0,
          },
          app: {},
          link: { fer: p },
        };
      },
      view() {
        return {
          extent: [-5000, 5000, -5000, 5000] as const,
          stations: [{ id: 'bs', label: 'BS', x: 0, y: 0 }],
          mobiles: [{ id: 'ms', label: 'MS', x: msX, y: msY, dragged: true }],
          links: [{ n: 1, station: 'bs', state: 'good' as const }],
          captions: { FER: `${Math.round(p * 100)} %` },
        };
      },
    };
  },
};

export const fakeDeps: EngineDeps = {
  parseScenario,
  serialiseScenario,
  getSystem: (id) => (id === 'is707' ? fakeSystem : undefined),
};

export { defaultScenario };
