/**
 * How the generic link-layer timeline reads a system's frame trace: which source, which row a
 * record belongs to (direction, link × side, bearer…), which kind of frame it is and whether it
 * was received in error; plus optional band (bad channel / talkspurt), abort and NAK-round
 * sources. Systems other than IS-707 supply their own decoder.
 */

/** Frame categories drawn by the timeline (each has its own lane position and colour). */
export type FrameCategory = 'data' | 'retx' | 'idle' | 'nak';

/** Decoded record, written into a reused object (no allocation per record). */
export interface DecodedFrame {
  row: number;
  /** null for a record that is only an error mark (e.g. PIAFS "CRC ERR"). */
  kind: FrameCategory | null;
  error: boolean;
}

/** A per-row event source (aborts, NAK rounds). */
export interface RowEventSource {
  readonly source: string;
  /** Field giving the row. */
  readonly rowField: string;
  /** Field giving a level 1..maxLevel (e.g. the NAK round), drawn as height. */
  readonly levelField?: string;
  readonly maxLevel?: number;
}

export interface FrameDecoder {
  /** Frame source name. */
  readonly source: string;
  /** Required fields (decode gets them first, in order). */
  readonly fields: readonly string[];
  /** Optional fields (after the required ones; undefined when absent). */
  readonly optional?: readonly string[];
  /** Decode record i; return false to skip it. */
  decode(cols: readonly (Float64Array | undefined)[], i: number, out: DecodedFrame): boolean;
  /** Rows always shown (others appear as records name them). */
  readonly rows?: readonly number[];
  rowLabel(row: number): string;
  /** Air time of one frame, seconds (mark width when zoomed in). */
  readonly frameS: number;
  /** Background band: a 0/1 state recorded on changes, per row (e.g. `channel.state` bad). */
  readonly band?: {
    readonly source: string;
    readonly field: string;
    readonly rowField: string;
    /** A second field that splits each row: row = rowField × count + field (e.g. link × 2 + dir). */
    readonly subRow?: { readonly field: string; readonly count: number };
    readonly label: string;
  };
  readonly abort?: RowEventSource;
  readonly nak?: RowEventSource;
  /** Legend words where the generic ones do not fit the protocol. */
  readonly labels?: DecoderLabels;
  /** Frame categories this decoder can produce (legend entries); default: all four. */
  readonly categories?: readonly FrameCategory[];
}

/** Legend words of a decoder (defaults: "NAK / idle", "frame error", "abort", "NAK round"). */
export interface DecoderLabels {
  /** Control lanes (NAK and idle frames). */
  readonly control?: string;
  readonly error?: string;
  readonly abort?: string;
  readonly nakRound?: string;
}

const IS707_KINDS: readonly (FrameCategory | null)[] = [null, 'data', 'retx', 'idle', 'nak'];

/**
 * Decoder of a `link.frame`-style source whose columns are (dir, kind[, error]): the row is the
 * direction and `categories[kind]` the lane (null: a silent slot). Shared by the RLP links.
 */
export function decodeDirKind(categories: readonly (FrameCategory | null)[]): FrameDecoder['decode'] {
  return (cols, i, out) => {
    const kind = categories[cols[1]![i]] ?? null;
    const err = cols[2] ? cols[2][i] > 0 : false;
    if (kind === null && !err) return false;
    out.row = cols[0]![i];
    out.kind = kind;
    out.error = err;
    return true;
  };
}

/**
 * IS-707 RLP (is707.md): `link.frame` (dir, kind, seq, error) with kind 0 none, 1 data, 2 retx,
 * 3 idle, 4 nak; rows = dir (0 forward / downlink, 1 reverse / uplink); `channel.state` (dir, bad)
 * as the band; `link.abort` (dir…) and `link.nak` (dir, round…) as events; 20 ms frames.
 */
export const IS707_DECODER: FrameDecoder = {
  source: 'link.frame',
  fields: ['dir', 'kind'],
  optional: ['error'],
  decode: decodeDirKind(IS707_KINDS),
  rows: [0, 1],
  rowLabel: (r) => (r === 0 ? 'forward' : r === 1 ? 'reverse' : `dir ${r}`),
  frameS: 0.02,
  band: { source: 'channel.state', field: 'bad', rowField: 'dir', label: 'bad channel state' },
  abort: { source: 'link.abort', rowField: 'dir' },
  nak: { source: 'link.nak', rowField: 'dir', levelField: 'round', maxLevel: 3 },
  labels: { control: 'NAK / idle', abort: 'abort', nakRound: 'NAK round 1–3' },
};

/**
 * PIAFS monitor (phs.md "Views"): `piafs.monitor` (link, side, num, req, kind) with kind 0 DATA,
 * 1 IDLE, 2 CRC ERR and side 0 = received at the MS, 1 at the BS; rows = link × 2 + side; 10 ms
 * slots. The band is `channel.state` (link, dir, bad) as PHS records it: a link direction's CRC
 * verdict, recorded when it changes, drawn in row link × 2 + dir (dir 0 = received at the MS, as
 * side 0 here) — so runs of CRC errors are shaded as periods.
 */
export const PIAFS_DECODER: FrameDecoder = {
  source: 'piafs.monitor',
  fields: ['link', 'side', 'kind'],
  decode(cols, i, out) {
    const k = cols[2]![i];
    out.row = cols[0]![i] * 2 + cols[1]![i];
    out.kind = k === 0 ? 'data' : k === 1 ? 'idle' : null;
    out.error = k === 2;
    return true;
  },
  rowLabel: (r) => `L${Math.floor(r / 2) + 1} ${r % 2 === 0 ? 'MS' : 'BS'}`,
  frameS: 0.01,
  band: {
    source: 'channel.state',
    field: 'bad',
    rowField: 'link',
    subRow: { field: 'dir', count: 2 },
    label: 'CRC-error period',
  },
  labels: { control: 'idle (no data)', error: 'CRC ERR' },
  // The monitor does not mark re-sent frames (the PIAFS monitor panel finds them from NUM).
  categories: ['data', 'idle'],
};

/** Built-in decoders by name. */
export const LINK_DECODERS = { is707: IS707_DECODER, piafs: PIAFS_DECODER } as const;
