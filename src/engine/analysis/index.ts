/**
 * Trace analysis, one module for every reader (validation items in the CLI, charts, sweeps and
 * exercise checks in the lab): series of trace fields, value at a time, growth per window and
 * goodput, the spread (one definition, see stats.ts) and summary figures by dotted path.
 */
export * from './series';
export * from './stats';
export * from './step';
