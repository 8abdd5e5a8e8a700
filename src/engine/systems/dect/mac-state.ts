/**
 * The states of a terminal's MAC state machine (dect.md "MAC state machine per terminal"), as
 * numbers for the hot path and as the labels traces and views print.
 */
export const MacState = {
  IDLE_LOCKED: 0,
  CALL_SETUP: 1,
  ACTIVE_LOCKED: 2,
  BEARER_HANDOVER: 3,
  CONNECTION_HANDOVER: 4,
  CONNECTION_MODIFICATION: 5,
  BLOCKED: 6,
  DROPPED: 7,
} as const;
export type MacState = (typeof MacState)[keyof typeof MacState];
export const MAC_STATE_LABELS = [
  'idleLocked',
  'callSetup',
  'activeLocked',
  'bearerHandover',
  'connectionHandover',
  'connectionModification',
  'blocked',
  'dropped',
];
