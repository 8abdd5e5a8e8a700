/**
 * The packet view (issue 25 item 4): the path fixed host → base station → radio hop → phone with
 * the run's TCP segments, ACKs and link frames moving along it, coloured by fate, the queues as
 * they fill and each lane's good/bad state — at the simulated time the charts show. It reads the
 * page's trace buffers (ui/packets/snapshot.ts) and the system's path (its plug-in's
 * `packetPath`), draws on one canvas, and only while it is on screen and the run plays at 1× (or
 * is paused): faster, it waits. A click on a segment, an ACK or a frame — or the arrow keys and
 * Enter — opens that datagram's chain in "Why did it happen?".
 */
import { useEffect, useRef, useState } from 'react';
import { chartScale, observeResize } from '../charts/host-size';
import { useHiddenPolicy } from '../exercises/hidden';
import { useLab, useLabStore } from '../hooks/use-lab';
import { drawPackets, geometry, hitAt, type HitItem } from '../packets/draw';
import { datagramSelection, frameDatagram } from '../packets/pick';
import { packetSnapshot, type PacketSnapshot } from '../packets/snapshot';
import { datagramWords, frameWords, packetSummary } from '../packets/words';
import { labPlugin } from '../systems';
import { fasterThanRealTime } from '../../state/types';
import { palette, type ThemeName } from '../theme/palette';
import { PacketLegend } from './PacketLegend';
import './packet-view.css';

/** Least wall time between two updates of the text summary while the run plays, ms. */
const SUMMARY_EVERY_MS = 1000;
/** With reduced motion, least wall time between two pictures while the run plays, ms. */
const REDUCED_EVERY_MS = 1000;
/** Least wall time between two updates of the canvas's `data-marks` while the run plays, ms. */
const MARKS_EVERY_MS = 200;

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** The words of the mark `key` in a snapshot. */
function markWords(
  key: string,
  snap: PacketSnapshot,
  plugin: NonNullable<ReturnType<typeof labPlugin>>,
): string {
  const n = Number(key.slice(1));
  if (key[0] === 'd') {
    const d = snap.datagrams.find((m) => m.id === n);
    return d ? datagramWords(d, plugin.packetPath) : '';
  }
  const f = snap.frames.find((m) => m.index === n);
  return f ? frameWords(f, plugin.packetPath) : '';
}

function PacketCanvas({ theme }: { theme: ThemeName }) {
  const store = useLabStore();
  const system = useLab((s) => s.system);
  const plugin = labPlugin(system);
  const host = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const hits = useRef<HitItem[]>([]);
  const snap = useRef<PacketSnapshot | null>(null);
  const focus = useRef<string | null>(null);
  const redraw = useRef<() => void>(() => {});
  const [summary, setSummary] = useState('');
  const [picked, setPicked] = useState('');
  const [focusWords, setFocusWords] = useState('');
  const playing = useLab((s) => s.status === 'playing');
  // Faster than 1× the view waits (and draws nothing).
  const waiting = useLab((s) => s.status === 'playing' && fasterThanRealTime(s.speed));

  useEffect(() => {
    const el = canvas.current;
    const box = host.current;
    if (!el || !box || !plugin) return;
    const spec = plugin.packetPath;
    let visible = true;
    let frame = 0;
    let summaryAt = -Infinity;
    let drawnAt = -Infinity;
    let drawnKey = '';
    let marksAt = -Infinity;
    const draw = (): void => {
      frame = 0;
      const s = store.getState();
      const fast = s.status === 'playing' && fasterThanRealTime(s.speed);
      if (fast) return;
      const now = performance.now();
      if (s.status === 'playing' && prefersReducedMotion() && now - drawnAt < REDUCED_EVERY_MS) return;
      const key = `${s.simTime}|${s.traceVersion}|${focus.current}|${box.clientWidth}|${theme}`;
      if (key === drawnKey) return;
      drawnKey = key;
      drawnAt = now;
      const scale = chartScale(box);
      const g = geometry(Math.max(200, box.clientWidth / scale), spec.lanes.length);
      const dpr = (typeof devicePixelRatio === 'number' ? devicePixelRatio : 1) * scale;
      if (el.width !== Math.round(g.width * dpr) || el.height !== Math.round(g.height * dpr)) {
        el.width = Math.round(g.width * dpr);
        el.height = Math.round(g.height * dpr);
        el.style.height = `${g.height * scale}px`;
      }
      const shot = packetSnapshot(s.traces, spec, plugin.linkDecoder, s.simTime);
      snap.current = shot;
      const ctx = el.getContext('2d');
      if (ctx) {
        ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
        hits.current = drawPackets(ctx, g, spec, shot, palette(theme), focus.current);
      }
      // For tests and tools: the simulated time drawn and where the marks are, in CSS px (every
      // datagram, the first frames), at most every MARKS_EVERY_MS while the run plays.
      if (s.status !== 'playing' || now - marksAt >= MARKS_EVERY_MS) {
        marksAt = now;
        el.dataset.t = String(s.simTime);
        const frames = hits.current.filter((h) => h.key[0] === 'f').slice(0, 12);
        el.dataset.marks = JSON.stringify(
          [...hits.current.filter((h) => h.key[0] === 'd'), ...frames].map((h) => ({
            key: h.key,
            fate: h.fate,
            x: Math.round((h.x + h.w / 2) * scale * 10) / 10,
            y: Math.round((h.y + h.h / 2) * scale * 10) / 10,
          })),
        );
      }
      if (s.status !== 'playing' || now - summaryAt >= SUMMARY_EVERY_MS) {
        summaryAt = now;
        setSummary(packetSummary(shot, spec));
      }
    };
    const schedule = (): void => {
      if (!visible || frame !== 0) return;
      frame = requestAnimationFrame(draw);
    };
    redraw.current = () => {
      drawnKey = '';
      schedule();
    };
    const unsubscribe = store.subscribe((s, prev) => {
      if (
        s.simTime !== prev.simTime ||
        s.traceVersion !== prev.traceVersion ||
        s.status !== prev.status ||
        s.speed !== prev.speed
      )
        schedule();
    });
    // Draw only while on screen.
    const io =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => {
            visible = entries.some((e) => e.isIntersecting);
            if (visible) redraw.current();
          })
        : null;
    io?.observe(el);
    const stopResize = observeResize(box, () => redraw.current());
    redraw.current();
    return () => {
      unsubscribe();
      io?.disconnect();
      stopResize();
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [store, plugin, theme]);

  if (!plugin) return null;
  const spec = plugin.packetPath;

  /** Open the chain of the mark `key` (a datagram or a frame). */
  const open = (key: string): void => {
    const s = store.getState();
    const n = Number(key.slice(1));
    const id = key[0] === 'd' ? n : frameDatagram(s.traces, spec, plugin.linkDecoder, n);
    if (id === null) {
      setPicked('That frame carried no datagram the page still holds.');
      return;
    }
    const r = datagramSelection(s.traces, id);
    const words = snap.current ? markWords(`d${id}`, snap.current, plugin) : '';
    if ('selection' in r) s.setSelection(r.selection);
    const where =
      'selection' in r
        ? r.none
          ? ` Not resent: ${r.none}; “Why?” shows the nearest TCP event about the same bytes, if any.`
          : ' Its chain is in “Why?”, under the sequence graph.'
        : ` ${r.none}.`;
    setPicked(`${words}${where}`.trim());
  };

  const onClick = (e: React.MouseEvent<HTMLCanvasElement>): void => {
    const r = e.currentTarget.getBoundingClientRect();
    const scale = host.current ? chartScale(host.current) : 1;
    const hit = hitAt(hits.current, (e.clientX - r.left) / scale, (e.clientY - r.top) / scale);
    if (!hit) return;
    focus.current = hit.key;
    redraw.current();
    open(hit.key);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLCanvasElement>): void => {
    const list = hits.current;
    if (e.key === 'Escape') {
      focus.current = null;
      setFocusWords('');
      redraw.current();
      return;
    }
    if ((e.key === 'Enter' || e.key === ' ') && focus.current) {
      e.preventDefault();
      open(focus.current);
      return;
    }
    const step =
      e.key === 'ArrowRight' || e.key === 'ArrowDown'
        ? 1
        : e.key === 'ArrowLeft' || e.key === 'ArrowUp'
          ? -1
          : 0;
    if (step === 0 || list.length === 0) return;
    e.preventDefault();
    const at = list.findIndex((h) => h.key === focus.current);
    const next = list[at < 0 ? (step > 0 ? 0 : list.length - 1) : (at + step + list.length) % list.length];
    focus.current = next.key;
    setFocusWords(snap.current ? markWords(next.key, snap.current, plugin) : '');
    redraw.current();
  };

  return (
    <div className="packet-view" ref={host}>
      {waiting && (
        <p className="small muted" data-testid="packet-waiting">
          The packet view moves at 1× only: choose 1× in the playback bar (or pause) to watch the packets.
        </p>
      )}
      <canvas
        ref={canvas}
        className="packet-canvas tcp-event-key"
        data-testid="packet-canvas"
        tabIndex={0}
        role="application"
        aria-roledescription="packet view"
        aria-label={`Packets on the path ${spec.places.fixed} → ${spec.places.base} → ${spec.places.hop} → ${spec.places.phone}. Arrow keys move between the segments, ACKs and frames drawn; Enter explains the one picked.`}
        aria-describedby="packet-summary"
        onClick={onClick}
        onKeyDown={onKeyDown}
      />
      <p className="sr-only" aria-live="polite" data-testid="packet-focus">
        {focusWords}
      </p>
      <p
        id="packet-summary"
        className="small packet-summary"
        data-testid="packet-summary"
        aria-live={playing ? 'off' : 'polite'}
      >
        {summary}
      </p>
      {picked && (
        <p className="small" data-testid="packet-picked">
          {picked}
        </p>
      )}
      <PacketLegend theme={theme} note={spec.note} />
    </div>
  );
}

/** The packet view's panel: collapsible, open by default; hidden while an exercise hides the link chart. */
export function PacketView({ theme }: { theme: ThemeName }) {
  const [open, setOpen] = useState(true);
  const policy = useHiddenPolicy();
  return (
    <details
      className="panel chart packet-panel"
      data-testid="packet-view"
      open={open}
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>Packet view</summary>
      {open &&
        (policy.chart('link') ? (
          <p className="muted chart-hidden">
            The packet view is hidden with the link-layer chart until you answer.
          </p>
        ) : (
          <PacketCanvas theme={theme} />
        ))}
    </details>
  );
}
