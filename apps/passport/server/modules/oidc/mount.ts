import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import { OIDC_PREFIX } from './provider';

/**
 * The provider (a Koa app) answers its own paths: /oidc/* and the discovery document. Fastify leaves
 * the request untouched (no body parsing) and hands the raw request and response over.
 */
export function oidcMount(provider: () => Provider) {
  return async (app: FastifyInstance) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_req, _payload, done) => done(null));
    const handOver = async (
      req: { raw: import('node:http').IncomingMessage },
      reply: { hijack(): void; raw: import('node:http').ServerResponse },
    ) => {
      reply.hijack();
      await provider().callback()(req.raw, reply.raw);
    };
    // GET and POST are all a provider without dynamic registration answers (CORS is off: no browser
    // client calls it from another origin).
    app.route({ method: ['GET', 'POST'], url: `${OIDC_PREFIX}/*`, handler: handOver });
    app.get('/.well-known/openid-configuration', handOver);
  };
}
