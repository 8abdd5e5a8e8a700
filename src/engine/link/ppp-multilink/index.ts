/** PPP Multilink (RFC 1990): fragment format, sender (split and distribute), receiver (reassemble). */
export * from './fragment';
export * from './sender';
export * from './receiver';
