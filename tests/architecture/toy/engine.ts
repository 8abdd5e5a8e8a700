/**
 * A toy system's engine folder, as a new system would write it: one SystemDefinition
 * (id, name, description, frame, params, factory) whose model meets its contract (contract.ts:
 * the summary's sections and a handler per live key). It imports nothing that imports the
 * list of systems (the test adds it to that list). Its bearer is the toy link layer
 * (toy/link: stop-and-wait ARQ on the shared slotted driver), carrying one 100-byte SDU a frame.
 */
import { ScenarioValues, numberValue } from '../../../src/engine/scenario/typed-values';
import type { ParamSpec } from '../../../src/engine/scenario/types';
import type { SystemDefinition, SystemModel } from '../../../src/engine/systems/types';
import type { ToyLiveKey, ToyModelSummary, ToySummary } from './contract';
import { ToyArqEntity, ToyLink } from './link';

const FRAME_NS = 10_000_000;

export const TOY_PARAMS: readonly ParamSpec[] = [
  {
    key: 'fer',
    kind: 'number',
    label: 'FER',
    description: 'frame error rate of the toy channel',
    group: 'radio',
    default: 0.05,
    min: 0,
    max: 0.5,
    live: true,
  },
  {
    key: 'duration',
    kind: 'number',
    label: 'Duration',
    description: 'simulated seconds',
    group: 'run',
    unit: 's',
    default: 2,
    min: 0.1,
    max: 100,
    live: false,
  },
  ...(['msX', 'msY'] as const).map((key): ParamSpec => ({
    key,
    kind: 'number',
    label: key,
    description: 'position of the toy phone, metres',
    group: 'map',
    default: 100,
    min: -1000,
    max: 1000,
    live: true,
  })),
];

export const TOY_SYSTEM: SystemDefinition = {
  id: 'toy',
  name: 'Toy bearer',
  description: 'a system added by a test: one definition, one plug-in, two list lines',
  frameNs: FRAME_NS,
  params: TOY_PARAMS,
  dragKeys: { x: 'msX', y: 'msY' },
  benchScenarios: ['system=toy&fer=0.2&duration=5'],
  create(ctx, scenario): SystemModel<ToySummary, ToyLiveKey> {
    const v = ScenarioValues.of(scenario, TOY_PARAMS);
    const rng = ctx.rng.get('toy.channel');
    let fer = v.number('fer');
    let ms = { x: v.number('msX'), y: v.number('msY') };
    let frames = 0;
    let good = 0;
    const phone = new ToyArqEntity<number>();
    const base = new ToyArqEntity<number>();
    const link = new ToyLink(phone, base, 1);
    const tick = (): void => {
      frames++;
      if (phone.queuedUnits < 4) phone.push(frames, 100);
      link.step(rng.next() < fer, false);
      while (base.pollDelivered() !== null) good++;
      ctx.scheduler.at(ctx.scheduler.now + FRAME_NS, tick);
    };
    ctx.scheduler.at(0, tick);
    return {
      isDone: () => false,
      live: {
        fer: (value) => {
          fer = numberValue('fer', value);
        },
        msX: (value) => {
          ms = { ...ms, x: numberValue('msX', value) };
        },
        msY: (value) => {
          ms = { ...ms, y: numberValue('msY', value) };
        },
      },
      summary: (): ToyModelSummary => ({
        system: 'toy',
        seed: scenario.seed,
        completed: false,
        capacityBps: 1000,
        normalizedGoodput: frames > 0 ? good / frames : 0,
        tcp: {
          connections: 0,
          connectFailures: 0,
          synRetransmits: 0,
          segmentsSent: 0,
          retransmits: 0,
          timeouts: 0,
          fastRetransmits: 0,
          spuriousTimeouts: 0,
          spuriousDetected: 0,
          bytesDelivered: 0,
          goodputBps: 0,
          maxRto: 0,
          rttMin: 0,
          rttMean: 0,
          rtoAtMaxFraction: 0,
        },
        app: { kind: 'frames' },
        link: { frames, good },
      }),
      view: () => ({
        extent: [-1000, 1000, -1000, 1000],
        stations: [{ id: 'base', label: 'Toy base', x: 0, y: 0 }],
        mobiles: [{ id: 'ms', label: 'Toy phone', x: ms.x, y: ms.y, dragged: true }],
        links: [{ n: 1, station: 'base', state: 'good' }],
      }),
    };
  },
};
