/**
 * The GSM study's published numbers used by the presets, copied from spec/published-values.json
 * ("gsm"): Wierlemann and Kassing (DeTeMobil), "Performance of TCP/IP and its application
 * protocols over narrowband bearers with high latency". kbyte = 1024 bytes.
 */
export const GSM_PUBLISHED = {
  source:
    'Wierlemann, Kassing: Performance of TCP/IP and its application protocols over narrowband bearers with high latency',
  ftp: { ascii: 0.91, text: 0.89, binary: 0.81, binaryFixedLine: 0.82, mtu: 808 },
  efficiencyRange: [0.75, 0.9],
  completedTransfers: 0.97,
  rtt: 0.92,
  transactionsPerSecond: 0.14,
  /** gsm.md: a faithful model of these stacks lands near 0.2/s; the floor is ≈ 2.9 s per transaction. */
  modelTransactionsPerSecond: 0.2,
  fileSizesKB: [100, 300, 500, 700, 900, 1800],
} as const;
