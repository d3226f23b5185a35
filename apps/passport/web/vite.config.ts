import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The passport's own server (apps/passport/server): its API under /api, OpenID Connect under /oidc.
// PASSPORT_URL names another one (its origin, as the server's own setting does).
const server = process.env.PASSPORT_URL ?? 'http://localhost:3001';
const fromHere = (relative: string) => decodeURIComponent(new URL(relative, import.meta.url).pathname);

export default defineConfig({
  // Served at the root of the passport's origin; every page that is not /api or /oidc answers index.html.
  base: '/',
  plugins: [react()],
  server: {
    port: 5175,
    proxy: {
      '/api': { target: server, changeOrigin: false },
      '/oidc': { target: server, changeOrigin: false },
      // An application's sign-in is asked about under its own page's path (/interaction/<uid>/api…), where
      // the provider's cookie is sent; the page itself (/interaction/<uid>) is the app's.
      '^/interaction/[^/]+/api(?:/|$)': { target: server, changeOrigin: false },
    },
  },
  build: {
    outDir: fromHere('./dist'),
    emptyOutDir: true,
    sourcemap: 'hidden',
  },
});
