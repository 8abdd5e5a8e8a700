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
  /**
   * dect.md at the reference (moderate) load: about 6 bearers (5.7–6.7), TH_teo ≈ 28–33
   * segments/s (the study's "slightly more than 30"). The failed-handover fraction is whatever that
   * load gives: reported, no longer a target (no study value).
   */
  meanBearers: { about: 6 },
  meanBearersRange: { from: 5.7, to: 6.7 },
  thTeoSpec: '28–33',
  /**
   * TH / TH_teo above capacity: the study's, and a faithful model's, never above MAC Ip's own
   * efficiency (dect.md must-reproduce 2).
   */
  level: { reference: { from: 0.76, to: 0.8 }, doubleBer: 0.68, highLoad: 0.83, faithful: '85–91 %' },
  /** dect.md: the reference load holds at most 90 of an RFP's 120 channels, a few per cent of background calls blocked. */
  moderateLoad: { channelsHeld: 90, channelsPerRfp: 120 },
  delay: { fracOver10sAtLambda20: 0.12, batchFracOver25s: 0.2 },
  /** Subfield error rates, Good and Bad, and with the BER raised tenfold. */
  ser: { good: 0.0135, bad: 0.2137, good10x: 0.127, bad10x: 0.913 },
  tcpTimeouts: 0,
} as const;
