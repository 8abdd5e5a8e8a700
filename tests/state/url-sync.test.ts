import { afterEach, describe, expect, it } from 'vitest';
import { bindUrl } from '../../src/state/url-sync';
import { harness, loadIn, settle, type Harness } from './harness';

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
    await loadIn(h, 'system=is707&fer=0.3');
    // The page's own entry at once, when its first scenario is loaded (the test below says why).
    expect(urls).toEqual(['/?system=is707&fer=0.3']);
    frames.splice(0).forEach((f) => f());
    h.store.getState().setView({ exercise: 'is707-max-rto' });
    h.store.getState().setTheme('dark');
    expect(frames.length).toBe(1);
    frames.splice(0).forEach((f) => f());
    expect(urls).toEqual([
      '/?system=is707&fer=0.3',
      '/?system=is707&fer=0.3#exercise=is707-max-rto&theme=dark',
    ]);
  });
});

/** The browser's address, opened at `href`: each replaceState is listed in `urls` and changes it. */
function browserAddress(href: string) {
  const address = { pathname: '/', href };
  const urls: string[] = [];
  const history = {
    replaceState(_d: unknown, _u: string, url?: string | URL | null) {
      urls.push(String(url));
      address.href = `http://lab${String(url)}`;
    },
  };
  return { address, urls, history };
}

describe('URL sync and an address set by someone else', () => {
  it('a fragment typed by hand is not written over before its hashchange applies it', async () => {
    h = harness();
    // The browser's address: the lab's writes and the person's typing both change it.
    const { address, urls, history } = browserAddress('http://lab/');
    const frames: (() => void)[] = [];
    const url = bindUrl(h.store, address, history, (cb) => frames.push(cb));
    await loadIn(h, 'system=is707&fer=0.3');
    expect(urls).toEqual(['/?system=is707&fer=0.3']);
    frames.splice(0).forEach((f) => f());
    // A change in the page schedules a write; before its frame the person pastes another fragment.
    h.store.getState().setTheme('dark');
    expect(frames.length).toBe(1);
    address.href = 'http://lab/?system=is707&fer=0.3#exercise=is707-max-rto';
    frames.splice(0).forEach((f) => f());
    expect(urls).toHaveLength(1);
    expect(address.href).toBe('http://lab/?system=is707&fer=0.3#exercise=is707-max-rto');
    // Its hashchange applies it (the page's handler, as boot.tsx): the lab writes again from then on.
    await url.restore(async () => {
      h.store.getState().setView({ exercise: 'is707-max-rto' });
    });
    frames.splice(0).forEach((f) => f());
    expect(urls.at(-1)).toBe('/?system=is707&fer=0.3#exercise=is707-max-rto&theme=dark');
    h.store.getState().setTheme('light');
    frames.splice(0).forEach((f) => f());
    expect(urls.at(-1)).toBe('/?system=is707&fer=0.3#exercise=is707-max-rto&theme=light');
  });
});

describe('URL sync and a fragment pasted while the first scenario loads', () => {
  it("the page's first write leaves it for its hashchange, which writes it", async () => {
    h = harness();
    const { address, urls, history } = browserAddress('http://lab/?system=is707#exercise=a');
    const frames: (() => void)[] = [];
    const url = bindUrl(h.store, address, history, (cb) => frames.push(cb));
    h.store.getState().setView({ exercise: 'is707-max-rto' });
    // The first link's scenario is still loading when the second link's fragment is pasted.
    const loading = loadIn(h, 'system=is707&fer=0.3');
    address.href = 'http://lab/?system=is707#exercise=is707-fig5';
    await loading;
    frames.splice(0).forEach((f) => f());
    expect(urls).toEqual([]);
    expect(address.href).toBe('http://lab/?system=is707#exercise=is707-fig5');
    await url.restore(async () => {
      h.store.getState().setView({ exercise: 'is707-fig5' });
      history.replaceState(null, '', '/?system=is707&fer=0.3#exercise=is707-fig5');
    });
    h.store.getState().setTheme('dark');
    frames.splice(0).forEach((f) => f());
    expect(urls.at(-1)).toBe('/?system=is707&fer=0.3#exercise=is707-fig5&theme=dark');
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
    await loadIn(h, 'system=is707&idle=inf');
    frames.splice(0).forEach((f) => f());
    expect(urls).toEqual(['/?system=is707&idle=inf']);
  });
});

describe('URL history (issue 20 item 27)', () => {
  /** A history that keeps its entries, as the browser's does. */
  function fakeHistory() {
    const entries: string[] = [];
    let index = -1;
    return {
      entries,
      at: () => entries[index],
      back() {
        index--;
      },
      replaceState(_d: unknown, _u: string, url?: string | URL | null) {
        if (index < 0) index = 0;
        entries[index] = String(url);
      },
      pushState(_d: unknown, _u: string, url?: string | URL | null) {
        entries.splice(++index, Infinity, String(url));
      },
    };
  }

  it('a loaded scenario, another system or preset is an entry; edits and the view replace it', async () => {
    h = harness();
    const hist = fakeHistory();
    const frames: (() => void)[] = [];
    const url = bindUrl(h.store, { pathname: '/' }, hist, (cb) => frames.push(cb));
    const flush = async () => {
      await settle(h);
      for (let i = 0; i < 3; i++) frames.splice(0).forEach((f) => f());
    };
    const load = async (text: string) => {
      const p = h.store.getState().load(text);
      await flush();
      await p;
      await flush();
    };
    await load('system=is707&fer=0.3');
    // The page's own entry is replaced, not pushed.
    expect(hist.entries).toEqual(['/?system=is707&fer=0.3']);
    await load('system=is707&fer=0.1');
    h.store.getState().setView({ preset: 'is707-fig5' });
    await load('system=is707&fer=0.3&fdt=0.01');
    // An edit, a change of charts: the same entry.
    await h.store.getState().change('idle', 'inf');
    h.store.getState().toggleChart('rto');
    await flush();
    expect(hist.entries).toEqual([
      '/?system=is707&fer=0.3',
      '/?system=is707',
      expect.stringMatching(/^\/\?system=is707&fer=0\.3&fdt=0\.01&idle=inf#.*preset=is707-fig5/),
    ]);
    // Restoring an entry (Back) writes none of its own.
    hist.back();
    const restored = url.restore(async () => {
      h.store.getState().setView({ preset: null });
      await h.store.getState().load('system=is707&fer=0.1');
    });
    let done = false;
    void restored.then(() => (done = true));
    for (let i = 0; i < 20 && !done; i++) await flush();
    await restored;
    await flush();
    expect(hist.entries).toHaveLength(3);
    // The restored entry holds the restored scenario (the view is what this test left).
    expect(hist.at()).toMatch(/^\/\?system=is707(#|$)/);
    // A new place after that is pushed after the restored entry (the forward ones go, as in a browser).
    await load('system=is707&fer=0.2');
    expect(hist.entries).toEqual([
      '/?system=is707&fer=0.3',
      expect.stringMatching(/^\/\?system=is707(#|$)/),
      expect.stringMatching(/^\/\?system=is707&fer=0\.2(#|$)/),
    ]);
  });

  it('the page’s entry is kept when another place is picked before the first frame after its load', async () => {
    h = harness();
    const hist = fakeHistory();
    const frames: (() => void)[] = [];
    bindUrl(h.store, { pathname: '/' }, hist, (cb) => frames.push(cb));
    // No frame runs between the first load and the next: a loaded machine, a quick student.
    await loadIn(h, 'system=is707&fer=0.3');
    await loadIn(h, 'system=gsm');
    for (let i = 0; i < 3; i++) frames.splice(0).forEach((f) => f());
    expect(hist.entries).toEqual(['/?system=is707&fer=0.3', '/?system=gsm']);
  });
});
