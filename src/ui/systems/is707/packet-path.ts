import type { PacketPathSpec } from '../../packets/path-spec';

/**
 * The IS-707 path (is707.md): host, wireline to the access point, the one RLP link over the air
 * (20 ms frames, `link.frame` dir 0 forward), the mobile. One lane, the forward frames in its top
 * half and the reverse ones in its bottom half; `channel.state` shades a direction's bad state.
 */
export const IS707_PACKET_PATH: PacketPathSpec = {
  places: { fixed: 'host', base: 'access point', hop: 'RLP link over the air', phone: 'mobile' },
  lanes: ['RLP'],
  dir: { field: 'dir', down: 0 },
  lane: (row) => (row === 0 || row === 1 ? 0 : null),
  bandPlace: (row) => (row === 0 || row === 1 ? { lane: 0, dir: row } : null),
  packet: { kind: 'range', seqField: 'seq' },
  note: 'Shaded: the direction’s channel is in its bad state. NAK and idle frames are drawn as control frames.',
};
