import { describe, expect, it } from 'vitest';
import {
  describeAllowed,
  formatNumber,
  formatValue,
  isValidValue,
  parseValue,
  readNumber,
} from '../../../src/engine/scenario/values';
import type { ParamSpec, ParamValue } from '../../../src/engine/scenario/types';
import { IS707_PARAMS } from '../../../src/engine/systems/is707/params';
import { spec } from './test-schema';
import { MAX_SCENARIO_SECONDS } from '../../../src/engine/scenario/numbers';
import { EVENT_T_MAX } from '../../../src/engine/scenario/events';
import { DURATION_MAX } from '../../../src/engine/systems/common-params';

const is707 = (key: string): ParamSpec => spec(key, IS707_PARAMS);

/** Parse, expect success, and check the canonical text. */
function roundTrip(s: ParamSpec, raw: string, value: ParamValue, canonical = raw): void {
  const r = parseValue(s, raw);
  expect(r).toEqual({ ok: true, value });
  if (!r.ok) return;
  expect(formatValue(s, r.value)).toBe(canonical);
  expect(parseValue(s, canonical)).toEqual({ ok: true, value });
  expect(isValidValue(s, r.value)).toBe(true);
}

function refused(s: ParamSpec, raw: string): string {
  const r = parseValue(s, raw);
  expect(r.ok).toBe(false);
  return r.ok ? '' : r.message;
}

describe('numbers', () => {
  it('reads decimal and exponent forms, and nothing else', () => {
    expect(readNumber('0.1')).toBe(0.1);
    expect(readNumber('.5')).toBe(0.5);
    expect(readNumber('5.')).toBe(5);
    expect(readNumber('1.5e6')).toBe(1.5e6);
    expect(readNumber('1E-3')).toBe(0.001);
    expect(readNumber('1e+21')).toBe(1e21);
    expect(readNumber('-0')).toBe(0);
    expect(Object.is(readNumber('-0'), 0)).toBe(true);
    for (const bad of [
      '',
      ' 1',
      '1 ',
      '0x10',
      'Infinity',
      'NaN',
      '1e',
      'e5',
      '.',
      '1,0',
      '+',
      '1_000',
      '١',
    ]) {
      expect(readNumber(bad), bad).toBeUndefined();
    }
  });

  it('writes shortest round-trip text without a + in the exponent', () => {
    expect(formatNumber(0.1)).toBe('0.1');
    expect(formatNumber(1.5e6)).toBe('1500000');
    expect(formatNumber(1e21)).toBe('1e21');
    expect(formatNumber(1.5e300)).toBe('1.5e300');
    expect(formatNumber(1e-7)).toBe('1e-7');
    expect(formatNumber(0.000001)).toBe('0.000001');
    expect(formatNumber(-0)).toBe('0');
    expect(formatNumber(Infinity)).toBe('inf');
    expect(formatNumber(0.1 + 0.2)).toBe('0.30000000000000004');
    for (const n of [0.1 + 0.2, 1e21, 5e-324, Number.MAX_VALUE, 123456789.123, 2 ** 53 + 2]) {
      expect(readNumber(formatNumber(n))).toBe(n);
    }
  });
});

describe('number keys', () => {
  it('round-trips values and canonicalises their text', () => {
    roundTrip(is707('fer'), '0.3', 0.3);
    roundTrip(is707('fer'), '3e-1', 0.3, '0.3');
    roundTrip(is707('fer'), '0.30', 0.3, '0.3');
    roundTrip(is707('fer'), '0', 0);
    roundTrip(is707('fer'), '0.6', 0.6);
    roundTrip(is707('wireRate'), '1.5e6', 1.5e6, '1500000');
    roundTrip(is707('wireRate'), '1e10', 1e10, '10000000000');
    roundTrip(is707('idle'), '5', 5);
    roundTrip(is707('idle'), '5.0', 5, '5');
  });

  it('reads inf as Infinity only where allowed', () => {
    roundTrip(is707('idle'), 'inf', Infinity);
    roundTrip(is707('apQueue'), 'inf', Infinity);
    roundTrip(is707('dataRetries'), 'inf', Infinity);
    roundTrip(is707('idle'), '1e999', Infinity, 'inf');
    expect(refused(is707('fer'), 'inf')).toBe('must be a number from 0 to 0.6');
    expect(refused(is707('mss'), 'inf')).toContain('or profile');
    expect(refused(is707('idle'), 'Inf')).toBe('must be an integer from 0 to 1000, or inf');
  });

  it('keeps other words as strings', () => {
    roundTrip(is707('mss'), 'profile', 'profile');
    roundTrip(is707('mss'), '1460', 1460);
    roundTrip(spec('releaseDetect'), 'random', 'random');
    roundTrip(spec('releaseDetect'), '2.5', 2.5);
  });

  it('refuses out-of-range, non-integer and malformed numbers, saying what is allowed', () => {
    expect(refused(is707('fer'), '0.9')).toBe('must be a number from 0 to 0.6');
    expect(refused(is707('fer'), '-0.1')).toBe('must be a number from 0 to 0.6');
    expect(refused(is707('fer'), '')).toBe('must be a number from 0 to 0.6');
    expect(refused(is707('fdt'), '0.0001')).toBe('must be a number from 0.001 to 1');
    expect(refused(is707('idle'), '2.5')).toBe('must be an integer from 0 to 1000, or inf');
    expect(refused(is707('nakTimer'), '0')).toBe('must be an integer from 1 to 1000');
    expect(refused(is707('dataRetries'), 'x')).toBe('must be an integer from 0 to 100, or profile or inf');
    expect(refused(is707('fer'), '0x1')).toContain('0 to 0.6');
  });
});

describe('bool and enum keys', () => {
  it('reads 1/0 only', () => {
    roundTrip(is707('handshake'), '1', true);
    roundTrip(is707('handshake'), '0', false);
    for (const bad of ['true', 'yes', '2', '', '01'])
      expect(refused(is707('handshake'), bad)).toBe('must be 1 or 0');
  });

  it('reads enum words exactly', () => {
    roundTrip(is707('app'), 'bulk', 'bulk');
    roundTrip(is707('tcp'), 'bsd44', 'bsd44');
    roundTrip(is707('tcpClient'), 'tcp', 'tcp');
    expect(refused(is707('app'), 'ftpGet')).toBe('must be one of bulk');
    expect(refused(is707('tcp'), 'Win98')).toBe('must be one of ns2reno, win98, winnt4, bsd44, modern');
    expect(refused(is707('tcp'), '__proto__')).toContain('must be one of');
  });
});

describe('hex keys', () => {
  it('reads hex digits of the allowed length, canonical lowercase', () => {
    roundTrip(spec('accm'), '000a0000', '000a0000');
    roundTrip(spec('accm'), 'FFFFFFFF', 'ffffffff', 'ffffffff');
    roundTrip(spec('accm'), 'DeadBeef', 'deadbeef', 'deadbeef');
    expect(refused(spec('accm'), 'fffffff')).toBe('must be 8 hex digits');
    expect(refused(spec('accm'), '0xffffff')).toBe('must be 8 hex digits');
    expect(refused(spec('accm'), 'gggggggg')).toBe('must be 8 hex digits');
  });
});

describe('number lists', () => {
  it('reads comma lists within item count and range', () => {
    roundTrip(is707('nakRounds'), '1,2,3', [1, 2, 3]);
    roundTrip(is707('nakRounds'), '5', [5]);
    roundTrip(is707('nakRounds'), '1,1,1,1,1', [1, 1, 1, 1, 1]);
    roundTrip(is707('nakRounds'), '1.0,2e0', [1, 2], '1,2');
    const allowed = 'must be a comma list of 1 to 5 integers, each from 1 to 5';
    for (const bad of ['', '1,2,3,4,5,1', '0', '6', '1,,2', '1,2,', '1.5', '1;2']) {
      expect(refused(is707('nakRounds'), bad), bad).toBe(allowed);
    }
  });
});

describe('timed lists', () => {
  it('reads n@t, n@t:ms and * (link 0)', () => {
    roundTrip(spec('burst'), '2@10:370', [{ link: 2, at: 10, ms: 370 }]);
    roundTrip(spec('burst'), '*@3.5:60,6@0:1', [
      { link: 0, at: 3.5, ms: 60 },
      { link: 6, at: 0, ms: 1 },
    ]);
    roundTrip(spec('burst'), '02@1e1:3.70e2', [{ link: 2, at: 10, ms: 370 }], '2@10:370');
    // No item: the word `none` is the canonical text, and the empty text still reads as none (issue 20 item 9).
    roundTrip(spec('burst'), '', [], 'none');
    roundTrip(spec('release'), 'none', []);
    roundTrip(spec('release'), '3@5', [{ link: 3, at: 5 }]);
    roundTrip(spec('release'), '3@5,1@2', [
      { link: 3, at: 5 },
      { link: 1, at: 2 },
    ]);
  });

  it('refuses links out of range, * where not allowed, missing or extra ms, too many items', () => {
    const burst = spec('burst');
    for (const bad of [
      '7@1:10',
      '0@1:10',
      '2@1',
      '2@-1:10',
      '2@1:0',
      '2@1:x',
      '2@:10',
      '@1:10',
      '2@1:10,',
      'a@1:2',
    ]) {
      expect(refused(burst, bad), bad).toBe(
        'must be a comma list of up to 8 items link@seconds:ms (link 1 to 6 or * for all; seconds from 0 to 1000000; ms above 0, at most 1000000000), e.g. 2@10:370, or none',
      );
    }
    expect(refused(burst, Array(9).fill('1@1:1').join(','))).toContain('up to 8 items');
    const release = spec('release');
    for (const bad of ['*@5', '3@5:10', '3', '0', 'None', 'none,3@5']) {
      expect(refused(release, bad), bad).toBe(
        'must be a comma list of up to 6 items link@seconds (link 1 to 6; seconds from 0 to 1000000), e.g. 3@5, or none',
      );
    }
  });

  it('bounds every time by the one time bound of the scenario (events, duration: 10^6 s)', () => {
    // Up to 1e308 s was accepted (issue 20 item 16), while `events` stopped at 10^6 s.
    expect(MAX_SCENARIO_SECONDS).toBe(EVENT_T_MAX);
    expect(MAX_SCENARIO_SECONDS).toBe(DURATION_MAX);
    roundTrip(spec('release'), '3@1000000', [{ link: 3, at: 1e6 }], '3@1000000');
    roundTrip(spec('burst'), '2@1000000:1000000000', [{ link: 2, at: 1e6, ms: 1e9 }]);
    for (const bad of ['3@1e308', '3@1000000.5', '3@1e7'])
      expect(refused(spec('release'), bad), bad).toContain('seconds from 0 to 1000000');
    for (const bad of ['2@1e308:10', '2@1:1e308', '2@1:1000000001'])
      expect(refused(spec('burst'), bad), bad).toContain('at most 1000000000');
  });
});

describe('episodes', () => {
  it('reads start-end-factor', () => {
    roundTrip(spec('berEpisode'), '500-1000-10', { start: 500, end: 1000, factor: 10 });
    roundTrip(spec('berEpisode'), '0-0-1', { start: 0, end: 0, factor: 1 });
    roundTrip(spec('berEpisode'), '5-5-0.5', { start: 5, end: 5, factor: 0.5 });
    roundTrip(spec('berEpisode'), '5-6-1e-7', { start: 5, end: 6, factor: 1e-7 });
    roundTrip(spec('berEpisode'), '005-6-1.50', { start: 5, end: 6, factor: 1.5 }, '5-6-1.5');
  });

  it('refuses reversed, negative, fractional frames and malformed text', () => {
    for (const bad of [
      '1000-500-10',
      '-1-5-2',
      '1.5-3-2',
      '1-3',
      '1-3-2-4',
      '1-3--2',
      '1-3-inf',
      '1-3-1e999',
      '0-1000-1e308',
      '0-1000-1001',
      '0-100000001-2',
      '',
    ]) {
      expect(refused(spec('berEpisode'), bad), bad).toContain('start-end-factor');
    }
    expect(refused(spec('berEpisode'), '0-1000-1e308')).toContain(
      '≤ 100000000 (1000000 s) and a factor from 0 to 1000',
    );
    roundTrip(spec('berEpisode'), '0-100000000-1000', { start: 0, end: 1e8, factor: 1000 });
  });
});

describe('points', () => {
  it('reads exactly count points x,y', () => {
    roundTrip(
      spec('units'),
      '0,0;100,-50;2.5,1e2',
      [
        [0, 0],
        [100, -50],
        [2.5, 100],
      ],
      '0,0;100,-50;2.5,100',
    );
  });

  it('refuses a wrong count, a missing coordinate or a coordinate out of range', () => {
    for (const bad of ['0,0;1,1', '0,0;1,1;2,2;3,3', '0,0;1;2,2', '0,0;1,1;2,2000', '0,0;1,1;2,2,', '']) {
      expect(refused(spec('units'), bad), bad).toBe(
        'must be 3 points x,y separated by ;, each coordinate from -1000 to 1000, e.g. 0,0;0,0;0,0',
      );
    }
  });
});

describe('word or numbers', () => {
  it('reads a word or exactly count numbers', () => {
    roundTrip(spec('load'), 'high', 'high');
    roundTrip(spec('load'), '1,2.5,0,1000', [1, 2.5, 0, 1000]);
    const allowed = 'must be one of low, reference, high, or a comma list of 4 numbers, each from 0 to 1000';
    for (const bad of ['medium', '1,2,3', '1,2,3,4,5', '1,2,3,1001', ''])
      expect(refused(spec('load'), bad)).toBe(allowed);
  });
});

describe('describeAllowed', () => {
  it('describes every IS-707 key in words', () => {
    for (const p of IS707_PARAMS) expect(describeAllowed(p).length, p.key).toBeGreaterThan(4);
  });
});
