export * from './frame';
export * from './entity';
export * from './link';
export * from './driver';
