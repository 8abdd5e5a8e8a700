import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { cspForPath, embedFrameAncestors } from './scripts/csp.mjs';

/**
 * `vite preview` answers with the Content-Security-Policy `npm start` (scripts/serve.mjs) sends, from
 * the same scripts/csp.mjs: the full lab framed by no one, the embed page by EMBED_FRAME_ANCESTORS.
 */
function labCsp(): Plugin {
  return {
    name: 'wtl-lab-csp',
    configurePreviewServer(server) {
      const frameAncestors = embedFrameAncestors(); // a malformed setting stops the preview here
      server.middlewares.use((req, res, next) => {
        res.setHeader('Content-Security-Policy', cspForPath(req.url ?? '/', frameAncestors));
        next();
      });
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    labCsp(),
    // A classroom without a network (issue 12, item 7; ui.md "works offline once loaded"): Workbox
    // precaches every file of the build — the page, its scripts and styles, the simulation worker
    // and any lazy chunk — and answers navigations (any scenario in the query) with the cached page.
    // Nothing is fetched at run time from another origin. The worker's registration is a file of
    // its own (registerSW.js), as the Content-Security-Policy allows no inline script.
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script-defer',
      // globPatterns below already takes the icons; listing them again would precache them twice.
      includeManifestIcons: false,
      manifest: {
        name: 'Wireless TCP Lab',
        short_name: 'TCP Lab',
        description: 'A deterministic simulator of TCP over late-1990s wireless bearers',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#0072B2',
        icons: [
          { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: 'icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,webmanifest,json,wasm}'],
        navigateFallback: 'index.html',
        // Issue 24: an embed navigation (/embed.html?<scenario>) must get the embed page — with its
        // own framing policy — never the full lab's, online or offline. The page's query is the
        // scenario, not a version, so a precached page answers whatever its query holds.
        navigateFallbackDenylist: [/^\/embed(\.html)?(\?|$)/],
        ignoreURLParametersMatching: [/.*/],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        // The simulation bundles are well under this; a larger one must fail the build, not go uncached.
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
      },
    }),
  ],
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    // Two pages (issue 24): the lab, and the embed page a course page frames.
    rollupOptions: { input: { main: 'index.html', embed: 'embed.html' } },
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
});
