/**
 * DECT's part of the cross-layer explanation (analysis/explain), as far as its traces go: the MAC
 * packets (DLC fragments) that carried a datagram, found by the IP packet id `dect.mac` records
 * with each, their subfield errors, MAC retransmissions and give-ups (at most 10 attempts,
 * dect.md "MAC"), the bearers they went on and those bearers' channel state
 * (`dect.bearerState`), bearer drops (`dect.handover`) and the DLC's give-ups (`dect.dlc`).
 */
import {
  at,
  count,
  figureHidden,
  runAt,
  runItems,
  span,
  times,
  linkExplainer,
  type ExplainItem,
  type ExplainLayer,
  type LayerDescriber,
  type LinkExplainer,
  type TableSource,
  type TraceTable,
} from '../../analysis/explain';
import { DectMacTraceKind } from '../../link/dect-mac/bearer';
import { DECT_FRAME_NS } from '../../link/dect-mac';
import { HandoverKind, TCP_USER } from './tcp-user';
import { noBearerStretch, outageItems, outageWords, stretchActions } from './explain-outage';

const DIR_NAMES = ['down', 'up'];

/** One `dect.mac` record of the datagram. */
interface MacRow {
  readonly t: number;
  readonly bearer: number;
  readonly carrier: number;
  readonly slot: number;
  readonly dir: number;
  readonly kind: number;
  readonly attempt: number;
  readonly errors: number;
}

/** What DECT's MAC and DLC records say of one datagram. */
interface MacReading {
  readonly rows: MacRow[];
  readonly dir: number;
  readonly name: string;
  /** Its packets' sends (new and retransmitted), the retransmissions, those with subfield errors, the give-ups. */
  readonly sends: MacRow[];
  readonly resent: MacRow[];
  readonly bad: MacRow[];
  readonly giveUps: MacRow[];
  /** The bearers its packets went on, in order. */
  readonly bearers: number[];
  /** When the DLC gave a frame of it up, or null. */
  readonly dlcLost: number | null;
  /** Its bearers' drops and handover failures while it was in flight. */
  readonly drops: { t: number; bearer: number; what: string }[];
}

const MAC_NOTES = [
  "DECT's MAC records name the datagram each packet carried but not the DLC fragment number, so a fragment's MAC attempts are counted per datagram and bearer",
];

/** The TCP user's bearer `b` in `dect.bearerState`. */
const bearerStates = (table: TraceTable) => {
  const states = table.get('dect.bearerState');
  const keep = (b: number) => (i: number) =>
    states!.col('terminal')[i] === TCP_USER && states!.col('bearer')[i] === b;
  return { states, keep };
};

const MAC_DESCRIBER: LayerDescriber<MacReading> = {
  read(table, d) {
    const rows = macRows(table.get('dect.mac'), d.id, d.sentAt);
    if (rows.length === 0) return null;
    const dir = rows[0].dir;
    const sends = rows.filter((r) => r.kind !== DectMacTraceKind.GIVE_UP);
    const bearers = [...new Set(sends.map((r) => r.bearer))].sort((a, b) => a - b);
    return {
      rows,
      dir,
      name: DIR_NAMES[dir] ?? `dir ${dir}`,
      sends,
      resent: rows.filter((r) => r.kind === DectMacTraceKind.RETRANSMISSION),
      bad: sends.filter((r) => r.errors > 0),
      giveUps: rows.filter((r) => r.kind === DectMacTraceKind.GIVE_UP),
      bearers,
      dlcLost: dlcLoss(table.get('dect.dlc'), dir, d.sentAt, d.arrivedAt ?? Infinity),
      drops: bearerDrops(
        table.get('dect.handover'),
        bearers,
        sends[0]?.t ?? d.sentAt,
        d.arrivedAt ?? d.deadline,
      ),
    };
  },

  notCarried: (_table, d) => ({
    layer: 'DECT MAC',
    text: `no MAC packet carried datagram ${d.id}`,
    notes: MAC_NOTES,
  }),

  layers(table, d, { rows, name, sends, resent, bad, giveUps, bearers, dlcLost, drops }) {
    const fresh = rows.filter((r) => r.kind === DectMacTraceKind.NEW).length;
    const items: ExplainItem[] = [
      {
        t: sends[0]?.t ?? rows[0].t,
        text: `${count(fresh, 'MAC packet')} (DLC fragments) of datagram ${d.id} on ${count(bearers.length, 'bearer')} (${bearers.map((b) => b + 1).join(', ')})`,
        tone: 'info',
      },
    ];
    if (bad.length > 0)
      items.push({
        t: bad[0].t,
        text: `${count(bad.length, 'attempt')} with subfield errors, ${count(resent.length, 'MAC retransmission')}`,
        tone: 'lost',
      });
    for (const g of giveUps)
      items.push({
        t: g.t,
        text: `MAC gives a packet up on bearer ${g.bearer + 1} after ${count(g.attempt, 'attempt')}`,
        tone: 'lost',
      });
    if (dlcLost !== null)
      items.push({ t: dlcLost, text: 'the DLC gives a frame up (timer 2)', tone: 'lost' });
    for (const x of drops) items.push({ t: x.t, text: `bearer ${x.bearer + 1} ${x.what}`, tone: 'lost' });
    const { states, keep } = bearerStates(table);
    const layers: ExplainLayer[] = [{ name: `DECT MAC / DLC (${name})`, items }];
    const end = Math.max(d.arrivedAt ?? 0, ...rows.map((r) => r.t)) + DECT_FRAME_NS;
    for (const b of bearers) {
      const tb = bad.filter((r) => r.bearer === b).map((r) => r.t);
      const ch = runItems(
        states,
        keep(b),
        'bad',
        d.sentAt,
        end,
        (r) => `bearer ${b + 1} bad (${r.end === null ? 'to the end of the trace' : span(r.end - r.start)})`,
        tb,
      );
      if (ch.length > 0) layers.push({ name: `Bearer ${b + 1} channel`, items: ch });
    }
    return layers;
  },

  causes(table, d, { sends, resent, bad, giveUps, dlcLost, drops }) {
    // The bearer that troubled it most: the most attempts with errors.
    const worst = mostErrors(bad);
    const { states, keep } = bearerStates(table);
    const chWords = (b: number, t: number): string =>
      runAt(states, keep(b), 'bad', t) ? ' while its channel was bad' : ' while its channel was good';
    const lost =
      d.arrivedAt !== null
        ? null
        : giveUps.length > 0
          ? {
              text: `the MAC gave a fragment of it up after ${count(giveUps[0].attempt, 'attempt')} on bearer ${giveUps[0].bearer + 1}${chWords(giveUps[0].bearer, giveUps[0].t)}${dlcLost !== null ? ` and the DLC gave the frame up at ${at(dlcLost)}` : ''}`,
              at: giveUps[0].t,
            }
          : drops.length > 0
            ? {
                text: `bearer ${drops[0].bearer + 1} ${drops[0].what} at ${at(drops[0].t)} with fragments of it in flight`,
                at: drops[0].t,
              }
            : null;
    const wait = (sends[0]?.t ?? d.sentAt) - d.sentAt;
    const waited = `it waited ${span(wait)} for its first MAC packet (the queue above the DLC and the DLC's window)`;
    const late =
      worst !== null
        ? `${waited}, then its fragments needed ${count(resent.length, 'MAC retransmission')}, ${times(worst.n)} on bearer ${worst.bearer + 1}${chWords(worst.bearer, worst.t)}`
        : `${waited}; no MAC attempt of it failed`;
    return { lost, late: { text: late, at: d.sentAt }, notes: MAC_NOTES };
  },

  around(table, d, story) {
    // A stretch without any bearer in the wait (dect.md Connection_Handover, Dropped, Blocked):
    // the connection's chain, before whatever the MAC did to this datagram.
    const stretch = noBearerStretch(table, d.sentAt, d.deadline);
    if (!stretch) return story;
    const mine = stretchActions(stretch, d.actions);
    // An open exercise asking for the stretch's length hides link.tcpTimeouts: moments, not lengths.
    const lengths = !figureHidden(d.hidden, 'link.tcpTimeouts');
    return {
      ...story,
      layers: [
        { name: 'DECT connection (TCP user)', items: outageItems(stretch, mine, lengths) },
        ...story.layers,
      ],
      // The chain's first link: the student's drag, the Connection_Handover, else the last bearer's loss.
      outage: {
        text: outageWords(stretch, stretch.start, d.deadline, mine, lengths),
        at: mine.drag?.t ?? stretch.handover?.t ?? stretch.start,
      },
      notes: lengths
        ? story.notes
        : [
            ...(story.notes ?? []),
            'the seconds without any bearer are left out while the exercise asks for them (link.tcpTimeouts)',
          ],
    };
  },
};

export const DECT_EXPLAIN: LinkExplainer = linkExplainer(MAC_DESCRIBER);

function macRows(src: TableSource | null, id: number, from: number): MacRow[] {
  if (!src || !src.has('packet')) return [];
  const out: MacRow[] = [];
  const [term, bearer, carrier, slot, dir, kind, attempt, errors, packet] = [
    'terminal',
    'bearer',
    'carrier',
    'slot',
    'dir',
    'kind',
    'attempt',
    'errors',
    'packet',
  ].map((f) => src.col(f));
  for (let i = 0; i < src.n; i++) {
    if (src.t[i] < from || packet[i] !== id || term[i] !== TCP_USER) continue;
    out.push({
      t: src.t[i],
      bearer: bearer[i],
      carrier: carrier[i],
      slot: slot[i],
      dir: dir[i],
      kind: kind[i],
      attempt: attempt[i],
      errors: errors[i],
    });
  }
  return out;
}

function mostErrors(bad: readonly MacRow[]): { bearer: number; n: number; t: number } | null {
  const by = new Map<number, { n: number; t: number }>();
  for (const r of bad) {
    const x = by.get(r.bearer);
    if (x) x.n++;
    else by.set(r.bearer, { n: 1, t: r.t });
  }
  let best: { bearer: number; n: number; t: number } | null = null;
  for (const [bearer, x] of by) if (!best || x.n > best.n) best = { bearer, ...x };
  return best;
}

/** The first DLC give-up of the receiver of `dir` in [t0, t1], or null. */
function dlcLoss(src: TableSource | null, dir: number, t0: number, t1: number): number | null {
  if (!src) return null;
  const [term, d, kind] = [src.col('terminal'), src.col('dir'), src.col('kind')];
  for (let i = 0; i < src.n; i++)
    if (src.t[i] >= t0 && src.t[i] <= t1 && term[i] === TCP_USER && d[i] === dir && kind[i] === 2)
      return src.t[i];
  return null;
}

/** Drops and releases of the given bearers of the TCP user in [t0, t1]. */
function bearerDrops(
  src: TableSource | null,
  bearers: readonly number[],
  t0: number,
  t1: number,
): { t: number; bearer: number; what: string }[] {
  if (!src) return [];
  const [term, bearer, kind] = [src.col('terminal'), src.col('bearer'), src.col('kind')];
  const out: { t: number; bearer: number; what: string }[] = [];
  for (let i = 0; i < src.n; i++) {
    const t = src.t[i];
    if (t < t0 || t > t1 || term[i] !== TCP_USER || !bearers.includes(bearer[i])) continue;
    if (kind[i] === HandoverKind.DROP) out.push({ t, bearer: bearer[i], what: 'dropped' });
    else if (kind[i] === HandoverKind.DOWN) out.push({ t, bearer: bearer[i], what: 'released' });
  }
  return out;
}
