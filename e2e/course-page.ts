/**
 * A course page for the embed tests (issue 24): served by the test on a port of its own on this
 * machine — another origin than the lab's — framing the lab pages it is given and keeping every
 * message it receives in `window.received`. (A page made by page.route has no address, and
 * Chromium's local-network checks then refuse it a frame on 127.0.0.1.)
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Origins a course page may have (for the fixtures' `courseOrigins`). */
export const COURSE_ORIGINS = [/^http:\/\/127\.0\.0\.1:\d+$/];

export interface CoursePage {
  readonly url: string;
  readonly origin: string;
  close(): Promise<void>;
}

/** Serve a course page framing `frames(its origin)` (iframe name → src). */
export async function serveCoursePage(
  frames: (origin: string) => Record<string, string>,
): Promise<CoursePage> {
  let html = '';
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const iframes = Object.entries(frames(origin))
    .map(
      ([name, src]) =>
        `<iframe name="${name}" title="${name}" src="${src.replace(/&/g, '&amp;')}" width="1000" height="700"></iframe>`,
    )
    .join('\n');
  html = `<!doctype html><html lang="en"><head><title>Course page</title></head><body>
<h1>Week 3: TCP over the air</h1>${iframes}
<script>window.received = []; addEventListener('message', (e) => window.received.push({ origin: e.origin, data: e.data }));</script>
</body></html>`;
  return {
    url: `${origin}/course.html`,
    origin,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
