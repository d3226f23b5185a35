import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './platform';

/**
 * The built web app: its files, and its page for every other address that is not the API's or the
 * provider's (the app's own router draws the page). Without a build, the API still answers.
 */
export const passportWebApp = fp(async (app: FastifyInstance, opts: { root: string }) => {
  const root = path.resolve(opts.root);
  const indexFile = path.join(root, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      globIgnore: ['**/*.br', '**/*.gz', '**/*.map'],
      preCompressed: true,
      setHeaders: (reply, file) => {
        reply.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  const page = built ? await readFile(indexFile) : null;
  app.setNotFoundHandler(async (req, reply) => {
    const isPage =
      req.method === 'GET' && !req.url.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(req.url.split('?')[0]!);
    if (!isPage || !page) throw new AppError('not_found');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
  });
});
