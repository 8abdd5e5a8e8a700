/**
 * The DECT study's published numbers used by the presets, copied from spec/published-values.json
 * ("dect"): Baiocchi, Cautelier, Di Benedetto, Poscetti, Simeoni, "Performance of TCP/IP data
 * transfer over the DECT radio interface"; dect.md's own figures where it restates them.
 */
export const DECT_PUBLISHED = {
  macPacketsPerSegment: 20,
  segmentsPerSecondPerBearer: 5,
  /** Ten full-slot bearers: segments/s and kbit/s of user data. */
  nominal10Bearers: { segmentsPerSecond: 50, kbitPerSecond: 204.8 },
  /** The reference case: TH_teo and the level TH reaches, segments/s. */
  reference: { thTeo: 30, thLimit: 25 },
  /** dect.md: ≈ 6.4 bearers, TH_teo ≈ 31–33 segments/s, 30–50 % of bearer handovers failing. */
  meanBearers: 6.4,
  thTeoSpec: '31–33',
  handoverFail: { from: 0.3, to: 0.5 },
  /** TH / TH_teo above capacity. */
  level: { reference: { from: 0.76, to: 0.8 }, doubleBer: 0.68, highLoad: 0.83, faithful: '85–90 %' },
  delay: { fracOver10sAtLambda20: 0.12, batchFracOver25s: 0.2 },
  /** Subfield error rates, Good and Bad, and with the BER raised tenfold. */
  ser: { good: 0.0135, bad: 0.2137, good10x: 0.127, bad10x: 0.913 },
  tcpTimeouts: 0,
} as const;
