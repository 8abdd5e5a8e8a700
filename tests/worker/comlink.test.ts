import { afterEach, describe, expect, it } from 'vitest';
import { expose, wrap, releaseProxy, type Remote } from 'comlink';
import { exposedApi } from '../../src/worker/expose';
import { guardRemote } from '../../src/worker/client';
import { SimSession } from '../../src/worker/session';
import type { SimApi, StepResult } from '../../src/worker/types';
import { fakeDeps } from './fake-system';

const open: MessagePort[] = [];
afterEach(() => {
  for (const p of open.splice(0)) p.close();
});

/** A session exposed over a MessageChannel, keeping the last result the worker side produced. */
function connect(): { remote: Remote<SimApi>; last: () => StepResult | null } {
  const session = new SimSession(fakeDeps);
  let last: StepResult | null = null;
  const spy: SimApi = {
    ...exposedApi(session),
    step: (n: number) => {
      const r = exposedApi(session).step(n);
      last = r;
      return r;
    },
  };
  const { port1, port2 } = new MessageChannel();
  open.push(port1, port2);
  expose(spy, port1);
  return { remote: wrap<SimApi>(port2), last: () => last };
}

describe('worker API over comlink', () => {
  it('loads and steps; trace columns arrive as typed arrays and are transferred, not copied', async () => {
    const { remote, last } = connect();
    const loaded = await remote.load('system=is707&fer=0.1&duration=5');
    expect(loaded.errors).toEqual([]);
    const r = await remote.step(25);
    const send = r?.batches.find((b) => b.name === 'tcp.send');
    expect(send?.time).toBeInstanceOf(Float64Array);
    expect(send?.time.length).toBe(25);
    expect(send?.columns[0]).toBeInstanceOf(Float64Array);
    // The sender's buffers were detached by the transfer.
    const sent = last()?.batches.find((b) => b.name === 'tcp.send');
    expect(sent?.time.byteLength).toBe(0);
    remote[releaseProxy]();
  });

  it('errors cross the boundary as messages; the guard rejects calls after a crash', async () => {
    const { remote } = connect();
    let crash: (e: Error) => void = () => {};
    const crashed = new Promise<never>((_, reject) => {
      crash = reject;
    });
    crashed.catch(() => {});
    const api = guardRemote(remote, crashed);
    await api.load('system=is707');
    const zip = await api.exportCsv();
    // One CSV file per source, in a ZIP (its local-file signature "PK\x03\x04").
    expect(zip).toBeInstanceOf(Uint8Array);
    expect([...zip.slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    crash(new Error('The simulation engine stopped: boom'));
    await expect(api.step(1)).rejects.toThrow('boom');
    remote[releaseProxy]();
  });

  it('exports pcap bytes with the libpcap magic', async () => {
    const { remote } = connect();
    await remote.load('system=is707&duration=1');
    await remote.runToEnd();
    const bytes = await remote.exportPcap();
    expect(bytes).toBeInstanceOf(Uint8Array);
    const magic = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0, true);
    expect(magic).toBe(0xa1b2c3d4);
    remote[releaseProxy]();
  });
});
