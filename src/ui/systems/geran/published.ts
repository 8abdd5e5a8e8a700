/**
 * The GERAN study's published numbers used by the presets, copied from spec/published-values.json
 * ("geran"): a GERAN Release 5 study contribution on optimised speech + data (OS2).
 */
export const GERAN_PUBLISHED = {
  source: 'GERAN OS2 study contribution: TCP multiplexed with speech',
  /** 32 kbit/s × 1460/1500. */
  maxUserRateKbps: 31.15,
  bytesPerSecond: 3893,
  /** The study's example of a best uninterrupted 5 s stretch with speech, kbit/s (geran.md item 1). */
  bestStretchKbps: 27,
  download65k: {
    sectionAB: 3325,
    sectionBC: 950,
    sectionCD: 2347,
    overall: 1505,
    duration: 28.5,
    efficiency: 0.61,
    retransmissionShare: 0.22,
    stallingShare: 0.17,
  },
  download107k: { singleEfficiency: 0.82, nineteenEfficiency: 0.6, singleRate: 1756.7, nineteenRate: 1292.9 },
  setupLimit: { withSpeech: 4.5, withoutSpeechAtLeast: 8 },
} as const;
