/**
 * The PHS study's published numbers used by the presets, copied from
 * spec/published-values.json ("phs"): Kojima, Kamio and Fujise, "Analysis of TCP/IP
 * communication using 384kbit/s-PHS experimental system". Throughputs in kbit/s (1000 bit),
 * times in seconds, field strengths in dBµV.
 */
export const PHS_PUBLISHED = {
  source: 'Kojima, Kamio, Fujise: Analysis of TCP/IP communication using 384kbit/s-PHS experimental system',
  /** Table 1, indoor: mean of 3 runs (the low 10 m Get and 31.6 m Put came from people walking through the path). */
  table1: [
    { distance: 10, getTime: 40.75, getKbps: 186.37, putTime: 27.11, putKbps: 295.17, field: 67.3 },
    { distance: 20, getTime: 26.97, getKbps: 296.67, putTime: 27.68, putKbps: 289.6, field: 65.8 },
    { distance: 26.4, getTime: 27.96, getKbps: 286.29, putTime: 26.99, putKbps: 296.43, field: 60.4 },
    { distance: 31.6, getTime: 29.6, getKbps: 268.21, putTime: 42.59, putKbps: 189.84, field: 58.2 },
  ],
  /** Table 2: one of six links released about 5 s into the transfer (three runs), static 5 and 6 links. */
  table2: {
    get: { runs: [239.52, 178.08, 198.16], avg5: 245.65, avg6: 291.09 },
    put: { runs: [188.48, 159.2, 206.96], avg5: 176.77, avg6: 186.64 },
  },
  rttNormal: 0.15,
  crcBurstCausingRto: 0.37,
  outdoor: {
    noCrcErrorsAbove: 40,
    largeLossIfAnyUnitBelow: 35,
    noSetupBelow: 30,
    getKbpsAbove40: 300,
    kbpsBelow40Under: 250,
  },
} as const;
