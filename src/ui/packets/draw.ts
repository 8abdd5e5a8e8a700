/**
 * The packet view drawn on one canvas (issue 25 item 4): a few hundred rectangles per draw, no
 * DOM node per packet. The path runs left to right — fixed host, base station, radio hop, phone —
 * with a track per direction for the IP datagrams (TCP segments and ACKs), a row for the two
 * queues, and under the radio hop one lane per link or bearer, its frames drifting across
 * (toward the phone in the lane's top half, toward the base in its bottom half) and its state
 * shaded. Colour is never the only cue: an ACK is a narrow mark, an error or a loss is crossed,
 * a retransmission has a hollow centre, a bad state is hatched.
 */
import type { Palette } from '../theme/palette';
import type { PacketPathSpec } from './path-spec';
import { BASE_X, type DatagramFate, type FrameFate, type PacketSnapshot } from './snapshot';

/** Something drawn that a click or the keyboard can pick. */
export interface HitItem {
  /** 'd<id>' for a datagram, 'f<record index>' for a frame. */
  readonly key: string;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  /** The mark's fate (snapshot.ts), for tools and tests. */
  readonly fate: string;
}

export interface Geometry {
  readonly width: number;
  readonly height: number;
  /** x of the fixed host, the base station and the phone, px. */
  readonly xs: readonly [number, number, number];
  readonly yLabels: number;
  readonly yDown: number;
  readonly yUp: number;
  readonly yQueue: number;
  readonly yLanes: number;
  readonly laneH: number;
}

const PAD = 8;
const TRACK_H = 14;
const LANE_H = 18;
const LANE_GAP = 4;
const FONT = '12px system-ui, sans-serif';

/** The layout at a width, for a path of `lanes` lanes. */
export function geometry(width: number, lanes: number): Geometry {
  const x0 = PAD + 4;
  const x2 = width - PAD - 4;
  const yLabels = 14;
  const yDown = 24;
  const yUp = yDown + TRACK_H + 6;
  const yQueue = yUp + TRACK_H + 8;
  const yLanes = yQueue + TRACK_H + 12;
  const height = yLanes + lanes * (LANE_H + LANE_GAP) + 4;
  return {
    width,
    height,
    xs: [x0, x0 + (x2 - x0) * BASE_X, x2],
    yLabels,
    yDown,
    yUp,
    yQueue,
    yLanes,
    laneH: LANE_H,
  };
}

/** x of path position p (0 the fixed host, 1 the phone). */
function pathX(g: Geometry, p: number): number {
  return g.xs[0] + (g.xs[2] - g.xs[0]) * p;
}

export function datagramColour(fate: DatagramFate, ack: boolean, pal: Palette): string {
  if (fate === 'delivered') return pal.status.good;
  if (fate === 'retransmitted') return pal.status.retx;
  if (fate === 'givenUp') return pal.status.down;
  return ack ? pal.series.ack : pal.series.data;
}

export function frameColour(fate: FrameFate, pal: Palette): string {
  if (fate === 'delivered') return pal.status.good;
  if (fate === 'errored') return pal.status.error;
  if (fate === 'retransmitted') return pal.status.retx;
  if (fate === 'givenUp') return pal.series.abort;
  return pal.status.idle;
}

function cross(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number): void {
  ctx.beginPath();
  ctx.moveTo(x, y);
  ctx.lineTo(x + w, y + h);
  ctx.moveTo(x + w, y);
  ctx.lineTo(x, y + h);
  ctx.stroke();
}

/** Diagonal hatching over a rectangle (a bad state). */
function hatch(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number): void {
  ctx.save();
  ctx.beginPath();
  ctx.rect(x, y, w, h);
  ctx.clip();
  ctx.beginPath();
  for (let k = -h; k < w; k += 6) {
    ctx.moveTo(x + k, y + h);
    ctx.lineTo(x + k + h, y);
  }
  ctx.stroke();
  ctx.restore();
}

/** A label, shortened with an ellipsis to fit `max` px. */
function fitText(ctx: CanvasRenderingContext2D, text: string, max: number): string {
  if (ctx.measureText(text).width <= max) return text;
  let s = text;
  while (s.length > 1 && ctx.measureText(`${s}…`).width > max) s = s.slice(0, -1);
  return `${s}…`;
}

/** Draw the snapshot; returns what was drawn that can be picked (datagrams first, then frames). */
export function drawPackets(
  ctx: CanvasRenderingContext2D,
  g: Geometry,
  spec: PacketPathSpec,
  snap: PacketSnapshot,
  pal: Palette,
  focus: string | null,
): HitItem[] {
  const hits: HitItem[] = [];
  const [xf, xb, xp] = g.xs;
  ctx.clearRect(0, 0, g.width, g.height);
  ctx.font = FONT;
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = pal.neutral.ink;
  // Places: the fixed host at the left edge, the phone at the right, the base station and the
  // hop between, each kept to its own stretch so that no two overlap at any width.
  const mid = (xb + xp) / 2;
  ctx.textAlign = 'left';
  ctx.fillText(fitText(ctx, spec.places.fixed, xb - xf - 50), xf - 4, g.yLabels);
  ctx.textAlign = 'center';
  ctx.fillText(fitText(ctx, spec.places.base, (xb - xf) * 0.9), xb, g.yLabels);
  ctx.fillStyle = pal.neutral.muted;
  ctx.fillText(fitText(ctx, spec.places.hop, (xp - xb) * 0.45), mid, g.yLabels);
  ctx.fillStyle = pal.neutral.ink;
  ctx.textAlign = 'right';
  ctx.fillText(fitText(ctx, spec.places.phone, (xp - xb) * 0.22), xp + 4, g.yLabels);
  // The path: a wire, then the radio hop (dashed), with the two nodes as posts.
  ctx.strokeStyle = pal.neutral.grid;
  ctx.lineWidth = 1;
  for (const y of [g.yDown + TRACK_H / 2, g.yUp + TRACK_H / 2]) {
    ctx.setLineDash([]);
    ctx.beginPath();
    ctx.moveTo(xf, y);
    ctx.lineTo(xb, y);
    ctx.stroke();
    ctx.setLineDash([4, 3]);
    ctx.beginPath();
    ctx.moveTo(xb, y);
    ctx.lineTo(xp, y);
    ctx.stroke();
  }
  ctx.setLineDash([]);
  ctx.strokeStyle = pal.neutral.muted;
  for (const x of g.xs) {
    ctx.beginPath();
    ctx.moveTo(x, g.yDown - 2);
    ctx.lineTo(x, g.yQueue + TRACK_H);
    ctx.stroke();
  }
  drawLanes(ctx, g, spec, snap, pal, hits, focus);
  drawQueues(ctx, g, snap, pal, hits, focus);
  drawDatagrams(ctx, g, snap, pal, hits, focus);
  return hits;
}

function drawLanes(
  ctx: CanvasRenderingContext2D,
  g: Geometry,
  spec: PacketPathSpec,
  snap: PacketSnapshot,
  pal: Palette,
  hits: HitItem[],
  focus: string | null,
): void {
  const [xf, xb, xp] = g.xs;
  const half = g.laneH / 2;
  const laneY = (lane: number): number => g.yLanes + lane * (g.laneH + LANE_GAP);
  ctx.textAlign = 'left';
  ctx.fillStyle = pal.neutral.muted;
  spec.lanes.forEach((label, i) => {
    ctx.fillText(fitText(ctx, label, xb - xf - 8), xf, laneY(i) + g.laneH - 4);
  });
  ctx.strokeStyle = pal.neutral.grid;
  for (let i = 0; i < spec.lanes.length; i++) ctx.strokeRect(xb, laneY(i), xp - xb, g.laneH);
  // Bad (or speech) states: the lane's half, or the whole lane, tinted and hatched.
  for (const b of snap.bands) {
    if (!b.on || b.lane >= spec.lanes.length) continue;
    const y = laneY(b.lane) + (b.dir === 1 ? half : 0);
    const h = b.dir === null ? g.laneH : half;
    ctx.globalAlpha = 0.18;
    ctx.fillStyle = pal.status.bad;
    ctx.fillRect(xb, y, xp - xb, h);
    ctx.globalAlpha = 0.6;
    ctx.strokeStyle = pal.status.bad;
    hatch(ctx, xb, y, xp - xb, h);
    ctx.globalAlpha = 1;
  }
  const span = xp - xb;
  const w = Math.max(3, Math.min(14, span / 30 - 1));
  for (const f of snap.frames) {
    if (f.lane >= spec.lanes.length) continue;
    const along = span * f.age;
    const x = f.dir === 0 ? xb + along : xp - along - w;
    const y = laneY(f.lane) + (f.dir === 0 ? 2 : half + 1);
    const h = half - 3;
    ctx.fillStyle = frameColour(f.fate, pal);
    ctx.fillRect(x, y, w, h);
    if (f.fate === 'errored' || f.fate === 'givenUp') {
      ctx.strokeStyle = pal.neutral.ink;
      cross(ctx, x, y, w, h);
    } else if (f.fate === 'retransmitted') {
      ctx.fillStyle = pal.neutral.background;
      ctx.fillRect(x + w / 2 - 1, y + h / 2 - 1, 2, 2);
    }
    if (f.fate === 'control') continue;
    const key = `f${f.index}`;
    mark(ctx, hits, { key, x, y, w, h, fate: f.fate }, focus, pal);
  }
}

function drawQueues(
  ctx: CanvasRenderingContext2D,
  g: Geometry,
  snap: PacketSnapshot,
  pal: Palette,
  hits: HitItem[],
  focus: string | null,
): void {
  const [xf, xb, xp] = g.xs;
  const y = g.yQueue;
  // Squares growing leftward from the node, the next to go nearest it, as many as fit; then the count.
  const left = [xf, xb + 4];
  const right = [xb - 2, xp - 2];
  const room = [0, 1].map((k) => Math.max(0, Math.floor((right[k] - left[k] - 70) / 6)));
  for (const d of snap.datagrams) {
    if (d.queued < 0 || d.queued >= room[d.dir]) continue;
    const x = right[d.dir] - 6 * (d.queued + 1);
    const [w, h] = [5, TRACK_H - 6];
    ctx.fillStyle = datagramColour(d.fate, d.len === 0, pal);
    ctx.fillRect(x, y + 3, w, h);
    const key = `d${d.id}`;
    mark(ctx, hits, { key, x, y: y + 3, w, h, fate: d.fate }, focus, pal);
  }
  // Each count just left of its squares, so it reads as that queue's.
  ctx.fillStyle = pal.neutral.muted;
  ctx.textAlign = 'right';
  const counts = [snap.queue.base, snap.queue.phone];
  for (const k of [0, 1]) {
    const end = right[k] - 6 * Math.min(counts[k], room[k]) - 4;
    ctx.fillText(fitText(ctx, `queue ${counts[k]}`, end - left[k]), end, y + TRACK_H - 3);
  }
}

function drawDatagrams(
  ctx: CanvasRenderingContext2D,
  g: Geometry,
  snap: PacketSnapshot,
  pal: Palette,
  hits: HitItem[],
  focus: string | null,
): void {
  for (const d of snap.datagrams) {
    if (d.queued >= 0) continue; // drawn as the queue's squares
    const ack = d.len === 0;
    const w = ack ? 5 : 12;
    const h = TRACK_H - 4;
    const cx = pathX(g, d.x);
    const x = Math.max(g.xs[0] - 4, Math.min(g.xs[2] + 4 - w, cx - w / 2));
    const y = (d.dir === 0 ? g.yDown : g.yUp) + 2;
    ctx.fillStyle = datagramColour(d.fate, ack, pal);
    ctx.fillRect(x, y, w, h);
    if (d.fate === 'givenUp') {
      ctx.strokeStyle = pal.neutral.ink;
      cross(ctx, x, y, w, h);
    } else if (d.fate === 'retransmitted') {
      ctx.fillStyle = pal.neutral.background;
      ctx.fillRect(x + w / 2 - 1.5, y + h / 2 - 1.5, 3, 3);
    }
    const key = `d${d.id}`;
    mark(ctx, hits, { key, x, y, w, h, fate: d.fate }, focus, pal);
  }
}

/** Keep a drawn item for clicks and keys, and ring it when it has the keyboard's focus. */
function mark(
  ctx: CanvasRenderingContext2D,
  hits: HitItem[],
  item: HitItem,
  focus: string | null,
  pal: Palette,
): void {
  hits.push(item);
  if (item.key === focus) ring(ctx, item.x, item.y, item.w, item.h, pal);
}

function ring(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, pal: Palette): void {
  ctx.strokeStyle = pal.neutral.focus;
  ctx.lineWidth = 2;
  ctx.strokeRect(x - 3, y - 3, w + 6, h + 6);
  ctx.lineWidth = 1;
}

/** The item under a point (the nearest within a few px: marks are small). */
export function hitAt(hits: readonly HitItem[], x: number, y: number, slack = 4): HitItem | null {
  let best: HitItem | null = null;
  let bestD = Infinity;
  for (const h of hits) {
    const dx = Math.max(h.x - x, 0, x - (h.x + h.w));
    const dy = Math.max(h.y - y, 0, y - (h.y + h.h));
    const d = Math.hypot(dx, dy);
    if (d <= slack && d < bestD) {
      best = h;
      bestD = d;
    }
  }
  return best;
}
