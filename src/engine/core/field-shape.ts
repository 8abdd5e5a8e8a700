/**
 * Field shapes for V8, set once when an object is built (speed only: no value changes).
 *
 * V8 gives each field of an object the representation of the first value stored in it (a small
 * integer, a double, a reference) and treats the field as a constant until a second, different
 * value is stored. Optimized code relies on both. A field that held small integers and first
 * receives a fraction (or an integer past 2^31, or a number read from a Float64Array) changes the
 * map of every object built the same way; a field that first changes after the code was optimized
 * (a counter of a rare event, a recovery flag) invalidates the code that had folded it to a constant.
 * Either way every hot function that touched such objects is deoptimized and compiled again. In an
 * IS-707 run the first RLP abort (after ≈ 56 000 simulated s at FER 0.05) did this to the whole
 * per-frame path: ≈ 40 functions thrown away and ≈ 200 ms of compiling in a 1 s run (issue 13).
 *
 * So a constructor names the fields that will hold doubles and those that only rare events change,
 * and these helpers store each once with another value and then put its own value back: the field
 * starts in its final representation, already known to change, and nothing observable differs.
 * Only for objects built a few times per run (a link, a connection), not per packet.
 */

type Fields = Record<string, unknown>;

function field(o: object, k: string): Fields {
  if (!(k in o)) throw new Error(`field-shape: no field '${k}' to prepare`);
  return o as Fields;
}

/** Fields of `o` that will hold fractions or large numbers: stored as doubles from the start. */
export function doubleFields(o: object, keys: readonly string[]): void {
  for (const k of keys) {
    const r = field(o, k);
    const v = r[k];
    if (typeof v !== 'number') throw new Error(`field-shape: '${k}' is not a number`);
    r[k] = 0.5;
    r[k] = v;
  }
}

/**
 * Number, boolean and array fields of `o` that change only on rare events: marked as changing from
 * the start (an array field — a ring that grows, a list replaced — is given a copy and then its
 * own array back). Without `keys`, every own number and boolean field (a counters record).
 */
export function mutableFields(o: object, keys?: readonly string[]): void {
  for (const k of keys ?? Object.keys(o)) {
    const r = keys ? field(o, k) : (o as Fields);
    const v = r[k];
    if (typeof v === 'number') {
      // A small integer in between, so an integer field stays one (and a double field stays double).
      r[k] = v === 1 ? 2 : 1;
      r[k] = v;
    } else if (typeof v === 'boolean') {
      r[k] = !v;
      r[k] = v;
    } else if (keys && Array.isArray(v)) {
      r[k] = v.slice();
      r[k] = v;
    } else if (keys) {
      throw new Error(`field-shape: '${k}' is not a number, boolean or array`);
    }
  }
}

/**
 * An empty array that will hold objects (events, ranges) only after rare events: given the
 * elements kind those will give it from the start, by holding `sample` once.
 */
export function objectElements<T>(array: T[], sample: T): void {
  if (array.length !== 0) throw new Error('field-shape: objectElements wants an empty array');
  array.push(sample);
  array.pop();
}
