import { fcs16, fcs16Byte, FCS16_GOOD, FCS16_INIT } from './fcs16';

/**
 * PPP in HDLC-like framing, asynchronous (octet-stuffed) variant — RFC 1662 §3
 * (frame format) and §4 (octet-stuffed framing), with the LCP options that
 * dial-up stacks negotiated: ACCM (RFC 1662 §7.1), Address-and-Control-Field
 * Compression and Protocol-Field-Compression (RFC 1661 §6.5, §6.6).
 *
 * Real bytes: these functions encode and decode actual octets. Link layers
 * that only need sizes use {@link frameWireLength} / {@link stuffedLength},
 * which count without allocating; the IP-over-PPP line encoder (datagram-codec.ts)
 * frames every datagram through {@link frameWireLength}.
 */

/** Flag Sequence (RFC 1662 §3.1). */
export const PPP_FLAG = 0x7e;
/** Control Escape (RFC 1662 §4.2). */
export const PPP_ESCAPE = 0x7d;
/** An escaped octet is sent as Control Escape then the octet XOR 0x20 (RFC 1662 §4.2). */
export const PPP_ESCAPE_XOR = 0x20;
/** All-Stations address (RFC 1662 §3.1). */
export const PPP_ADDRESS = 0xff;
/** Unnumbered Information control field (RFC 1662 §3.1). */
export const PPP_CONTROL = 0x03;
/** Default ACCM: all 32 control characters escaped (RFC 1662 §7.1). */
export const DEFAULT_ACCM = 0xffffffff;

/** PPP protocol numbers used in this project (RFC 1661 §2, RFC 1332, RFC 1144, RFC 1990). */
export const PppProtocol = {
  IPv4: 0x0021,
  VJ_COMPRESSED: 0x002d,
  VJ_UNCOMPRESSED: 0x002f,
  MULTILINK: 0x003d,
  IPCP: 0x8021,
  LCP: 0xc021,
} as const;

/** Sender-side framing options (what LCP negotiated). */
export interface AsyncFramingOptions {
  /** Transmit ACCM: bit n set ⇒ control character n is escaped. Default 0xffffffff. */
  accm?: number;
  /** Address-and-Control-Field-Compression: omit FF 03. Default false. */
  acfc?: boolean;
  /** Protocol-Field-Compression: 1-byte protocol field for protocols below 0x100. Default false. */
  pfc?: boolean;
  /** Start with a Flag Sequence (false when frames share one flag between them). Default true. */
  openingFlag?: boolean;
}

/**
 * True when octet `b` must be sent escaped under `accm` (RFC 1662 §4.2: 0x7E and 0x7D always,
 * a control character when its ACCM bit is set, §7.1). The one statement of the rule: framing,
 * the GSM line encoder and the content model all ask it.
 */
export function needsEscape(b: number, accm = DEFAULT_ACCM): boolean {
  return b === PPP_FLAG || b === PPP_ESCAPE || (b < 0x20 && ((accm >>> b) & 1) === 1);
}

/** Number of octets of `bytes[start, end)` that must be escaped under `accm`. */
export function escapeCount(bytes: Uint8Array, accm = DEFAULT_ACCM, start = 0, end = bytes.length): number {
  let n = 0;
  for (let i = start; i < end; i++) if (needsEscape(bytes[i], accm)) n++;
  return n;
}

/** Length of `bytes[start, end)` after octet stuffing under `accm` (no flags, no FCS). */
export function stuffedLength(bytes: Uint8Array, accm = DEFAULT_ACCM, start = 0, end = bytes.length): number {
  return end - start + escapeCount(bytes, accm, start, end);
}

interface ResolvedOptions {
  accm: number;
  acfc: boolean;
  pfc: boolean;
  openingFlag: boolean;
}

function resolve(protocol: number, opts: AsyncFramingOptions): ResolvedOptions {
  const lcp = protocol === PppProtocol.LCP;
  return {
    // LCP frames always go with the default ACCM and uncompressed address/control, so that
    // they are recognised before and during (re)negotiation (RFC 1661 §6.6: "MUST NOT be
    // compressed when sending any LCP packet"; dial-up stacks likewise escaped every
    // control character in LCP frames).
    accm: lcp ? DEFAULT_ACCM : (opts.accm ?? DEFAULT_ACCM) >>> 0,
    acfc: lcp ? false : (opts.acfc ?? false),
    // RFC 1661 §6.5: only protocol numbers whose high octet is 0 can be compressed.
    pfc: (opts.pfc ?? false) && protocol < 0x100,
    openingFlag: opts.openingFlag ?? true,
  };
}

/** The unstuffed header (address, control, protocol) for `protocol` under `o`, written into `out`. */
function writeHeader(protocol: number, o: ResolvedOptions, out: Uint8Array): number {
  let n = 0;
  if (!o.acfc) {
    out[n++] = PPP_ADDRESS;
    out[n++] = PPP_CONTROL;
  }
  if (!o.pfc) out[n++] = (protocol >>> 8) & 0xff;
  out[n++] = protocol & 0xff;
  return n;
}

function checkProtocol(protocol: number): void {
  // RFC 1661 §2: the protocol field's low octet is odd and its high octet even.
  if (
    !Number.isInteger(protocol) ||
    protocol < 0 ||
    protocol > 0xffff ||
    (protocol & 1) !== 1 ||
    (protocol & 0x100) !== 0
  ) {
    throw new Error(`invalid PPP protocol number 0x${protocol.toString(16)}`);
  }
}

const headerScratch = new Uint8Array(4);
const fcsScratch = new Uint8Array(2);

/**
 * Exact length on the wire of the frame {@link encodeFrame} would produce
 * (flags, stuffed header, information field and FCS) — computed without allocating.
 * The information field may be given in parts (e.g. a datagram's header and its
 * payload, each in its own buffer); they are framed as one, in order.
 */
export function frameWireLength(
  protocol: number,
  information: Uint8Array | readonly Uint8Array[],
  opts: AsyncFramingOptions = {},
): number {
  checkProtocol(protocol);
  const o = resolve(protocol, opts);
  const h = writeHeader(protocol, o, headerScratch);
  let fcs = fcs16(headerScratch, 0, h);
  let stuffed = stuffedLength(headerScratch, o.accm, 0, h);
  const parts = information instanceof Uint8Array ? [information] : information;
  for (const part of parts) {
    fcs = fcs16(part, 0, part.length, fcs);
    stuffed += stuffedLength(part, o.accm);
  }
  fcs ^= 0xffff;
  fcsScratch[0] = fcs & 0xff;
  fcsScratch[1] = fcs >>> 8;
  return (o.openingFlag ? 1 : 0) + stuffed + stuffedLength(fcsScratch, o.accm) + 1;
}

/**
 * Encode one PPP frame for an asynchronous link (RFC 1662 §3.1, §4.2): the FCS
 * is computed over address, control, protocol and payload (before stuffing),
 * appended low octet first, then every octet of the frame is stuffed; the
 * frame ends with a closing flag (and starts with one if `openingFlag`).
 */
export function encodeFrame(
  protocol: number,
  payload: Uint8Array,
  opts: AsyncFramingOptions = {},
): Uint8Array {
  checkProtocol(protocol);
  const o = resolve(protocol, opts);
  const header = new Uint8Array(4);
  const h = writeHeader(protocol, o, header);
  const fcs = fcs16(payload, 0, payload.length, fcs16(header, 0, h)) ^ 0xffff;
  const tail = new Uint8Array([fcs & 0xff, fcs >>> 8]);
  const len =
    (o.openingFlag ? 1 : 0) +
    stuffedLength(header, o.accm, 0, h) +
    stuffedLength(payload, o.accm) +
    stuffedLength(tail, o.accm) +
    1;
  const out = new Uint8Array(len);
  let n = 0;
  if (o.openingFlag) out[n++] = PPP_FLAG;
  const put = (src: Uint8Array, count: number): void => {
    for (let i = 0; i < count; i++) {
      const b = src[i];
      if (needsEscape(b, o.accm)) {
        out[n++] = PPP_ESCAPE;
        out[n++] = b ^ PPP_ESCAPE_XOR;
      } else out[n++] = b;
    }
  };
  put(header, h);
  put(payload, payload.length);
  put(tail, 2);
  out[n++] = PPP_FLAG;
  return out;
}

/** A frame that passed the FCS check. */
export interface PppFrame {
  readonly ok: true;
  readonly protocol: number;
  readonly payload: Uint8Array;
  /** True when the frame carried the address and control fields. */
  readonly addressControl: boolean;
}

/** Why a frame was rejected (RFC 1662 §4.3 "Invalid Frames"). */
export type PppFrameErrorReason = 'fcs' | 'short' | 'abort' | 'control' | 'protocol' | 'long';

/** A frame that was rejected; `length` is its unstuffed length including the FCS. */
export interface PppFrameError {
  readonly ok: false;
  readonly reason: PppFrameErrorReason;
  readonly length: number;
}

export type DeframeResult = PppFrame | PppFrameError;

/** Receiver-side options. */
export interface AsyncDeframerOptions {
  /**
   * Receive ACCM: a control character flagged here that arrives unescaped is
   * removed before the FCS check — it may have been inserted by equipment on
   * the line (RFC 1662 §4.2). Default 0xffffffff.
   */
  accm?: number;
  /** Longest unstuffed frame accepted (address through FCS). Default 65535. */
  maxFrame?: number;
}

/**
 * Incremental asynchronous deframer: feed it octets as they arrive (any
 * chunking) and it returns the frames completed by each chunk. Unstuffs,
 * drops receive-ACCM characters, checks the FCS (good residue 0xf0b8,
 * RFC 1662 §C.2) and strips address/control (if present) and protocol.
 */
export class AsyncDeframer {
  private buf = new Uint8Array(256);
  private len = 0;
  private escaped = false;
  /** Set by a flag; octets before the first flag are discarded (RFC 1662 §4.1 hunting). */
  private synced = false;
  private fcs = FCS16_INIT;
  private readonly accm: number;
  private readonly maxFrame: number;
  /** Counters. */
  framesOk = 0;
  fcsErrors = 0;
  /** Frames dropped silently (short, aborted, bad control/protocol, too long). */
  invalidFrames = 0;

  constructor(opts: AsyncDeframerOptions = {}) {
    this.accm = (opts.accm ?? DEFAULT_ACCM) >>> 0;
    this.maxFrame = opts.maxFrame ?? 65535;
  }

  /** Feed `bytes[start, end)`; returns the frames (good or bad) that ended in this chunk. */
  push(bytes: Uint8Array, start = 0, end = bytes.length): DeframeResult[] {
    const results: DeframeResult[] = [];
    for (let i = start; i < end; i++) {
      const b = bytes[i];
      if (b === PPP_FLAG) {
        if (this.synced) {
          const r = this.finish();
          if (r) results.push(r);
        }
        this.synced = true;
        this.reset();
        continue;
      }
      if (!this.synced) continue;
      // RFC 1662 §4.2: flagged control characters received unescaped are removed.
      if (b < 0x20 && ((this.accm >>> b) & 1) === 1) continue;
      if (b === PPP_ESCAPE) {
        this.escaped = true;
        continue;
      }
      let v = b;
      if (this.escaped) {
        v = b ^ PPP_ESCAPE_XOR;
        this.escaped = false;
      }
      if (this.len >= this.buf.length) {
        if (this.len >= this.maxFrame + 1) continue; // counted as 'long' at the flag
        const grown = new Uint8Array(this.buf.length * 2);
        grown.set(this.buf);
        this.buf = grown;
      }
      this.buf[this.len++] = v;
      this.fcs = fcs16Byte(this.fcs, v);
    }
    return results;
  }

  private reset(): void {
    this.len = 0;
    this.escaped = false;
    this.fcs = FCS16_INIT;
  }

  private finish(): DeframeResult | null {
    const len = this.len;
    if (len === 0 && !this.escaped) return null; // back-to-back flags: time fill (RFC 1662 §4.4.2)
    const bad = (reason: PppFrameErrorReason): PppFrameError => {
      if (reason === 'fcs') this.fcsErrors++;
      else this.invalidFrames++;
      return { ok: false, reason, length: len };
    };
    // RFC 1662 §4.3: a frame ending in Control Escape + Flag is aborted; frames shorter
    // than 4 octets (16-bit FCS) are discarded, neither counted as FCS errors.
    if (this.escaped) return bad('abort');
    if (len < 4) return bad('short');
    if (len > this.maxFrame) return bad('long');
    if (this.fcs !== FCS16_GOOD) return bad('fcs');
    const buf = this.buf;
    const end = len - 2;
    let p = 0;
    let addressControl = false;
    // RFC 1661 §6.6: with ACFC the frame may start straight with the protocol; 0xFF is
    // never a valid first protocol octet, so its presence means address + control.
    if (buf[0] === PPP_ADDRESS) {
      if (end < 2 || buf[1] !== PPP_CONTROL) return bad('control');
      p = 2;
      addressControl = true;
    }
    if (p >= end) return bad('protocol');
    let protocol = buf[p++];
    // RFC 1661 §6.5: an odd first octet is a compressed (1-octet) protocol field.
    if ((protocol & 1) === 0) {
      if (p >= end) return bad('protocol');
      protocol = (protocol << 8) | buf[p++];
      if ((protocol & 1) !== 1) return bad('protocol');
    }
    this.framesOk++;
    return { ok: true, protocol, payload: buf.slice(p, end), addressControl };
  }
}

/** Decode every complete frame in `bytes` (convenience wrapper around {@link AsyncDeframer}). */
export function decodeFrames(bytes: Uint8Array, opts: AsyncDeframerOptions = {}): DeframeResult[] {
  return new AsyncDeframer(opts).push(bytes);
}
