/**
 * The page's entry, kept small (issue 13): it starts the simulation worker at once, so that the
 * worker's script downloads and compiles while the page's own code (boot.tsx: the store, the URL,
 * React) is still arriving, then loads that code. The engine the store asks for first is this one.
 */
import { showLoadFailure } from './ui/load-failure';
import { spawnEarly } from './worker/client';
import './ui/app.css';

const spawn = spawnEarly();
import('./boot').then(
  (m) => m.boot(spawn),
  (err: unknown) => showLoadFailure(document.getElementById('root'), err),
);
