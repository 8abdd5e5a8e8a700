import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PANEL_IDS, chartsOfPanels, parseOrigin, parsePanels } from '../../src/state/page-view';
import { DEFAULT_CHARTS, decodeViewChecked, encodeView, parseUrl } from '../../src/state/url-codec';

describe('panels=, present= and origin= in the view (issue 24)', () => {
  it('reads a panel list in page order and opens the charts it names', () => {
    const { view, errors, given } = decodeViewChecked('#panels=rto,map,seq');
    expect(errors).toEqual([]);
    expect(given).toEqual(['panels']);
    expect(view.panels).toEqual(['map', 'seq', 'rto']);
    expect(view.charts).toEqual(['seq', 'rto']);
    // The link says the charts: they win.
    expect(decodeViewChecked('#panels=map,seq,rto&charts=seq').view.charts).toEqual(['seq']);
  });

  it('names an unknown panel, what is allowed, and keeps every other item', () => {
    const { view, errors } = decodeViewChecked('#theme=dark&panels=map,graph,seq&present=1');
    expect(view.panels).toBeUndefined();
    expect(view.charts).toEqual(DEFAULT_CHARTS);
    expect(view.theme).toBe('dark');
    expect(view.present).toBe(true);
    expect(errors).toHaveLength(1);
    expect(errors[0].key).toBe('panels');
    expect(errors[0].message).toContain('“graph”: no such panel');
    expect(errors[0].message).toContain(PANEL_IDS.join(', '));
    expect(decodeViewChecked('#panels=').errors[0].message).toMatch(/^expected a comma-separated list/);
  });

  it('present= takes 1 or 0; anything else is named', () => {
    expect(decodeViewChecked('#present=1').view.present).toBe(true);
    expect(decodeViewChecked('#present=0').view.present).toBeUndefined();
    const bad = decodeViewChecked('#present=yes');
    expect(bad.errors.map((e) => [e.key, e.allowed])).toEqual([['present', '1 (presenter mode) or 0']]);
  });

  it('origin= takes an https origin (http only on this machine), nothing with a path or credentials', () => {
    expect(parseOrigin('https://moodle.example.edu')).toBe('https://moodle.example.edu');
    expect(parseOrigin('https://moodle.example.edu/')).toBe('https://moodle.example.edu');
    expect(parseOrigin('https://moodle.example.edu:8443')).toBe('https://moodle.example.edu:8443');
    expect(parseOrigin('http://127.0.0.1:5000')).toBe('http://127.0.0.1:5000');
    expect(parseOrigin('http://localhost:8080')).toBe('http://localhost:8080');
    for (const bad of [
      'http://moodle.example.edu',
      'https://moodle.example.edu/course/3',
      'https://user:pw@moodle.example.edu',
      'https://moodle.example.edu?x=1',
      '*',
      'javascript:alert(1)',
      'moodle.example.edu',
      '',
    ])
      expect(parseOrigin(bad), bad).toBeNull();
    const { view, errors } = decodeViewChecked(`#origin=${encodeURIComponent('https://a.example/x')}`);
    expect(view.origin).toBeUndefined();
    expect(errors[0].key).toBe('origin');
  });

  it('round-trips any panel list, presenter mode and origin; a trimmed link does not repeat its charts', () => {
    fc.assert(
      fc.property(
        fc.subarray([...PANEL_IDS], { minLength: 1 }),
        fc.boolean(),
        fc.constantFrom(null, 'https://course.example.edu', 'http://localhost:8000'),
        (panels, present, origin) => {
          const first = decodeViewChecked(`#panels=${panels.join(',')}`).view;
          const f = encodeView({ ...first, present, origin });
          expect(f).not.toContain('charts=');
          const back = decodeViewChecked(f).view;
          expect(back.panels).toEqual(PANEL_IDS.filter((p) => panels.includes(p)));
          expect(back.charts).toEqual(chartsOfPanels(panels));
          expect(back.present === true).toBe(present);
          expect(back.origin ?? null).toBe(origin);
        },
      ),
    );
  });

  it('parsePanels refuses an empty or unknown list', () => {
    expect(parsePanels('map')).toEqual(['map']);
    expect(parsePanels('')).toBeNull();
    expect(parsePanels('map,,seq')).toBeNull();
    expect(parsePanels('MAP')).toBeNull();
  });

  it('a whole URL: the scenario from the query, the page items from the fragment', () => {
    const r = parseUrl('?system=gsm&duration=5', '#panels=seq,summary&present=1');
    expect(r.scenarioText).toBe('system=gsm&duration=5');
    expect(r.view.panels).toEqual(['seq', 'summary']);
    expect(r.viewErrors).toEqual([]);
  });
});
