import { describe, expect, it } from 'vitest';
import { CSP, cspForPath, embedCsp, embedFrameAncestors } from '../../scripts/csp.mjs';

/** The frame-ancestors directive of a policy. */
const ancestors = (csp: string): string | undefined =>
  csp
    .split('; ')
    .find((d) => d.startsWith('frame-ancestors '))
    ?.slice('frame-ancestors '.length);

describe('the lab’s Content-Security-Policy (serve.mjs and vite preview)', () => {
  it('the full lab may be framed by no one, and allows no eval or other origin', () => {
    for (const path of [
      '/',
      '/index.html',
      '/?system=gsm#present=1',
      '/assets/app.js',
      '/embedded',
      '/x/embed.htm',
    ])
      expect(cspForPath(path, '*'), path).toBe(CSP);
    expect(ancestors(CSP)).toBe("'none'");
    expect(CSP).toContain("script-src 'self'");
    expect(CSP).not.toContain('unsafe-eval');
  });

  it('the embed page, by URL or by served file, is framed by the setting (default *)', () => {
    for (const path of ['/embed.html', '/embed.html?system=gsm#panels=seq', '/embed', '/srv/dist/embed.html'])
      expect(ancestors(cspForPath(path, 'https://course.example.edu')), path).toBe(
        'https://course.example.edu',
      );
    expect(ancestors(cspForPath('/embed.html', undefined))).toBe(process.env.EMBED_FRAME_ANCESTORS ?? '*');
    // The rest of the policy is the lab's.
    expect(embedCsp('*').replace('frame-ancestors *', '')).toBe(CSP.replace("frame-ancestors 'none'", ''));
  });

  it('a malformed frame-ancestors setting is refused with its name and what is allowed', () => {
    for (const bad of [
      '',
      '  ',
      "* ; script-src 'unsafe-eval'",
      'https://a.example, https://b.example',
      '*\r\nX: y',
    ])
      expect(() => embedFrameAncestors(bad), JSON.stringify(bad)).toThrow(
        /EMBED_FRAME_ANCESTORS: “[^]*” is not allowed; expected a frame-ancestors source list/,
      );
    expect(embedFrameAncestors(" 'self' https://*.example.org ")).toBe("'self' https://*.example.org");
  });
});
