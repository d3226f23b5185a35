import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Language } from '@app/shared/constants';
import fp from 'fastify-plugin';
import { t } from '../lib/i18n';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the built kiosk app is (`KIOSK_DIST`, else apps/kiosk/dist): its files and version.json. */
    kioskAppRoot: string;
  }
}

export const KIOSK_APP_URL = '/kiosk/';

// Hashed file names: a changed file is a new address, kept a year without asking again.
const IMMUTABLE = 'public, max-age=31536000, immutable';
// The page, the service worker, its manifest and version.json name what is current: asked for every time.
const REVALIDATE = 'no-cache';
// Icons: kept a little while.
const SHORT = 'public, max-age=3600';

/** The cache rule of a file of the built kiosk app, by its path relative to the build folder. */
export function kioskCacheControl(relativePath: string): string {
  const file = relativePath
    .split(path.sep)
    .join('/')
    .replace(/\.(br|gz)$/, '');
  if (file.startsWith('assets/')) return IMMUTABLE;
  if (/\.(html|js|json|webmanifest)$/.test(file)) return REVALIDATE;
  return SHORT;
}

/** A page of the app (no file extension in its last segment), as opposed to a file it lacks. */
const isPage = (url: string) => !/\.[A-Za-z0-9]+$/.test(url.split('?')[0]!.split('/').pop() ?? '');

/**
 * The built kiosk app (decision 044) under /kiosk/: its files as the build wrote them (brotli or gzip
 * copies when the browser takes them), and its page for every other path under /kiosk/ (its own
 * router shows the welcome screen or a flow). Registered before the web app, whose not-found handler
 * would otherwise answer /kiosk/* with the dashboard.
 */
export const kioskAppPlugin = fp(async (app: FastifyInstance, opts: { root: string }) => {
  const root = path.resolve(opts.root);
  app.decorate('kioskAppRoot', root);
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) return;

  await app.register(fastifyStatic, {
    root,
    prefix: KIOSK_APP_URL,
    // The web app's registration decorates the reply; this one serves only its own routes.
    decorateReply: false,
    wildcard: false,
    index: false,
    globIgnore: ['**/*.br', '**/*.gz', '**/*.map'],
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', kioskCacheControl(path.relative(root, filePath)));
    },
  });

  const sendPage = async (url: string, reply: FastifyReply, lang: Language) => {
    if (!isPage(url)) {
      return reply.status(404).send({ code: 'not_found', message: t(lang, 'errors:not_found') });
    }
    // Read on each ask: a deploy replaces the build without a restart of this process.
    const html = await readFile(indexFile);
    return reply.header('cache-control', REVALIDATE).type('text/html; charset=utf-8').send(html);
  };
  const hidden = { schema: { hide: true } };
  app.get('/kiosk', hidden, (_req, reply) => reply.redirect(KIOSK_APP_URL, 308));
  app.get(KIOSK_APP_URL, hidden, (req, reply) => sendPage(req.url, reply, req.lang));
  app.get(`${KIOSK_APP_URL}*`, hidden, (req, reply) => sendPage(req.url, reply, req.lang));
});
