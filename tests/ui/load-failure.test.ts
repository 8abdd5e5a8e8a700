// @vitest-environment jsdom
/**
 * The page's code failing to load after the entry (src/main.tsx → import('./boot')) is said on the
 * page, with the reason and a way out, instead of a blank page (review finding, issue 13's split).
 */
import { describe, expect, it } from 'vitest';
import { showLoadFailure } from '../../src/ui/load-failure';

describe('a page whose code did not arrive', () => {
  it('says so in the root, with the reason and a reload button', () => {
    const root = document.createElement('div');
    root.innerHTML = '<p>Loading</p>';
    document.body.append(root);
    showLoadFailure(root, new TypeError('Failed to fetch dynamically imported module: /assets/boot-x.js'));
    const alert = root.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain('could not load');
    expect(alert?.textContent).toContain('Failed to fetch dynamically imported module');
    expect(root.querySelector('button')?.textContent).toBe('Reload');
    expect(root.textContent).not.toContain('Loading');
    root.remove();
  });
});
