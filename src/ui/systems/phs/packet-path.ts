import type { PacketPathSpec } from '../../packets/path-spec';

/** The six PIAFS links of the study's set-up (engine/systems/phs/radio.ts PHS_LINKS). */
const PHS_LINK_COUNT = 6;

/**
 * The PHS path (phs.md): server, the control terminal's PPP Multilink bundle, six PIAFS links over
 * the air — one lane each, the frames the MS received (downlink, `piafs.monitor` side 0) in its top
 * half and those the BS received in its bottom half —, the client. `channel.state` (link, dir)
 * shades a link direction's CRC-error period; a released link has no frames.
 */
export const PHS_PACKET_PATH: PacketPathSpec = {
  places: { fixed: 'server', base: 'control terminal', hop: 'six PIAFS links', phone: 'client' },
  lanes: Array.from({ length: PHS_LINK_COUNT }, (_, i) => `link ${i + 1}`),
  dir: { field: 'side', down: 0 },
  lane: (row) => (row >= 0 && row < 2 * PHS_LINK_COUNT ? Math.floor(row / 2) : null),
  bandPlace: (row) =>
    row >= 0 && row < 2 * PHS_LINK_COUNT ? { lane: Math.floor(row / 2), dir: row % 2 === 0 ? 0 : 1 } : null,
  packet: { kind: 'range', seqField: 'frame', linkField: 'link' },
  note: 'Shaded: a CRC-error period of that link and direction. Idle frames are drawn as control frames.',
};
