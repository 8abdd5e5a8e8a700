/**
 * What the page shows when its own code cannot be loaded after the entry (a chunk missing after a
 * redeploy, the network gone): main.tsx loads the rest of the page with import(), and a failed
 * import would otherwise leave a blank page with nothing said (ui.md: every error is said on the
 * page). Plain DOM: React is in the code that failed to arrive.
 */
export function showLoadFailure(root: HTMLElement | null, err: unknown): void {
  const host = root ?? document.body;
  const box = document.createElement('div');
  box.className = 'panel';
  box.setAttribute('role', 'alert');
  box.dataset.testid = 'load-failure';
  const title = document.createElement('h1');
  title.textContent = 'Wireless TCP Lab could not load';
  const why = document.createElement('p');
  why.textContent = `Part of the page's code did not arrive (${err instanceof Error ? err.message : String(err)}). Reload the page; your scenario is in the address, so nothing is lost.`;
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.textContent = 'Reload';
  reload.addEventListener('click', () => location.reload());
  box.append(title, why, reload);
  host.replaceChildren(box);
}
