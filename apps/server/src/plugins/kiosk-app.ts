import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the built kiosk app is (`KIOSK_DIST`, else apps/kiosk/dist): its files and version.json. */
    kioskAppRoot: string;
  }
}

/** The built kiosk app (decision 044). */
export const kioskAppPlugin = fp(async (app: FastifyInstance, opts: { root: string }) => {
  app.decorate('kioskAppRoot', path.resolve(opts.root));
});
