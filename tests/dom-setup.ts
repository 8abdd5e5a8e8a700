/**
 * Runs before each file of the `jsdom` project (vitest.config.ts). Its files share one document
 * per worker (no per-file isolation: a fresh jsdom and React for each of them cost more CPU than
 * all their tests), so each file leaves the page as a fresh one would be: an empty body, empty
 * storage and the address it started with.
 */
import { afterAll } from 'vitest';

const start = window.location.href;

afterAll(() => {
  document.body.replaceChildren();
  window.localStorage.clear();
  window.sessionStorage.clear();
  if (window.location.href !== start) window.history.replaceState(null, '', start);
});
