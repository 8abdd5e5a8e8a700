/**
 * The IS-707 study's published numbers used by the presets, copied from
 * spec/published-values.json ("is707"). The study's figures are curves without
 * printed values; its claims are qualitative (is707.md "Must reproduce").
 */
export const IS707_PUBLISHED = {
  source: "Bai, Ogielski, Wu: TCP over IS-707 (PIMRC'99)",
  frame: { payloadBytes: 19, periodS: 0.02, netBps: 7600, rawBps: 9600 },
  mss: 536,
  ack: 40,
  wireline: { bps: 1.5e6, delayS: 0.2 },
  rtoMax: 64,
  goodputBound: '1 - Pe',
  fdtCases: [0.01, 0.1, 1.0],
  highLossCase: { pe: 0.3 },
  idleFramesKnee: 5,
  maxSegmentsPer10s: 17,
  histogramWindows: [10, 100, 1000],
  histogramIntervals: 10000,
  /** Goodput ceiling: 536 / 584 of the 7600 bit/s (PPP framing, is707.md "Stack"). */
  ceiling: 536 / 584,
} as const;
