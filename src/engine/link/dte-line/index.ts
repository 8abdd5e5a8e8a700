/**
 * The DTE side of the GSM data bearer (gsm.md §Topology): the asynchronous serial line between
 * the laptop and the phone, and the relay buffers that pass a byte stream from one link layer
 * to the next (phone, IWF).
 */
export * from './serial-line';
export * from './range-queue';
