/**
 * Drawing the packet view's canvas (PacketView.tsx): a picture of the page's trace buffers at the
 * simulated time, drawn on the next animation frame after the time, the trace, the status or the
 * speed change — only while the canvas is on screen and the run plays at 1× (or is paused), and
 * with reduced motion at most once a second. It keeps what the picking needs (the marks drawn and
 * the snapshot they came from) and the text summary for screen readers.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { chartScale, observeResize } from '../charts/host-size';
import { useLabStore } from '../hooks/use-lab';
import { drawPackets, geometry, type Geometry, type HitItem } from '../packets/draw';
import { packetSnapshot, type PacketSnapshot } from '../packets/snapshot';
import { packetSummary } from '../packets/words';
import type { labPlugin } from '../systems';
import { fasterThanRealTime } from '../../state/types';
import { palette, type ThemeName } from '../theme/palette';
import type { LabState } from '../../state/types';
import type { LabStore } from '../../state/store';

export type PacketPlugin = NonNullable<ReturnType<typeof labPlugin>>;

/** Least wall time between two updates of the text summary while the run plays, ms. */
const SUMMARY_EVERY_MS = 1000;
/** With reduced motion, least wall time between two pictures while the run plays, ms. */
const REDUCED_EVERY_MS = 1000;
/** Least wall time between two updates of the canvas's `data-marks` while the run plays, ms. */
const MARKS_EVERY_MS = 200;

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Size the canvas for the geometry `g` at `scale` CSS px a unit; returns the canvas px a unit. */
function sizeCanvas(el: HTMLCanvasElement, g: Geometry, scale: number): number {
  const dpr = (typeof devicePixelRatio === 'number' ? devicePixelRatio : 1) * scale;
  if (el.width !== Math.round(g.width * dpr) || el.height !== Math.round(g.height * dpr)) {
    el.width = Math.round(g.width * dpr);
    el.height = Math.round(g.height * dpr);
    el.style.height = `${g.height * scale}px`;
  }
  return dpr;
}

/**
 * For tests and tools: the simulated time drawn and where the marks are, in CSS px (every
 * datagram, the first frames).
 */
function writeMarks(el: HTMLCanvasElement, hits: readonly HitItem[], simTime: number, scale: number): void {
  el.dataset.t = String(simTime);
  const frames = hits.filter((h) => h.key[0] === 'f').slice(0, 12);
  el.dataset.marks = JSON.stringify(
    [...hits.filter((h) => h.key[0] === 'd'), ...frames].map((h) => ({
      key: h.key,
      fate: h.fate,
      x: Math.round((h.x + h.w / 2) * scale * 10) / 10,
      y: Math.round((h.y + h.h / 2) * scale * 10) / 10,
    })),
  );
}

/**
 * Paint the picture of the trace at the store's simulated time, the mark `focusKey` highlighted;
 * returns the snapshot drawn, its marks (null: no 2-D context) and the CSS px a unit.
 */
function paintPackets(
  el: HTMLCanvasElement,
  box: HTMLElement,
  plugin: PacketPlugin,
  theme: ThemeName,
  focusKey: string | null,
  s: LabState,
) {
  const spec = plugin.packetPath;
  const scale = chartScale(box);
  const g = geometry(Math.max(200, box.clientWidth / scale), spec.lanes.length);
  const dpr = sizeCanvas(el, g, scale);
  const shot = packetSnapshot(s.traces, spec, plugin.linkDecoder, s.simTime);
  const ctx = el.getContext('2d');
  if (!ctx) return { shot, hits: null, scale };
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  return { shot, hits: drawPackets(ctx, g, spec, shot, palette(theme), focusKey), scale };
}

/**
 * Calls `shown` when the canvas comes on screen or goes off it (where the browser can tell) and
 * `resized` when its box resizes; returns the call that stops watching.
 */
function watchPlace(
  el: HTMLElement,
  box: HTMLElement,
  shown: (visible: boolean) => void,
  resized: () => void,
): () => void {
  const io =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver((entries) => shown(entries.some((e) => e.isIntersecting)))
      : null;
  io?.observe(el);
  const stopResize = observeResize(box, resized);
  return () => {
    io?.disconnect();
    stopResize();
  };
}

interface PacketLoop {
  el: HTMLCanvasElement;
  box: HTMLElement;
  plugin: PacketPlugin;
  theme: ThemeName;
  store: LabStore;
  /** The mark picked, drawn highlighted. */
  focus: RefObject<string | null>;
  /** A picture was painted: its snapshot and marks (null: no 2-D context). */
  painted(shot: PacketSnapshot, hits: HitItem[] | null): void;
  /** The text summary, at most every SUMMARY_EVERY_MS while the run plays. */
  summarised(words: string): void;
}

/**
 * On screen at 1× or slower the picture moves every frame: it asks the store for a commit at every
 * frame then (runtime.ts PACED_COMMIT_MS: otherwise twenty a second). Returns the call to make
 * when its place or the speed changed, with whether it is on screen (false once it is gone);
 * `data-following` on the canvas says whether it asks now (for tests).
 */
function everyFrameFollower(el: HTMLCanvasElement, store: LabStore): (visible: boolean) => void {
  let following: (() => void) | null = null;
  return (visible) => {
    const want = visible && !fasterThanRealTime(store.getState().speed);
    if (want && !following) following = store.getState().followEveryFrame();
    else if (!want && following) {
      following();
      following = null;
    }
    el.dataset.following = String(following !== null);
  };
}

/**
 * The drawing loop: a picture on the next animation frame after the store's time, trace, status
 * or speed change, skipped when nothing it keys on changed, off screen, faster than 1×, and with
 * reduced motion within a second of the last. Returns `redraw` (draw anew on the next frame) and
 * `stop`.
 */
function packetLoop(o: PacketLoop): { redraw: () => void; stop: () => void } {
  const { el, box, store, focus } = o;
  let visible = true;
  const followFrames = everyFrameFollower(el, store);
  const follow = (): void => followFrames(visible);
  let frame = 0;
  let summaryAt = -Infinity;
  let drawnAt = -Infinity;
  let drawnKey = '';
  let marksAt = -Infinity;
  const draw = (): void => {
    frame = 0;
    const s = store.getState();
    if (s.status === 'playing' && fasterThanRealTime(s.speed)) return;
    const now = performance.now();
    if (s.status === 'playing' && prefersReducedMotion() && now - drawnAt < REDUCED_EVERY_MS) return;
    const key = `${s.simTime}|${s.traceVersion}|${focus.current}|${box.clientWidth}|${o.theme}`;
    if (key === drawnKey) return;
    drawnKey = key;
    drawnAt = now;
    const painted = paintPackets(el, box, o.plugin, o.theme, focus.current, s);
    o.painted(painted.shot, painted.hits);
    // At most every MARKS_EVERY_MS while the run plays.
    if (s.status !== 'playing' || now - marksAt >= MARKS_EVERY_MS) {
      marksAt = now;
      writeMarks(el, painted.hits ?? [], s.simTime, painted.scale);
    }
    if (s.status !== 'playing' || now - summaryAt >= SUMMARY_EVERY_MS) {
      summaryAt = now;
      o.summarised(packetSummary(painted.shot, o.plugin.packetPath));
    }
  };
  const schedule = (): void => {
    if (!visible || frame !== 0) return;
    frame = requestAnimationFrame(draw);
  };
  const redraw = (): void => {
    drawnKey = '';
    schedule();
  };
  const unsubscribe = store.subscribe((s, prev) => {
    if (s.speed !== prev.speed) follow();
    if (
      s.simTime !== prev.simTime ||
      s.traceVersion !== prev.traceVersion ||
      s.status !== prev.status ||
      s.speed !== prev.speed
    )
      schedule();
  });
  // Draw only while on screen.
  const stopWatching = watchPlace(
    el,
    box,
    (onScreen) => {
      visible = onScreen;
      follow();
      if (visible) redraw();
    },
    redraw,
  );
  follow();
  redraw();
  return {
    redraw,
    stop() {
      unsubscribe();
      stopWatching();
      followFrames(false);
      if (frame !== 0) cancelAnimationFrame(frame);
    },
  };
}

export function usePacketDrawing(
  plugin: PacketPlugin,
  theme: ThemeName,
  host: RefObject<HTMLDivElement | null>,
  canvas: RefObject<HTMLCanvasElement | null>,
  /** The mark the keyboard or a click picked, drawn highlighted. */
  focus: RefObject<string | null>,
) {
  const store = useLabStore();
  const hits = useRef<HitItem[]>([]);
  const snap = useRef<PacketSnapshot | null>(null);
  /** Draw again on the next frame, even when nothing the picture keys on changed. */
  const redraw = useRef<() => void>(() => {});
  const [summary, setSummary] = useState('');

  useEffect(() => {
    const el = canvas.current;
    const box = host.current;
    if (!el || !box) return;
    const loop = packetLoop({
      el,
      box,
      plugin,
      theme,
      store,
      focus,
      painted(shot, drawn) {
        snap.current = shot;
        if (drawn) hits.current = drawn;
      },
      summarised: setSummary,
    });
    redraw.current = loop.redraw;
    return loop.stop;
  }, [store, plugin, theme, host, canvas, focus]);

  return { hits, snap, redraw, summary };
}
