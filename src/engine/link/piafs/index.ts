/** PIAFS, the 64 kbit/s PHS data link (phs.md): frames, one end's ARQ, a whole link, the monitor. */
export * from './frame';
export * from './entity';
export * from './link';
export * from './monitor';
