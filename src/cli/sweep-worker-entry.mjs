// Entry of a sweep worker thread: worker threads do not inherit tsx's module
// hooks from the parent, so register them here before loading the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./sweep-worker.ts');
