import { TcpFlag, type TcpSegment } from '../core/packet';
import type { TcpStateName } from './types';

/**
 * States in which our data (and FIN) may be sent or resent. A switch: asked for every segment
 * polled and every timer, where a lookup in a set of strings costs a hash probe and a switch
 * compares the (interned) names directly.
 */
export function isSendingState(st: TcpStateName): boolean {
  switch (st) {
    case 'ESTABLISHED':
    case 'CLOSE_WAIT':
    case 'FIN_WAIT_1':
    case 'CLOSING':
    case 'LAST_ACK':
      return true;
    default:
      return false;
  }
}

/** States in which new data from the peer is accepted (its FIN not yet received); see {@link isSendingState}. */
export function isReceivingState(st: TcpStateName): boolean {
  switch (st) {
    case 'ESTABLISHED':
    case 'FIN_WAIT_1':
    case 'FIN_WAIT_2':
      return true;
    default:
      return false;
  }
}

/**
 * The RST that answers `seg` (RFC 793 §3.4, Reset Generation): if it had an
 * ACK, <SEQ = SEG.ACK><CTL = RST>; else <SEQ = 0><ACK = SEG.SEQ + SEG.LEN
 * (+1 for SYN, +1 for FIN)><CTL = RST, ACK>. Never sent in answer to a RST.
 */
export function resetFor(seg: TcpSegment): TcpSegment {
  const hasAck = (seg.flags & TcpFlag.ACK) !== 0;
  const span = seg.len + (seg.flags & TcpFlag.SYN ? 1 : 0) + (seg.flags & TcpFlag.FIN ? 1 : 0);
  return {
    srcPort: seg.dstPort,
    dstPort: seg.srcPort,
    seq: hasAck ? seg.ack : 0,
    ack: hasAck ? 0 : seg.seq + span,
    flags: hasAck ? TcpFlag.RST : TcpFlag.RST | TcpFlag.ACK,
    wnd: 0,
    len: 0,
    retransmit: false,
    opt: null,
    ledger: null,
    copy: 0,
  };
}
