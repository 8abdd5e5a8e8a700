/**
 * System 5 — TCP multiplexed with speech on a GERAN single slot (geran.md). The mobile (Windows
 * 98 client) and the server (Windows NT 4) talk through one timeslot per direction that a voice
 * call owns whenever its speaker talks; data gets the silent 20 ms blocks (80 bytes each), with
 * an unlimited FIFO at each sender, then the radio access network's `delay`. The workload is
 * HTTP/1.0 page downloads, one connection per object.
 *
 * The frame (the unit of stepping) is the 20 ms radio block; the multiplexer's block deadlines
 * (run by its driver, link/continuous-driver.ts) exist only while a FIFO holds data, so nothing
 * happens per frame when the slot is idle.
 */
import { HttpPageLoader } from '../../app/http10';
import type { Packet } from '../../core/packet';
import { seconds, type Nanos } from '../../core/time';
import { GeranMuxDriver, GeranMuxLink, type MuxDir } from '../../link/geran-mux';
import type { Scenario } from '../../scenario/types';
import { ScenarioValues } from '../../scenario/typed-values';
import { createTcpTraces } from '../../tcp';
import type { TcpNode } from '../common/tcp-node';
import { TwoHostTopology } from '../common/topology';
import { scenarioProfiles } from '../common/tcp-setup';
import type { SystemContext, SystemModel, SystemView } from '../types';
import { GeranConversation } from './conversation';
import {
  GERAN_PAGES,
  GERAN_PARAMS,
  GERAN_SPEECH,
  GERAN_SPEECH_MODELS,
  GERAN_TCP,
  pageObjects,
  type GeranPage,
} from './params';
import type { GeranState } from './state';
import type { LiveHandlers } from '../contract';
import type { GeranLiveKey, GeranModelSummary, GeranSummary } from './contract';
import { geranSummary } from './summary';
import { geranView } from './view';

/** Host numbers (pcap shows 10.0.0.n): the server and the mobile. */
export const GERAN_SERVER = 1;
export const GERAN_MOBILE = 2;

const UP: MuxDir = 0;
const DOWN: MuxDir = 1;

export class GeranModel implements SystemModel<GeranSummary, GeranLiveKey>, GeranState {
  readonly seed: number;
  readonly page: GeranPage;
  readonly delay: number;
  readonly conversation: GeranConversation;
  readonly link: GeranMuxLink<Packet>;
  /** The shared slot on the scheduler (link/continuous-driver.ts). */
  private readonly mux: GeranMuxDriver<Packet>;
  readonly loader: HttpPageLoader;
  private readonly mobileNode: TcpNode;
  private readonly serverNode: TcpNode;

  constructor(ctx: SystemContext, scenario: Scenario) {
    const v = ScenarioValues.of(scenario, GERAN_PARAMS);
    const { scheduler, capture } = ctx;
    this.seed = scenario.seed;
    this.page = v.option('page', GERAN_PAGES);
    this.delay = v.number('delay');
    const delayNs = seconds(this.delay);
    this.conversation = new GeranConversation(
      scheduler,
      ctx.rng,
      {
        model: v.option('speechModel', GERAN_SPEECH_MODELS),
        activity: v.number('activity'),
        mode: v.option('speech', GERAN_SPEECH),
        recorder: ctx.traces,
      },
      (dir, now) => this.mux.replan(dir, now),
    );
    this.link = new GeranMuxLink<Packet>({
      delay: [delayNs, delayNs],
      bler: v.number('bler'),
      rng: ctx.rng.get('geran.bler'),
      speech: this.conversation.slots,
      recorder: ctx.traces,
      packetId: (p) => p.id,
    });
    this.mux = new GeranMuxDriver(scheduler, this.link, (dir, p, now) => {
      if (dir === UP) {
        capture.record(now, p);
        this.serverNode.receive(p, now);
      } else this.mobileNode.receive(p, now);
    });

    const { client, server } = scenarioProfiles(v.all, GERAN_TCP);
    const hosts = new TwoHostTopology(
      ctx,
      { address: GERAN_SERVER, profile: server },
      { address: GERAN_MOBILE, profile: client },
    );
    this.loader = new HttpPageLoader(hosts.fixedHost, hosts.mobileHost, {
      objects: pageObjects(this.page, v.number('objects'), v.number('size')),
      parallel: v.number('parallel'),
      repeat: v.number('repeat'),
      serverProfile: server,
      clientProfile: client,
      traces: createTcpTraces(ctx.traces),
      recorder: ctx.traces,
    });
    const nodes = hosts.nodes(
      {
        fixed: (p, now) => {
          capture.record(now, p);
          this.mux.send(DOWN, p, p.size, now);
        },
        mobile: (p, now) => this.mux.send(UP, p, p.size, now),
      },
      this.loader,
    );
    this.serverNode = nodes.fixed;
    this.mobileNode = nodes.mobile;
    this.loader.start(0);
    this.mobileNode.flush(0);
  }

  isDone(): boolean {
    return this.loader.done;
  }

  /** The live keys' handlers (contract.ts `GeranLiveKey`). */
  readonly live: LiveHandlers<GeranLiveKey> = {
    speech: (value, now) => {
      const mode = GERAN_SPEECH.find((m) => m === value);
      if (mode) this.conversation.setMode(mode, now);
    },
    bler: (value) => {
      if (typeof value === 'number') this.link.setBler(value);
    },
  };

  summary(now: Nanos): GeranModelSummary {
    return geranSummary(this, now);
  }

  view(): SystemView {
    return geranView(this);
  }
}
