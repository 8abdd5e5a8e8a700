/** PPP Multilink (RFC 1990): fragment format, sender (split and distribute), receiver (reassemble), an end as a link service. */
export * from './fragment';
export * from './sender';
export * from './receiver';
export * from './end';
