import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { signInPageOf } from '@app/shared/http/sign-in-pages';
import { t } from '../lib/i18n';

// Vite names every file under assets/ by a hash of its content: a changed file is a new address, so a
// browser may keep these for a year without asking again.
const IMMUTABLE = 'public, max-age=31536000, immutable';
// The page names the current assets: the browser asks again every time (a 304 when nothing changed).
const REVALIDATE = 'no-cache';
// Unhashed files beside it (the favicon): kept a little while.
const SHORT = 'public, max-age=3600';

const ASSETS_URL = '/assets/';

/** The cache rule of a file of the built app, by its path relative to the build folder. */
function cacheControlFor(relativePath: string): string {
  const file = relativePath
    .split(path.sep)
    .join('/')
    .replace(/\.(br|gz)$/, '');
  if (file.startsWith('assets/')) return IMMUTABLE;
  if (file.endsWith('.html')) return REVALIDATE;
  return SHORT;
}

const isApiPath = (url: string) => url.startsWith('/api/') || url.startsWith('/socket.io');

/**
 * The built web app (`WEB_DIST`, else apps/web/dist) when there is one: its files as the build wrote
 * them, brotli or gzip when the build left a compressed copy and the browser takes it; the sign-in
 * pages get sign-in.html (a document of their own, without the signed-in app); every other GET that is
 * no API call and no asset gets index.html, whose router shows its own 404.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, opts: { root: string }) => {
  const root = path.resolve(opts.root);
  const hasWeb = existsSync(path.join(root, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The compressed copies are chosen by the browser's accept-encoding, never asked for by name.
      globIgnore: ['**/*.br', '**/*.gz'],
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', cacheControlFor(path.relative(root, filePath)));
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const isPage = !isApiPath(req.url) && !req.url.startsWith(ASSETS_URL);
    if (isPage && hasWeb && (req.method === 'GET' || req.method === 'HEAD')) {
      // Every client route is answered by the single-page app; it shows its own 404.
      const page = signInPageOf(req.url.split('?')[0]!) ? 'sign-in.html' : 'index.html';
      return reply.header('cache-control', REVALIDATE).sendFile(page);
    }
    // A missing asset is a 404 too: index.html in its place would fail as a script with a MIME error.
    return reply.status(404).send({ code: 'not_found', message: t(req.lang, 'errors:not_found') });
  });
});
