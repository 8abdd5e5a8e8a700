/**
 * Attributes written only when they change. A chart redrawn ten times a second while the run
 * streams rewrites hundreds of mark elements whose data and look are the same as before (only the
 * positions move): d3's `.attr` sets each attribute every time, and every write makes the browser
 * check style and layout again (issue 21). Values last written are kept per element.
 */
const written = new WeakMap<Element, Map<string, string>>();

/** Set `attrs` on `el` (null removes), skipping those equal to what was last written here. */
export function setAttrs(
  el: Element,
  attrs: Readonly<Record<string, string | number | null | undefined>>,
): void {
  let last = written.get(el);
  if (!last) written.set(el, (last = new Map()));
  for (const name in attrs) {
    const v = attrs[name];
    const s = v === null || v === undefined ? null : String(v);
    if (last.get(name) === (s ?? undefined) && (s !== null || !el.hasAttribute(name))) continue;
    if (s === null) {
      el.removeAttribute(name);
      last.delete(name);
    } else {
      el.setAttribute(name, s);
      last.set(name, s);
    }
  }
}
