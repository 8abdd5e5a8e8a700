import type { PacketPathSpec } from '../../packets/path-spec';

/**
 * The GERAN path (geran.md): server, the base station subsystem, the one timeslot the data shares
 * with speech (`link.frame` dir 0 up, 1 down, one record per data block) — one lane, downlink
 * blocks in its top half, uplink in its bottom half —, the mobile. `geran.speech` shades a
 * direction's talkspurt, when speech owns every block of it and data waits.
 */
export const GERAN_PACKET_PATH: PacketPathSpec = {
  places: { fixed: 'server', base: 'base station', hop: 'slot shared with speech', phone: 'mobile' },
  lanes: ['slot'],
  dir: { field: 'dir', down: 1 },
  lane: (row) => (row === 0 || row === 1 ? 0 : null),
  bandPlace: (row) => (row === 0 ? { lane: 0, dir: 1 } : row === 1 ? { lane: 0, dir: 0 } : null),
  packet: { kind: 'range', seqField: 'seq' },
  note: 'Shaded: a talkspurt — speech owns the slot in that direction and the data waits.',
};
