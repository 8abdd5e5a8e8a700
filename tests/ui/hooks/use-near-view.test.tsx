// @vitest-environment jsdom
/**
 * A panel that shows a window of a trace source (the GSM RLP strip, the PIAFS monitor) reads it —
 * and with that writes the records queued for it (trace-buffers.ts) — only while it is in view or
 * near it, or the run is not playing (issue 21: the PIAFS monitor below the fold made PHS's longest
 * frames at "as fast as possible").
 */
import { act, useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usePanelSources } from '../../../src/ui/hooks/use-near-view';
import { RlpPanel } from '../../../src/ui/systems/gsm/RlpPanel';
import { PiafsMonitorPanel } from '../../../src/ui/systems/phs/PiafsMonitor';
import type { TraceData } from '../../../src/state/trace-buffers';
import { renderInLab } from '../render-lab';

/** A stand-in IntersectionObserver the test tells what is on screen. */
class FakeObserver {
  static all: FakeObserver[] = [];
  readonly targets: Element[] = [];
  constructor(private readonly cb: (entries: { isIntersecting: boolean }[]) => void) {
    FakeObserver.all.push(this);
  }
  observe(el: Element): void {
    this.targets.push(el);
  }
  disconnect(): void {
    this.targets.length = 0;
  }
  show(on: boolean): void {
    act(() => this.cb([{ isIntersecting: on }]));
  }
}

const SOURCES = ['big'];

function Probe() {
  const ref = useRef<HTMLDivElement>(null);
  const [big] = usePanelSources<{ length: number }>(ref, SOURCES);
  return <div ref={ref} data-testid="probe" data-length={big ? big.length : 'none'} />;
}

/** A commit's traces whose `big` source counts its reads (a read is what writes queued records). */
function traces(length: number, reads: { n: number }): TraceData {
  const out = {};
  Object.defineProperty(out, 'big', {
    enumerable: true,
    get: () => {
      reads.n++;
      return { length, t: new Float64Array(length), cols: {}, dropped: 0 };
    },
  });
  return out as TraceData;
}

let saved: unknown;
beforeEach(() => {
  saved = (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  FakeObserver.all = [];
  (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeObserver;
});
afterEach(() => {
  (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = saved;
});

describe('usePanelSources', () => {
  it('while the run plays, reads no source out of view; in view, or once it stops, reads the latest', () => {
    const reads = { n: 0 };
    const { host, h } = renderInLab(<Probe />, (h) =>
      h.store.setState({ status: 'playing', traces: traces(1, reads), traceVersion: 1 }),
    );
    const probe = host.querySelector('[data-testid="probe"]')!;
    expect(probe.getAttribute('data-length')).toBe('1');
    const seen = FakeObserver.all.at(-1)!;
    expect(seen.targets).toEqual([probe]);

    // Scrolled away while playing: commits bring records, none is read.
    seen.show(false);
    const before = reads.n;
    for (let v = 2; v <= 5; v++) act(() => h.store.setState({ traces: traces(v, reads), traceVersion: v }));
    expect(reads.n).toBe(before);
    expect(probe.getAttribute('data-length')).toBe('none');

    // Back in view: the latest commit's records, at once.
    seen.show(true);
    expect(probe.getAttribute('data-length')).toBe('5');
    act(() => h.store.setState({ traces: traces(6, reads), traceVersion: 6 }));
    expect(probe.getAttribute('data-length')).toBe('6');

    // Out of view again, and the run ends: read, so that the panel holds the run's end.
    seen.show(false);
    act(() => h.store.setState({ traces: traces(7, reads), traceVersion: 7 }));
    expect(probe.getAttribute('data-length')).toBe('none');
    act(() => h.store.setState({ status: 'done', traces: traces(8, reads), traceVersion: 8 }));
    expect(probe.getAttribute('data-length')).toBe('8');
  });

  it('reads at every commit where the browser cannot tell what is on screen', () => {
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = undefined;
    const reads = { n: 0 };
    const { host, h } = renderInLab(<Probe />, (h) =>
      h.store.setState({ status: 'playing', traces: traces(1, reads), traceVersion: 1 }),
    );
    act(() => h.store.setState({ traces: traces(2, reads), traceVersion: 2 }));
    expect(host.querySelector('[data-testid="probe"]')!.getAttribute('data-length')).toBe('2');
  });

  /** A commit's traces in which each of `names` is an empty source that counts its reads. */
  function emptySources(names: readonly string[], reads: { n: number }): TraceData {
    const out = {};
    for (const name of names)
      Object.defineProperty(out, name, {
        enumerable: true,
        get: () => {
          reads.n++;
          return { length: 0, t: new Float64Array(0), cols: {}, dropped: 0 };
        },
      });
    return out as TraceData;
  }

  for (const [name, Panel, sources, testId] of [
    ['the PIAFS monitor', PiafsMonitorPanel, ['piafs.monitor'], 'piafs-monitor'],
    ['the RLP panel', RlpPanel, ['link.frame', 'channel.state'], 'gsm-rlp'],
  ] as const) {
    it(`${name} reads its sources through it: none off screen while playing, all once paused`, () => {
      const reads = { n: 0 };
      const { host, h } = renderInLab(<Panel />, (h) =>
        h.store.setState({ status: 'playing', traces: emptySources(sources, reads), traceVersion: 1 }),
      );
      expect(reads.n).toBe(sources.length);
      const panel = host.querySelector(`[data-testid="${testId}"]`)!;
      const seen = FakeObserver.all.find((o) => o.targets.includes(panel))!;
      expect(seen, 'the panel is watched').toBeDefined();
      seen.show(false);
      const before = reads.n;
      const shown = panel.innerHTML;
      for (let v = 2; v <= 4; v++)
        act(() => h.store.setState({ traces: emptySources(sources, reads), traceVersion: v, simTime: v }));
      expect(reads.n).toBe(before);
      if (Panel === PiafsMonitorPanel)
        expect(panel.querySelector('table')?.outerHTML, 'the table it last drew').toBe(
          new DOMParser().parseFromString(shown, 'text/html').querySelector('table')?.outerHTML,
        );
      // Paused (status ready): read at once, off screen too.
      act(() => h.store.setState({ status: 'ready', traces: emptySources(sources, reads), traceVersion: 5 }));
      expect(reads.n).toBe(before + sources.length);
    });
  }
});
