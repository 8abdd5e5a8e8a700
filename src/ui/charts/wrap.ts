/**
 * Lines of text that fit a width, for the texts a chart or an exported figure draws in SVG (which
 * does not wrap): the empty sequence graph's note, the export caption. Widths are measured with the
 * browser's canvas in the chart's font where there is one; elsewhere (a test without layout)
 * estimated generously. An estimate of 0.56 em per character let a caption of digits, `@` and `=`
 * ("…49.32@msX=5000;4") run past the image's edge (issue 20, item 19).
 */

/** Width of a text in px. */
export type Measure = (text: string) => number;

/** Estimated width per character, in em: above the widest common glyphs' average (digits are 0.64 em). */
const ESTIMATE_EM = 0.68;

/**
 * One canvas context measures every font (undefined: not made yet; null: none here). A context
 * per measure cost more than the measuring: the span note wraps its text at every redraw, and
 * making the context was 10 % of the page's drawing time at max speed (issue 21).
 */
let shared: OffscreenCanvasRenderingContext2D | null | undefined;
/** The font last set on it, as written (the context reads it back normalised). */
let sharedFont = '';

/** A measure for `fontPx` px text of `family`: the canvas's, else the estimate. */
export function textMeasure(fontPx: number, family: string): Measure {
  if (shared === undefined)
    shared = typeof OffscreenCanvas === 'undefined' ? null : new OffscreenCanvas(1, 1).getContext('2d');
  const ctx = shared;
  if (!ctx) return (t) => t.length * fontPx * ESTIMATE_EM;
  const font = `${fontPx}px ${family}`;
  return (t) => {
    if (sharedFont !== font) {
      ctx.font = font;
      sharedFont = font;
    }
    return ctx.measureText(t).width;
  };
}

/**
 * `text` in lines no wider than `maxPx`: each line ends after the last break character (`&`, `;` or
 * a space) that fits, or — a run with no break that fits, a long value — where the width runs out.
 */
export function wrapToWidth(text: string, maxPx: number, measure: Measure, breaks = '&; '): string[] {
  const out: string[] = [];
  let rest = text.trim();
  while (rest.length > 0 && measure(rest) > maxPx) {
    // The longest prefix that fits (binary search on the length: width grows with it).
    let lo = 1;
    let hi = rest.length;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (measure(rest.slice(0, mid)) <= maxPx) lo = mid;
      else hi = mid - 1;
    }
    const head = rest.slice(0, lo);
    const lastBreak = (upTo: number): number => {
      let c = -1;
      for (const b of breaks) c = Math.max(c, head.lastIndexOf(b, upTo));
      return c;
    };
    let cut = lastBreak(head.length - 1);
    // Not a last line of a stub ("…(run at 0.00 / s)"): take the break before, if there is one.
    if (cut >= 0 && rest.length - cut - 1 <= 3) {
      const before = lastBreak(cut - 1);
      if (before >= lo / 3) cut = before;
    }
    // Break after a separator, unless it leaves a stub of a line (then cut where the width ends).
    const at = cut >= lo / 3 ? cut + 1 : lo;
    out.push(rest.slice(0, at).trimEnd());
    rest = rest.slice(at).trimStart();
  }
  if (rest.length > 0) out.push(rest);
  return out;
}
