// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { decodeViewChecked, DEFAULT_VIEW } from '../../../src/state/url-codec';
import { embedCode, embedUrl, hostingProblem } from '../../../src/ui/page/embed-code';
import { stepMoveFor } from '../../../src/ui/page/present-keys';

const input = {
  labHref: 'https://lab.example.org/tcp/?system=gsm&duration=60#theme=dark',
  scenarioText: 'system=gsm&duration=60',
  view: { ...DEFAULT_VIEW, theme: 'dark' as const, present: true, exercise: 'gsm-x' },
  panels: ['rto', 'map', 'seq'] as const,
  courseOrigin: 'https://moodle.example.edu',
  width: 960,
  height: 720,
};

describe('Make an embed code (issue 24)', () => {
  it('the embed page beside the lab, the scenario in the query, the panels and origin in the fragment', () => {
    const url = new URL(embedUrl(input));
    expect(url.origin + url.pathname).toBe('https://lab.example.org/tcp/embed.html');
    expect(url.search).toBe('?system=gsm&duration=60');
    const { view, errors } = decodeViewChecked(url.hash, { exercises: ['gsm-x'] });
    expect(errors).toEqual([]);
    expect(view.panels).toEqual(['map', 'seq', 'rto']);
    expect(view.charts).toEqual(['seq', 'rto']);
    expect(view.origin).toBe('https://moodle.example.edu');
    expect(view.theme).toBe('dark');
    expect(view.exercise).toBe('gsm-x');
    // An embed is never in presenter mode by its code (the teacher's own screen is).
    expect(view.present).toBeUndefined();
  });

  it('an iframe with the link escaped for its attribute, a title and a size', () => {
    const code = embedCode(input);
    expect(code).toMatch(
      /^<iframe src="https:\/\/lab\.example\.org\/tcp\/embed\.html\?system=gsm&amp;duration=60#/,
    );
    expect(code).toContain('title="Wireless TCP Lab"');
    expect(code).toContain('width="960" height="720"');
    expect(code).not.toMatch(/src="[^"]*&(?!amp;)/);
  });

  it('warns when an https course page would frame an http lab', () => {
    expect(hostingProblem('http://10.0.0.5:4173/', 'https://moodle.example.edu')).toContain(
      'a course page on https can frame only an https lab',
    );
    expect(hostingProblem('https://lab.example.org/', 'https://moodle.example.edu')).toBeNull();
    expect(hostingProblem('http://127.0.0.1:4173/', null)).toBeNull();
  });
});

describe('presenter mode keys', () => {
  const none = { alt: false, ctrl: false, meta: false, shift: false };
  it('Page Down / → next, Page Up / ← previous; not in a field, a chart, or with a modifier', () => {
    const doc = document.implementation.createHTMLDocument('');
    doc.body.innerHTML =
      '<main><h3 id="t">Step</h3><input id="i"><div class="chart-host"><svg id="s"></svg></div></main>';
    const at = (id: string) => doc.getElementById(id);
    expect(stepMoveFor('PageDown', none, at('t'))).toBe('next');
    expect(stepMoveFor('ArrowRight', none, doc.body)).toBe('next');
    expect(stepMoveFor('PageUp', none, null)).toBe('previous');
    expect(stepMoveFor('ArrowLeft', none, at('t'))).toBe('previous');
    expect(stepMoveFor('PageDown', none, at('i'))).toBeNull();
    expect(stepMoveFor('ArrowRight', none, at('s'))).toBeNull();
    expect(stepMoveFor('PageDown', { ...none, alt: true }, at('t'))).toBeNull();
    expect(stepMoveFor('Enter', none, at('t'))).toBeNull();
  });
});
