import { describe, expect, it } from 'vitest';
import { isReceivingState, isSendingState } from '../../../src/engine/tcp/connection-core';
import { TCP_STATE_NAMES, type TcpStateName } from '../../../src/engine/tcp/types';

/** RFC 793: the states in which our data (and FIN) may be sent or resent… */
const SENDING: ReadonlySet<TcpStateName> = new Set([
  'ESTABLISHED',
  'CLOSE_WAIT',
  'FIN_WAIT_1',
  'CLOSING',
  'LAST_ACK',
]);
/** …and those in which new data from the peer is accepted (its FIN not yet received). */
const RECEIVING: ReadonlySet<TcpStateName> = new Set(['ESTABLISHED', 'FIN_WAIT_1', 'FIN_WAIT_2']);

describe('TCP state classes', () => {
  it('the switches agree with the sets on every state (RFC 793: who may send, who accepts data)', () => {
    expect(TCP_STATE_NAMES.length).toBeGreaterThanOrEqual(11);
    for (const st of TCP_STATE_NAMES) {
      expect(isSendingState(st), st).toBe(SENDING.has(st));
      expect(isReceivingState(st), st).toBe(RECEIVING.has(st));
    }
    expect(TCP_STATE_NAMES.filter(isSendingState)).toEqual([...SENDING].sort(byOrder));
    expect(TCP_STATE_NAMES.filter(isReceivingState)).toEqual([...RECEIVING].sort(byOrder));
  });
});

const byOrder = (a: string, b: string): number =>
  TCP_STATE_NAMES.indexOf(a as never) - TCP_STATE_NAMES.indexOf(b as never);
