// The lab's Content-Security-Policy, shared by `npm start` (scripts/serve.mjs) and `vite preview`
// (vite.config.ts), so both serve the same headers: no 'unsafe-eval', nothing from other origins;
// the full lab may be framed by no one (frame-ancestors 'none'), the embed page (embed.html,
// issue 24) by the source list EMBED_FRAME_ANCESTORS names (default *).

const BASE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
];

/** The full lab's policy. */
export const CSP = [...BASE_CSP, "frame-ancestors 'none'"].join('; ');

/** The embed page's framing policy: a CSP source list, checked so a typo cannot open a header. */
export function embedFrameAncestors(value = process.env.EMBED_FRAME_ANCESTORS) {
  const v = (value ?? '*').trim();
  if (v === '' || /[;,\r\n]/.test(v)) {
    throw new Error(
      `EMBED_FRAME_ANCESTORS: “${v}” is not allowed; expected a frame-ancestors source list, e.g. * or "https://course.example.edu" or 'none'`,
    );
  }
  return v;
}

/** The embed page's policy, framed by `frameAncestors` (checked by `embedFrameAncestors`). */
export function embedCsp(frameAncestors) {
  return [...BASE_CSP, `frame-ancestors ${embedFrameAncestors(frameAncestors)}`].join('; ');
}

/**
 * The policy for a request path (`/embed.html?…`) or a served file (`…/dist/embed.html`): the embed
 * page's — `/embed` too, which serve.mjs answers with embed.html — else the full lab's.
 */
export function cspForPath(path, frameAncestors) {
  const p = path.split(/[?#]/)[0];
  return /(^|[\\/])embed(\.html)?$/.test(p) ? embedCsp(frameAncestors) : CSP;
}
