import { readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompressFolder } from '../web/build/precompress.ts';
import { weightBudget } from '../web/build/weight-budget.ts';
import { versionFile } from './build/version-file.ts';
import { FACE_MODEL_DIR, faceModel } from './build/face-model-files.ts';
import en from '../../packages/shared/src/i18n/en/kiosk.json' with { type: 'json' };

const server = 'http://localhost:3000';
const fromHere = (relative: string) => decodeURIComponent(new URL(relative, import.meta.url).pathname);
const { version } = JSON.parse(readFileSync(fromHere('./package.json'), 'utf8')) as { version: string };

/** After version.json: brotli and gzip copies of every text file, as the web app's build leaves them. */
function precompressLast(): Plugin {
  let outDir = '';
  return {
    name: 'kiosk-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const { files, copies } = await precompressFolder(outDir);
        this.info(`precompressed ${files} files (${copies} .br/.gz copies)`);
      },
    },
  };
}

export default defineConfig({
  // Served by the server under /kiosk/ (apps/server/src/plugins/kiosk-app.ts).
  base: '/kiosk/',
  define: { __KIOSK_VERSION__: JSON.stringify(version), __FACE_MODEL_DIR__: JSON.stringify(FACE_MODEL_DIR) },
  plugins: [
    react(),
    VitePWA({
      registerType: 'autoUpdate',
      // Registered from the app's code (src/lib/service-worker.ts): the server's CSP allows no inline script.
      injectRegister: false,
      manifest: {
        id: '/kiosk/',
        name: en.app.name,
        short_name: en.app.short_name,
        description: en.app.description,
        start_url: '/kiosk/',
        scope: '/kiosk/',
        display: 'fullscreen',
        display_override: ['fullscreen', 'standalone'],
        orientation: 'landscape',
        background_color: '#f4f7fb',
        theme_color: '#0b5cad',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell: its page, scripts, styles, icons and the QR reader's WebAssembly.
        globPatterns: ['**/*.{js,css,html,png,svg,wasm,webmanifest}'],
        // Face sign-in needs the server (it checks every match), so its model is never kept offline.
        globIgnores: ['**/*.map', 'version.json', 'assets/face-model-*/**', 'assets/face-api*.js'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        // Every page of the app opens from the cached index.html; the API and the real-time gateway
        // never go through the service worker's caches.
        navigateFallback: '/kiosk/index.html',
        navigateFallbackAllowlist: [/^\/kiosk(?:\/|$)/],
        navigateFallbackDenylist: [/^\/api\//, /^\/socket\.io/],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
    // Decision 044: the tablet's first load is held to 200 KB as served (brotli); the build fails past it.
    weightBudget([{ name: '/kiosk/', entry: 'src/main.tsx', modules: [], namespaces: [], maxBytes: 200_000 }]),
    faceModel(),
    versionFile(version),
    precompressLast(),
  ],
  server: {
    port: 5174,
    proxy: {
      '/api': { target: server, changeOrigin: false },
      '/socket.io': { target: server, ws: true, changeOrigin: false },
    },
  },
  build: {
    outDir: fromHere('./dist'),
    emptyOutDir: true,
    sourcemap: 'hidden',
  },
});
