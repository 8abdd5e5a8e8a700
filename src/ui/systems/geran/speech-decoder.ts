/**
 * The GERAN shared slot on the generic link-layer timeline (geran.md "Views": "the speech on/off
 * strips of both directions drawn under [the sequence-number graph] on the same time axis"). It
 * reads `link.frame` (dir, kind, seq, error) as the multiplexer records it (link/geran-mux/link.ts:
 * one record per data block, kind 0, error 1 when `bler` erased it) and `geran.speech` (dir,
 * talking) as the band: a hatched stretch is a talkspurt, when speech owns every block of that
 * direction. Rows are the directions (0 uplink, 1 downlink), as both sources name them.
 */
import { decodeDirKind, type FrameDecoder } from '../../charts/link-decoders';

export const GERAN_SPEECH_DECODER: FrameDecoder = {
  source: 'link.frame',
  fields: ['dir', 'kind'],
  optional: ['error'],
  decode: decodeDirKind(['data']),
  rows: [0, 1],
  rowLabel: (r) => (r === 0 ? 'uplink' : r === 1 ? 'downlink' : `dir ${r}`),
  frameS: 0.02,
  band: {
    source: 'geran.speech',
    field: 'talking',
    rowField: 'dir',
    label: 'talkspurt (speech owns the slot)',
  },
  labels: { error: 'block erased (bler)' },
  categories: ['data'],
};
