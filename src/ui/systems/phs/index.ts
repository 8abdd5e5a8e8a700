/**
 * The PHS system's pieces of the lab, for the shell to plug in: presets (Tables 1–2,
 * Figures 2–7) and the PIAFS monitor panel. The link toggles need nothing here: each link has
 * its own live key `link<n>` (phs-params.ts), which the shell's toggles send.
 */
export { PHS_PRESETS } from './presets';
export { PHS_PUBLISHED } from './published';
export { PiafsMonitorPanel, PiafsMonitorTable } from './PiafsMonitor';
export { monitorRows, monitorPatterns, cellText, type MonitorRow, type MonitorCell } from './monitor-rows';
