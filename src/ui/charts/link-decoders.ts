/**
 * How the generic link-layer timeline reads a system's frame trace: which source, which row a
 * record belongs to (direction, link × side, bearer…), which kind of frame it is and whether it
 * was received in error; plus optional band (bad channel / talkspurt), abort and NAK-round
 * sources. Each system's lab plug-in supplies its own (`src/ui/systems/<id>/`).
 */
import type { MarkerName, SeriesMeaning, StatusMeaning } from '../theme/palette';

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

/** One kind of event mark of a {@link RowMarkSource}. */
export interface RowMark {
  /** The value of the source's kind field. */
  readonly kind: number;
  readonly label: string;
  readonly marker: MarkerName;
  /** Its meaning (the colour): a status meaning, a series meaning, or ink. */
  readonly meaning: StatusMeaning | SeriesMeaning | 'ink';
}

/** Marks drawn from a source whose records each name a row (rowField + rowOffset) and a kind. */
export interface RowMarkSource {
  readonly source: string;
  readonly rowField: string;
  /** Added to the row field: rows of their own, after the frames' rows. */
  readonly rowOffset: number;
  readonly kindField: string;
  readonly marks: readonly RowMark[];
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
    /**
     * Records of another source that end a row's band (e.g. the link released, a new link up on
     * that row): the state is recorded on changes only, so without them a released link would stay
     * bad on the chart. Not with `subRow`.
     */
    readonly reset?: {
      readonly source: string;
      readonly rowField: string;
      readonly kindField: string;
      /** Kinds that end the band. */
      readonly kinds: readonly number[];
    };
  };
  readonly abort?: RowEventSource;
  readonly nak?: RowEventSource;
  /** Event marks of other sources in rows of their own (DECT's DLC timer events per direction). */
  readonly marks?: readonly RowMarkSource[];
  /** Chart height, px (default: from the rows always shown). */
  readonly height?: number;
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

/** A chart given no decoder (a system without a link-layer view) reads no source and draws no frames. */
export const NO_DECODER: FrameDecoder = {
  source: '',
  fields: [],
  decode: () => false,
  rowLabel: (r) => `row ${r}`,
  frameS: 0.01,
};
