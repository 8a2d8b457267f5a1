import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { bundleHostSdk } from './scripts/build-host-sdk.mjs';
import { ON_DEMAND_FONT_GLOB } from './wasm/font-cache';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

// Everything the app can load is precached so it starts and renders offline. The Typst compiler
// WASM alone is ~28 MB, hence the raised size limit.
const PRECACHE_PATTERNS = ['**/*.{js,mjs,css,html,svg,png,ico,webmanifest,json,wasm,ttf,otf,ttc,woff2}'];
const MAX_PRECACHE_FILE_BYTES = 64 * 1024 * 1024;

/**
 * The host SDK (src/host/sdk) as one self-contained ES module at a fixed address,
 * `/embed/quire-host.js`, for host pages to import (docs/HOST-PROTOCOL.md). Emitted into the
 * build (so the service worker precaches it) and served by the dev server.
 */
function hostSdk(): Plugin {
  // The same bundle as the npm package in packages/quire-host (scripts/build-host-sdk.mjs).
  const bundle = () => bundleHostSdk({ minify: true });
  return {
    name: 'quire-host-sdk',
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'embed/quire-host.js', source: await bundle() });
    },
    configureServer(server) {
      server.middlewares.use('/embed/quire-host.js', (_req, res) => {
        void bundle().then((code) => {
          res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
          res.end(code);
        });
      });
    },
  };
}

export default defineConfig({
  define: {
    'import.meta.env.VITE_APP_VERSION': JSON.stringify(pkg.version),
  },
  plugins: [
    react(),
    hostSdk(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'service-worker',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false, // src/app/services/pwa/serviceWorker.ts registers it, with the update prompt
      injectManifest: {
        globPatterns: PRECACHE_PATTERNS,
        // Chinese, Japanese, Korean and Thai fonts (~60 MB) are cached on demand and for the user's
        // language and data instead (wasm/font-cache.ts), so a first visit does not download them all.
        globIgnores: [ON_DEMAND_FONT_GLOB],
        maximumFileSizeToCacheInBytes: MAX_PRECACHE_FILE_BYTES,
        rollupFormat: 'iife',
      },
      manifest: {
        id: '/',
        name: 'Quire',
        short_name: 'Quire',
        description: 'Templates plus data, printed on your device: PDF, Word, Excel and PowerPoint, offline.',
        lang: 'en-US',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#FBF8F5',
        theme_color: '#1B2240',
        categories: ['productivity', 'business'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/logo.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    target: 'es2022',
    rolldownOptions: {
      output: {
        // The libraries every screen needs in one long-cached chunk; the editor's Slate in its
        // own, loaded with the editor route (routes are split with lazyRouteComponent).
        codeSplitting: {
          groups: [
            { name: 'slate', test: /[\\/]node_modules[\\/](slate|slate-react|slate-dom)[\\/]/, priority: 1 },
            {
              name: 'vendor',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|dexie|zod|i18next|react-i18next|jotai|@tanstack)[\\/]/,
              // Above Slate, so the React that Slate depends on stays in the shared chunk.
              priority: 2,
            },
          ],
        },
      },
    },
  },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
});
