import type { PacketPathSpec } from '../../packets/path-spec';

/** Bearers a terminal can hold (engine/systems/dect/params.ts DECT_MAX_BEARERS). */
const BEARERS = 12;

/**
 * The DECT path (dect.md): server, the fixed part, the TCP user's MAC Ip bearers under one DLC LU2
 * connection — one lane per bearer, down packets in its top half, up in its bottom half —, the
 * portable. `dect.bearerState` shades a bearer in its bad Gilbert–Elliott state; a MAC packet
 * given up after its last attempt is marked so; the DLC rows of the link timeline are not lanes.
 */
export const DECT_PACKET_PATH: PacketPathSpec = {
  places: { fixed: 'server', base: 'fixed part (RFP)', hop: 'MAC bearers', phone: 'portable' },
  lanes: Array.from({ length: BEARERS }, (_, i) => `bearer ${i + 1}`),
  dir: { field: 'dir', down: 0 },
  lane: (row) => (row >= 0 && row < BEARERS ? row : null),
  bandPlace: (row) => (row >= 0 && row < BEARERS ? { lane: row, dir: null } : null),
  packet: { kind: 'id', field: 'packet' },
  givenUp: { field: 'kind', value: 2 },
  note: 'Shaded: the bearer is in its bad state. A bearer without frames is not held.',
};
