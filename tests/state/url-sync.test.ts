import { afterEach, describe, expect, it } from 'vitest';
import { bindUrl } from '../../src/state/url-sync';
import { harness, settle, type Harness } from './harness';

let h: Harness;
afterEach(() => h?.close());

describe('URL sync', () => {
  it('writes the canonical scenario to the query and the view to the fragment, once per frame', async () => {
    h = harness();
    const urls: string[] = [];
    const frames: (() => void)[] = [];
    bindUrl(h.store, { pathname: '/' }, { replaceState: (_d, _u, url) => urls.push(String(url)) }, (cb) =>
      frames.push(cb),
    );
    const p = h.store.getState().load('system=is707&fer=0.3');
    await settle(h);
    await p;
    await settle(h);
    h.store.getState().setView({ exercise: 'is707-max-rto' });
    h.store.getState().setTheme('dark');
    expect(frames.length).toBe(1);
    frames.splice(0).forEach((f) => f());
    expect(urls).toEqual(['/?system=is707&fer=0.3#exercise=is707-max-rto&theme=dark']);
  });
});

describe('URL sync with an adjusted view', () => {
  it('writes the view the page gives for the link (e.g. without a preset that no longer applies)', async () => {
    h = harness();
    const urls: string[] = [];
    const frames: (() => void)[] = [];
    bindUrl(
      h.store,
      { pathname: '/' },
      { replaceState: (_d, _u, url) => urls.push(String(url)) },
      (cb) => frames.push(cb),
      (s) => ({ ...s.view, preset: s.text.includes('idle=inf') ? null : s.view.preset }),
    );
    h.store.getState().setView({ preset: 'is707-fig5' });
    const p = h.store.getState().load('system=is707&idle=inf');
    await settle(h);
    await p;
    await settle(h);
    frames.splice(0).forEach((f) => f());
    expect(urls).toEqual(['/?system=is707&idle=inf']);
  });
});
