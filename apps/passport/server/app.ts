import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import type Provider from 'oidc-provider';
import type { ClientMetadata } from 'oidc-provider';
import {
  baseFastify,
  contextPlugin,
  errorsPlugin,
  pickLanguage,
  rateLimitsPlugin,
  type Database,
  type Env,
  type Mailer,
  type Secrets,
} from './platform';
import { passportSecurityHeaders } from './security-headers';
import { passportWebApp } from './web-app';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { currentAccountPlugin } from './modules/sessions/current-account';
import { sessionsRoutes } from './modules/sessions/sessions.routes';
import { twoStepRoutes } from './modules/two-step/two-step.routes';
import { identityRoutes } from './modules/identity/identity.routes';
import { invitationsRoutes } from './modules/invitations/invitations.routes';
import { buildProvider } from './modules/oidc/provider';
import { interactionRoutes } from './modules/oidc/interactions.routes';
import { oidcMount } from './modules/oidc/mount';
import { clientsFromEnv } from './modules/oidc/clients';

export type PassportOptions = {
  env: Env;
  db: Database;
  secrets: Secrets;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** Relying parties besides the dashboard; PASSPORT_CLIENTS when not given. */
  clients?: ClientMetadata[];
};

// Two folders up, then the web app's build: the same from this file and from the bundle in apps/server/dist.
const DEFAULT_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../passport/web/dist');
/** The provider is built again this often, to pick up a rotated signing key. */
const KEY_CHECK_MS = 6 * 60 * 60_000;

export type PassportRoute = { method: string; url: string };
/** Every route a passport app registers (docs/api-map.md is held to them). */
export const passportRoutes = new WeakMap<object, PassportRoute[]>();

/** The passport service (decision 047): its API, its OpenID Connect provider and its web app. */
export async function buildPassportApp(given: PassportOptions) {
  const opts = { ...given, clients: given.clients ?? clientsFromEnv(given.env.PASSPORT_CLIENTS) };
  const app = baseFastify(opts.env, opts.logger);
  const routes: PassportRoute[] = [];
  passportRoutes.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
  });

  await app.register(contextPlugin, { db: opts.db, env: opts.env, mailer: opts.mailer });
  const headers = passportSecurityHeaders(
    [opts.env.appUrl, ...(opts.clients ?? []).flatMap(originsOf)],
    new URL(opts.env.appUrl).origin,
  );
  app.addHook('onRequest', (req, reply, done) => {
    headers(req.raw, reply.raw, (err) => done(err instanceof Error ? err : undefined));
  });
  app.decorateRequest('lang', 'en');
  app.addHook('onRequest', async (req) => {
    req.lang = pickLanguage(req.headers);
  });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1 } });
  await app.register(errorsPlugin);
  // Per address (the passport has no API tokens or devices); its own counters when Redis is shared.
  await app.register(rateLimitsPlugin, { env: opts.env, nameSpace: 'passport-rate-limit:' });
  await app.register(currentAccountPlugin);

  let provider: Provider = await buildProvider({
    issuer: opts.env.passportUrl,
    appUrl: opts.env.appUrl,
    db: opts.db.db,
    secrets: opts.secrets,
    clients: opts.clients,
  });
  const current = () => provider;
  const refresh = setInterval(() => {
    void buildProvider({
      issuer: opts.env.passportUrl,
      appUrl: opts.env.appUrl,
      db: opts.db.db,
      secrets: opts.secrets,
      clients: opts.clients,
    })
      .then((next) => {
        provider = next;
      })
      .catch((err: unknown) => app.log.error({ err }, 'passport key check failed'));
  }, KEY_CHECK_MS).unref();
  app.addHook('onClose', async () => clearInterval(refresh));

  await app.register(oidcMount(current));
  await app.register(interactionRoutes(current));
  await app.register(accountsRoutes);
  await app.register(sessionsRoutes);
  await app.register(twoStepRoutes);
  await app.register(identityRoutes(opts.secrets));
  await app.register(invitationsRoutes);
  await app.register(passportWebApp, { root: opts.env.PASSPORT_DIST || DEFAULT_DIST });
  return app;
}

function originsOf(client: ClientMetadata): string[] {
  return [...(client.redirect_uris ?? []), ...((client.post_logout_redirect_uris as string[] | undefined) ?? [])].map(
    (u) => new URL(u).origin,
  );
}

export type PassportApp = Awaited<ReturnType<typeof buildPassportApp>>;
