export * from './frame';
export * from './sender';
export * from './receiver';
export * from './entity';
export * from './link';
