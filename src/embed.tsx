/**
 * The embed page's entry (embed.html, issue 24): as main.tsx, for the lab a course page frames —
 * no header, only the panels its link names (`#panels=`), reporting an activity's results to the
 * course page its link names (`#origin=`). The server lets any page frame this one (its CSP's
 * `frame-ancestors`, scripts/serve.mjs) and no other.
 */
import { showLoadFailure } from './ui/load-failure';
import { spawnEarly } from './worker/client';
import './ui/app.css';

const spawn = spawnEarly();
import('./boot').then(
  (m) => m.boot(spawn, { embed: true }),
  (err: unknown) => showLoadFailure(document.getElementById('root'), err),
);
