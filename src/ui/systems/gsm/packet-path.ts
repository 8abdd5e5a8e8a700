import type { PacketPathSpec } from '../../packets/path-spec';

/**
 * The GSM path (gsm.md): server, the fixed network to the MSC's interworking function, the RLP
 * link over the traffic channel (`link.frame` dir 0 uplink, 1 downlink), the laptop. One lane,
 * downlink frames in its top half, uplink in its bottom half; `channel.state` shades bad states.
 */
export const GSM_PACKET_PATH: PacketPathSpec = {
  places: { fixed: 'server', base: 'MSC / IWF', hop: 'RLP over the traffic channel', phone: 'laptop' },
  lanes: ['RLP'],
  dir: { field: 'dir', down: 1 },
  lane: (row) => (row === 0 || row === 1 ? 0 : null),
  bandPlace: (row) => (row === 0 ? { lane: 0, dir: 1 } : row === 1 ? { lane: 0, dir: 0 } : null),
  packet: { kind: 'range', seqField: 'seq' },
  note: 'Shaded: the direction’s channel is in its bad state. SREJ, REJ, poll and RR frames are drawn as control frames.',
};
