/**
 * The PHS system's pieces of the lab, for the shell to plug in: presets (Tables 1–2,
 * Figures 2–7), the link toggles' events, and the PIAFS monitor panel.
 */
export { PHS_PRESETS } from './presets';
export { PHS_PUBLISHED } from './published';
export { phsLinkToggle } from './link-toggle';
export { PiafsMonitorPanel, PiafsMonitorTable } from './PiafsMonitor';
export { monitorRows, monitorPatterns, cellText, type MonitorRow, type MonitorCell } from './monitor-rows';
