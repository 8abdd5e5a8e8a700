/** DECT DLC LU2 (dect.md): fragments, one end's sender and receiver, the `dect.dlc` trace. */
export * from './fragment';
export * from './sender';
export * from './receiver';
export * from './entity';
export * from './trace';
