/** Text helpers of the scenario codec: size limit, percent-decoding, escaping, error excerpts. */

/** Longest scenario text accepted, UTF-8 bytes (scenario.md: "over-long input (over 8 KB)"). */
export const MAX_SCENARIO_BYTES = 8192;

/** Longest excerpt of a value quoted in an error message, characters. */
const EXCERPT = 60;

/** UTF-8 length of `s` (a lone surrogate counts as the 3 bytes of U+FFFD), stopping early past `limit`. */
export function utf8Length(s: string, limit = Infinity): number {
  let n = 0;
  for (let i = 0; i < s.length && n <= limit; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}

/** decodeURIComponent that returns undefined instead of throwing on bad percent-encoding. */
export function safeDecode(s: string): string | undefined {
  if (!s.includes('%')) return s;
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

/**
 * Escape what would break a query string or a sweep (`%`, `&`, `#`, `+`, `|`,
 * blanks, non-ASCII…). The scenario grammar itself only produces letters,
 * digits and `. , ; @ : * - =`, which are left as they are.
 */
export function escapeText(s: string): string {
  return s.replace(/[^A-Za-z0-9\-._~,;@:*=!$'()/]/gu, (c) => {
    try {
      return encodeURIComponent(c);
    } catch {
      return '%EF%BF%BD'; // a lone surrogate: U+FFFD
    }
  });
}

/** A value as quoted in an error message: at most 60 characters, then `…`. */
export function excerpt(s: string): string {
  return s.length > EXCERPT ? `${s.slice(0, EXCERPT)}…` : s;
}

/** C0 controls, DEL and C1 controls: what a terminal may act on instead of showing. */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's job
const CONTROL_RE = /[\u0000-\u001f\u007f-\u009f]/gu;

/**
 * Input echoed in a message, made safe to print: every control character (C0, DEL, C1 — ESC,
 * BEL, CSI, newline…) written as `\xHH`, so a message shows what was typed and a terminal never
 * acts on it (an ESC ] … BEL sequence would set the window title, ESC [2J clear the screen, a
 * newline fake a line of output). The one escaping of the scenario's errors and of the CLI's
 * stderr; printable text, `\` included, passes unchanged, so escaping twice changes nothing.
 */
export function escapeControls(s: string): string {
  return s.replace(CONTROL_RE, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}
