/**
 * An exercise or an activity carried by a link (`#ex=<token>`): the same JSON as a shipped file
 * (exercise-schema.ts, activity-schema.ts), made short enough to share — its fields in file order,
 * DEFLATE (RFC 1951, fflate) and base64url (RFC 4648 §5, no padding), behind a one-character
 * format version. A typical exercise of ~1 kB of text becomes a token of ~600–800 characters, a
 * six-step activity one of ~3 000, and the expected figures are not readable in the address bar at
 * a glance. Decoding never throws: a token that is cut, changed or too large is one problem, a
 * valid one goes through the one reader, `parseActivity` (an exercise is a one-step activity).
 */
import { deflateSync, inflateSync, strFromU8, strToU8 } from 'fflate';
import { activityJson, parseActivity, type Activity, type ParsedActivity } from './activity-schema';
import { FIELDS, parseExercise, type Exercise, type ParsedExercise } from './exercise-schema';

/** The format version, the token's first character. */
const VERSION = '1';
/** Longest token read (characters); a real exercise, or activity of a dozen steps, is well under it. */
export const MAX_TOKEN = 16000;
/** Largest JSON a token may inflate to (bytes): caps what a crafted token can make us allocate. */
const MAX_JSON = 64 * 1024;
const TOKEN = /^[A-Za-z0-9_-]*$/;

function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array | null {
  if (text.length % 4 === 1) return null; // no base64 text has this length
  try {
    const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

/** The exercise's fields in the order a file writes them (a stable token for the same exercise). */
function ordered(ex: Exercise): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of FIELDS) if (ex[k] !== undefined) out[k] = ex[k];
  return out;
}

const tokens = new WeakMap<object, string>();

function pack(json: unknown): string {
  return VERSION + toBase64Url(deflateSync(strToU8(JSON.stringify(json)), { level: 9 }));
}

/** The link token of an exercise (cached per object: the address is rewritten often). */
export function encodeExerciseToken(ex: Exercise): string {
  let t = tokens.get(ex);
  if (t === undefined) {
    t = pack(ordered(ex));
    tokens.set(ex, t);
  }
  return t;
}

/** The link token of an activity; an exercise's one-step activity has the exercise's own token. */
export function encodeActivityToken(a: Activity): string {
  if (a.exercise) return encodeExerciseToken(a.exercise);
  let t = tokens.get(a);
  if (t === undefined) {
    t = pack(activityJson(a));
    tokens.set(a, t);
  }
  return t;
}

type Unpacked = { json: unknown } | { problem: string };

function unpack(token: string): Unpacked {
  if (token === '') return { problem: 'no exercise given' };
  if (token.length > MAX_TOKEN)
    return { problem: `the exercise is too long (at most ${MAX_TOKEN} characters)` };
  if (token[0] !== VERSION || !TOKEN.test(token)) {
    return { problem: 'not an exercise made by this lab (the link may be cut or changed)' };
  }
  const bytes = fromBase64Url(token.slice(1));
  if (!bytes) return { problem: 'the exercise is cut or changed (not base64url)' };
  try {
    const out = inflateSync(bytes, { out: new Uint8Array(MAX_JSON + 1) });
    if (out.length > MAX_JSON) return { problem: 'the exercise is too large' };
    return { json: JSON.parse(strFromU8(out)) };
  } catch {
    return { problem: 'the exercise is cut or changed (it does not unpack)' };
  }
}

/** Read a link token as an exercise: the exercise (or null) and each problem, by field. */
export function decodeExerciseToken(token: string): ParsedExercise {
  const u = unpack(token);
  if ('problem' in u) return { exercise: null, problems: [{ field: '', message: u.problem }] };
  return parseExercise(u.json);
}

/** Read a link token — an activity, or an exercise as its one-step activity — and each problem, by field. */
export function decodeActivityToken(token: string): ParsedActivity {
  const u = unpack(token);
  if ('problem' in u) return { activity: null, problems: [{ field: '', message: u.problem }] };
  return parseActivity(u.json);
}
