import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CHART_IDS,
  DEFAULT_VIEW,
  buildUrl,
  decodeView,
  decodeViewChecked,
  encodeQuery,
  encodeView,
  parseUrl,
  type ViewState,
} from '../../src/state/url-codec';
import { parseScenario, serialiseScenario } from '../../src/engine/scenarios';
import { parseActivity } from '../../src/state/activity-schema';
import { encodeActivityToken, encodeExerciseToken } from '../../src/state/exercise-link';
import { parseExercise } from '../../src/state/exercise-schema';
import { NOTE_CHARTS } from '../../src/state/notes';
import { fuzzCount } from '../fuzz-budget';

/** Fragments a run: 2,000 in `npm test`, 10,000 in `npm run test:deep` (tests/fuzz-budget.ts). */
const URL_FUZZ_RUNS = fuzzCount('URL_FUZZ_RUNS', 2_000, 10_000);

/** The key of one `key=value` item, percent-decoded as the codec reads it. */
function safeKey(part: string): string {
  const eq = part.indexOf('=');
  const k = eq < 0 ? part : part.slice(0, eq);
  try {
    return decodeURIComponent(k);
  } catch {
    return k;
  }
}

describe('view fragment codec', () => {
  it('the default view encodes to nothing', () => {
    expect(encodeView(DEFAULT_VIEW)).toBe('');
    expect(decodeView('')).toEqual(DEFAULT_VIEW);
  });

  it('encodes charts, zoom, exercise, preset and theme', () => {
    const v: ViewState = {
      charts: ['rto', 'seq'],
      domain: [10, 52.5],
      exercise: 'is707-max-rto',
      authored: null,
      preset: 'is707-fig5',
      theme: 'dark',
      notes: [],
    };
    const f = encodeView(v);
    expect(f).toBe('charts=seq,rto&zoom=10,52.5&exercise=is707-max-rto&preset=is707-fig5&theme=dark');
    expect(decodeView('#' + f)).toEqual({ ...v, charts: ['seq', 'rto'] });
  });

  it('round-trips any view', () => {
    const view = fc.record({
      charts: fc.subarray([...CHART_IDS]),
      domain: fc.option(
        fc
          .tuple(fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 1, max: 1e6 }))
          .map(([a, w]) => [a / 8, a / 8 + w / 4] as const),
      ),
      exercise: fc.option(fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,20}$/)),
      authored: fc.constant(null),
      preset: fc.option(fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,20}$/)),
      theme: fc.option(fc.constantFrom('light' as const, 'dark' as const)),
      notes: fc.array(
        fc.record({
          chart: fc.constantFrom(...NOTE_CHARTS),
          t: fc.integer({ min: 0, max: 1e7 }).map((x) => x / 16),
          // Any text a teacher may type: & # % + = and non-ASCII included.
          text: fc
            .string({
              unit: fc.constantFrom(
                'a',
                'Z',
                ' ',
                '&',
                '#',
                '%',
                '4',
                '1',
                '+',
                '=',
                ':',
                '@',
                'µ',
                '→',
                '“',
              ),
              minLength: 1,
              maxLength: 80,
            })
            .filter((t) => t.trim() !== '')
            .map((t) => t.trim()),
        }),
        { maxLength: 4 },
      ),
    });
    fc.assert(
      fc.property(view, (v) => {
        const back = decodeView(encodeView(v));
        expect(back.charts).toEqual(CHART_IDS.filter((c) => v.charts.includes(c)));
        expect(back.domain).toEqual(v.domain);
        expect(back.exercise).toBe(v.exercise);
        expect(back.preset).toBe(v.preset);
        expect(back.theme).toBe(v.theme);
        expect(back.notes).toEqual(v.notes);
      }),
    );
  });

  it('ignores malformed items, keeping defaults for them only', () => {
    const v = decodeView('#charts=seq,bogus&zoom=5,1&exercise=<script>&theme=neon&preset=ok-1&x=y&=&&zoom');
    expect(v.charts).toEqual(DEFAULT_VIEW.charts);
    expect(v.domain).toBeNull();
    expect(v.exercise).toBeNull();
    expect(v.theme).toBeNull();
    expect(v.preset).toBe('ok-1');
    expect(decodeView('#charts=none').charts).toEqual([]);
    expect(decodeView('#zoom=%ZZ').domain).toBeNull();
  });

  it('reports each bad item with its key, its value and what is allowed; keeps the valid ones', () => {
    const known = { presets: ['is707-fig5', 'gsm-text'], exercises: ['is707-max-rto'] };
    const { view, errors, given } = decodeViewChecked(
      '#preset=nope&exercise=zzz&charts=bogus&theme=dark&zoom=5,1&x=y&zoom&&',
      known,
    );
    expect(view).toEqual({ ...DEFAULT_VIEW, theme: 'dark' });
    expect(given).toEqual(['theme']);
    expect(errors.map((e) => [e.key, e.value])).toEqual([
      ['preset', 'nope'],
      ['exercise', 'zzz'],
      ['charts', 'bogus'],
      ['zoom', '5,1'],
      ['x', 'y'],
      ['zoom', ''],
    ]);
    const by = (k: string) => errors.find((e) => e.key === k)!;
    expect(by('preset').allowed).toBe('the id of a preset: is707-fig5, gsm-text');
    expect(by('preset').message).toContain('“nope” is not allowed');
    expect(by('exercise').allowed).toContain('is707-max-rto');
    expect(by('charts').allowed).toContain('seq, rto, cwnd, throughput, link, histogram, rtt, tput');
    expect(by('x').message).toContain('charts, zoom, exercise, ex, step, preset, theme');
    expect(errors[5].message).toContain('no value given');
    // Known ids pass; without a list of ids, any well-formed id is accepted.
    expect(decodeViewChecked('#preset=gsm-text&exercise=is707-max-rto', known).errors).toEqual([]);
    expect(decodeViewChecked('#preset=nope').errors).toEqual([]);
    // The bad items are left out of the fragment written back.
    expect(encodeView(view)).toBe('theme=dark');
  });

  it('a plain in-page anchor (#main, the skip link) is not a view and reports nothing', () => {
    expect(parseUrl('', '#main').viewErrors).toEqual([]);
    expect(parseUrl('', '#main').view).toEqual(DEFAULT_VIEW);
    expect(parseUrl('', '#charts=bogus').viewErrors).toHaveLength(1);
  });

  it(`any fragment decodes without throwing; every item is used or reported by its key (${URL_FUZZ_RUNS} runs)`, () => {
    const ex = parseExercise({
      id: 'is707-linked',
      system: 'is707',
      title: 'T',
      task: 'T',
      scenario: 'system=is707&fer=0.3',
      question: 'Q',
      answer: { kind: 'number', truth: { kind: 'summary', path: 'tcp.maxRto' } },
    }).exercise!;
    const token = encodeExerciseToken(ex);
    // A token of an exercise with a bad optional field (kept, reported) and one with a bad required field.
    const withBadHint = encodeExerciseToken({ ...ex, hint: 7 } as unknown as typeof ex);
    const noQuestion = encodeExerciseToken({ ...ex, question: '' });
    const mutate = fc
      .tuple(fc.nat(token.length - 1), fc.constantFrom('A', '_', '-', '0', '%', '&', '='))
      .map(([i, c]) => `ex=${token.slice(0, i)}${c}${token.slice(i + 1)}`);
    // An activity of three steps (issue 23), one with a bad check and one with a bad lock (both
    // named and left out), and the same activity's token mutated.
    const lesson = parseActivity({
      id: 'is707-lesson',
      system: 'is707',
      title: 'L',
      steps: [
        { title: 'A', text: 'a', scenario: 'system=is707&fer=0.3', locks: [{ key: 'fer', reason: 'r' }] },
        { title: 'B', text: 'b', checks: [{ question: 'Q', answer: ex.answer }, { question: 'Q2' }] },
        { title: 'C', text: 'c', locks: [{ key: 'nope', reason: 'r' }] },
      ],
    }).activity!;
    const lessonToken = encodeActivityToken(lesson);
    const mutateLesson = fc
      .tuple(fc.nat(lessonToken.length - 1), fc.constantFrom('A', '_', '-', '0'))
      .map(([i, c]) => `ex=${lessonToken.slice(0, i)}${c}${lessonToken.slice(i + 1)}`);
    const item = fc.oneof(
      fc.constantFrom(
        'charts=seq',
        'charts=x',
        'zoom=1,2',
        'zoom=a',
        'preset=p-1',
        'preset=<b>',
        'theme=neon',
        'exercise=is707-linked',
        'note=rto@12.5:here%20the%20RTO%20doubles%20again',
        'note=seq@3:a%26b%2523',
        'note=histogram@1:x',
        'note=rto@-1:x',
        'note=rto@1:',
        `note=cwnd@1:${'x'.repeat(81)}`,
        'exercise=is707-max-rto',
        `ex=${token}`,
        `ex=${withBadHint}`,
        `ex=${noQuestion}`,
        `ex=${token.slice(0, 30)}`,
        'ex=',
        'ex',
        `ex=${lessonToken}`,
        'exercise=is707-lesson',
        'step=1',
        'step=2',
        'step=3',
        'step=4',
        'step=0',
        'step=x',
        'step',
      ),
      mutate,
      mutateLesson,
      fc.string({ maxLength: 4 }).map((x) => `step=${x}`),
      fc.string({ maxLength: 12 }).map((x) => `ex=${x}`),
      fc.string({ maxLength: 16 }).map((x) => `note=${x}`),
      fc
        .tuple(
          fc.constantFrom('seq', 'rto', 'pie', ''),
          fc.string({ maxLength: 6 }),
          fc.string({ maxLength: 20 }),
        )
        .map(([c, t, x]) => `note=${c}@${t}:${x}`),
      fc.string({ maxLength: 12 }),
    );
    const known = { presets: ['p-1'], exercises: ['is707-max-rto'], steps: { 'is707-max-rto': 1 } };
    fc.assert(
      fc.property(fc.array(item, { maxLength: 6 }), fc.boolean(), (items, withKnown) => {
        const text = items.join('&');
        const { view, errors, given } = decodeViewChecked(text, withKnown ? known : {});
        const keys = (text.startsWith('#') ? text.slice(1) : text)
          .split('&')
          .filter((p) => p !== '')
          .map((p) => safeKey(p));
        // Every item's key is used or named by an error; no error names a key the fragment lacks.
        for (const k of keys)
          expect(given.includes(k as never) || errors.some((e) => e.key === k), k).toBe(true);
        for (const e of errors) expect(keys).toContain(e.key);
        // An exercise id is only accepted when shipped or carried by the same fragment.
        if (withKnown && view.exercise)
          expect([...known.exercises, view.authored?.id]).toContain(view.exercise);
        // A step is one of the open activity's, and only beside one; a bad one names `step`.
        if (view.step !== undefined) {
          expect(view.exercise).not.toBeNull();
          const steps = view.authored?.id === view.exercise ? view.authored.steps.length : withKnown ? 1 : 30;
          expect(view.step).toBeGreaterThan(0);
          expect(view.step).toBeLessThan(steps);
        }
        for (const e of errors.filter((x) => x.key === 'step')) expect(e.message).toMatch(/expected a step/);
        // What is written back decodes to the same view, with nothing to report.
        const again = decodeViewChecked(encodeView(view), withKnown ? known : {});
        expect(again.errors).toEqual([]);
        expect(again.view).toEqual(view);
      }),
      { numRuns: URL_FUZZ_RUNS, seed: 2026 },
    );
  });

  it('notes on charts: each its own item, kept in order; a bad one named under note, the others kept', () => {
    const { view, errors } = decodeViewChecked(
      '#note=rto@12.5:here%20the%20RTO%20doubles%20again&note=pie@1:x&note=seq@3:a%26b%2523%20100%25&note=rto@1:' +
        encodeURIComponent('x'.repeat(81)),
    );
    expect(view.notes).toEqual([
      { chart: 'rto', t: 12.5, text: 'here the RTO doubles again' },
      { chart: 'seq', t: 3, text: 'a&b%23 100%' },
    ]);
    expect(errors.map((e) => [e.key, e.value])).toEqual([
      ['note', 'pie@1:x'],
      ['note', `rto@1:${'x'.repeat(81)}`],
    ]);
    expect(errors[0].allowed).toContain('seq, rto, cwnd, throughput, link');
    expect(encodeView(view)).toBe(
      'note=rto@12.5:here%20the%20RTO%20doubles%20again&note=seq@3:a%26b%2523%20100%25',
    );
  });

  it('an exercise carried by the link: kept with the view, its bad fields named under ex', () => {
    const ex = parseExercise({
      id: 'is707-linked',
      system: 'is707',
      title: 'T',
      task: 'T',
      scenario: 'system=is707',
      question: 'Q',
      answer: { kind: 'number', truth: { kind: 'summary', path: 'tcp.maxRto' } },
    }).exercise!;
    const known = { exercises: ['is707-max-rto'] };
    const ok = decodeViewChecked(`#exercise=is707-linked&ex=${encodeExerciseToken(ex)}&theme=dark`, known);
    expect(ok.errors).toEqual([]);
    expect(ok.view.authored?.exercise).toEqual(ex);
    expect(ok.view.exercise).toBe('is707-linked');
    expect(decodeView(encodeView(ok.view))).toEqual(ok.view);
    // Without the exercise, its id is unknown; the rest of the view is kept.
    const bad = decodeViewChecked(
      `#exercise=is707-linked&ex=${encodeExerciseToken({ ...ex, question: '' })}&theme=dark`,
      known,
    );
    expect(bad.view.theme).toBe('dark');
    expect(bad.view.authored).toBeNull();
    expect(bad.errors.map((e) => [e.key, e.value])).toEqual([
      ['exercise', 'is707-linked'],
      ['ex', 'question'],
    ]);
    expect(bad.errors[1].message).toBe('field “question”: expected a text (at most 2000 characters)');
    const cut = decodeViewChecked('#ex=1abc');
    expect(cut.errors).toHaveLength(1);
    expect(cut.errors[0].key).toBe('ex');
    expect(cut.errors[0].message).toMatch(/cut or changed/);
  });

  it('opens an exercise from a shared fragment', () => {
    expect(decodeView('#exercise=is707-max-rto').exercise).toBe('is707-max-rto');
  });
});

describe('scenario query codec', () => {
  it('puts the canonical scenario (with events) in the query as it is', () => {
    const text = 'fer=0.3&fdt=0.01&events=12.5@fer=0.2;30@msX=140';
    const url = buildUrl('/lab/', text, { ...DEFAULT_VIEW, theme: 'light' });
    expect(url).toBe('/lab/?fer=0.3&fdt=0.01&events=12.5@fer=0.2;30@msX=140#theme=light');
    const back = parseUrl(url.slice(url.indexOf('?'), url.indexOf('#')), url.slice(url.indexOf('#')));
    expect(back.scenarioText).toBe(text);
    expect(back.view.theme).toBe('light');
  });

  it('escapes what may not stand in a query; the parser reads it back', () => {
    expect(encodeQuery('a b#c%d')).toBe('a%20b%23c%25d');
    const text = 'system=is707&fer=0.25&idle=inf&nakRounds=1,2,3&events=1@fer=0.5';
    const { scenario, errors } = parseScenario(parseUrl('?' + encodeQuery(text), '').scenarioText);
    expect(errors).toEqual([]);
    expect(serialiseScenario(scenario)).toBe(serialiseScenario(parseScenario(text).scenario));
  });

  it('leaves percent-encoded links for the parser to decode', () => {
    const { scenarioText } = parseUrl('?fer=0.3&events=1%400fer%3D0.2', '');
    expect(scenarioText).toBe('fer=0.3&events=1%400fer%3D0.2');
  });
});
