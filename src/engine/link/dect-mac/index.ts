/** DECT MAC in protected Ip mode (dect.md): packets, one bearer end, the subfield channel, a duplex bearer, the bearers' radio. */
export * from './packet';
export * from './entity';
export * from './channel';
export * from './bearer';
export * from './radio';
