#!/usr/bin/env node
// `npm start` (after `vite build`): a tiny static server for dist/ on 127.0.0.1, with the
// lab's Content-Security-Policy (no 'unsafe-eval', nothing from other origins) and correct
// MIME types (module workers need JavaScript's). No dependencies: node:http only.
//   PORT (default 4173), HOST (default 127.0.0.1), DIST (default <repo>/dist),
//   EMBED_FRAME_ANCESTORS (default *): who may frame the embed page (embed.html, issue 24), as a
//   CSP frame-ancestors source list, e.g. "https://moodle.example.edu https://*.example.org". The
//   full lab (every other page) may be framed by no one: frame-ancestors 'none'.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cspForPath, embedCsp, embedFrameAncestors } from './csp.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = resolve(process.env.DIST ?? join(here, '..', 'dist'));
const port = Number(process.env.PORT ?? 4173);
const host = process.env.HOST ?? '127.0.0.1';

export { CSP, embedFrameAncestors } from './csp.mjs';

// Checked at start-up: a malformed EMBED_FRAME_ANCESTORS stops the server with its message.
const frameAncestors = embedFrameAncestors();
export const EMBED_CSP = embedCsp(frameAncestors);

/** The Content-Security-Policy of a served file: the embed page's allows framing. */
export function cspFor(file) {
  return cspForPath(file, frameAncestors);
}

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.pcap': 'application/vnd.tcpdump.pcap',
  '.csv': 'text/csv; charset=utf-8',
};

const SECURITY = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/** The file for a request path, or null when it would leave the root. */
function fileFor(urlPath) {
  let p;
  try {
    p = decodeURIComponent(urlPath.split('?')[0].split('#')[0]);
  } catch {
    return null;
  }
  if (p.includes('\0')) return null;
  const full = normalize(join(root, p));
  if (full !== root && !full.startsWith(root + sep)) return null;
  return full;
}

async function send(res, status, body, type, extra = {}, file = '') {
  res.writeHead(status, {
    ...SECURITY,
    'Content-Security-Policy': cspFor(file),
    'Content-Type': type,
    'Content-Length': body.length,
    ...extra,
  });
  res.end(body);
}

const server = createServer(async (req, res) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    await send(res, 405, Buffer.from('method not allowed\n'), MIME['.txt'], { Allow: 'GET, HEAD' });
    return;
  }
  let file = fileFor(req.url ?? '/');
  if (!file) {
    await send(res, 400, Buffer.from('bad path\n'), MIME['.txt']);
    return;
  }
  try {
    const st = await stat(file).catch(() => null);
    if (st?.isDirectory()) file = join(file, 'index.html');
    else if (!st && file === join(root, 'embed')) file = join(root, 'embed.html');
    else if (!st && !extname(file)) file = join(root, 'index.html'); // page routes fall back to the app
    const body = await readFile(file);
    const type = MIME[extname(file).toLowerCase()] ?? 'application/octet-stream';
    const cache = file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
    if (req.method === 'HEAD') {
      res.writeHead(200, {
        ...SECURITY,
        'Content-Security-Policy': cspFor(file),
        'Content-Type': type,
        'Content-Length': body.length,
        'Cache-Control': cache,
      });
      res.end();
      return;
    }
    await send(res, 200, body, type, { 'Cache-Control': cache }, file);
  } catch {
    await send(res, 404, Buffer.from('not found\n'), MIME['.txt']);
  }
});

server.listen(port, host, () => {
  const addr = server.address();
  const p = typeof addr === 'object' && addr ? addr.port : port;
  process.stdout.write(`Wireless TCP Lab: http://${host}:${p}/ (serving ${root})\n`);
});

const stop = () => server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
