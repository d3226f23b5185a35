import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_TOKEN_PERMISSIONS, isAnyAllowed, permissionMapOf, type Permission } from '@app/shared/access/permissions';
import { SESSION, type Language } from '@app/shared/constants';
import { AppError } from '../lib/app-error';
import { pickLanguage } from '../lib/i18n';
import { safeEqual, sha256 } from '../lib/tokens';
import { findEntityByClientToken } from '../modules/entities/entities.repository';
import { AccessCache } from '../modules/access/access-cache';
import { loadSessionAccess } from '../modules/access/access.service';
import { packageAllows } from '../modules/access/permission-check';
import type { AccessContext, EntityRecord } from '../modules/access/access.types';
import { updateSession, type SessionWithUser } from '../modules/auth/sessions.repository';
import { publicRateLimit } from './rate-limits';

/**
 * How a route is reached. Default: a signed-in person (or an entity API token) acting in a company.
 * - public: no sign-in.
 * - user: a signed-in person, company not needed yet (choosing a company, own profile).
 * - entity: a person or API token acting in a company; `permission` is then checked.
 */
export type RouteAccess = {
  auth?: 'public' | 'user' | 'entity';
  /** The permission the route needs; of a list, any one of them. */
  permission?: Permission | readonly Permission[];
  /** Reachable while the company's two-step policy still asks this person to enrol. */
  allowWithoutOtp?: boolean;
  /** Reachable while a sign-in waits for its two-step code. */
  allowOtpPending?: boolean;
  /** Only platform administrators. */
  platformAdmin?: boolean;
  /** Entity API tokens are refused. */
  noClientToken?: boolean;
  /** A public route whose Bearer token is a kiosk's device token, which the route checks itself. */
  deviceToken?: boolean;
  /** A public route whose Bearer token is a passport holder's token (decision 047), checked by the route. */
  holderToken?: boolean;
};

/** A route anyone may call, under the public rate limit (sign-in, links, look-ups). */
export const PUBLIC_ROUTE = { access: { auth: 'public' as const }, rateLimit: publicRateLimit() };
const API_TOKEN_MAP = permissionMapOf(API_TOKEN_PERMISSIONS);

/** Whether a company's API token may call a route with this rule (decision 017). */
export const tokenMayCall = (rule: RouteAccess): boolean =>
  (rule.auth ?? 'entity') === 'entity' &&
  !rule.noClientToken &&
  !rule.platformAdmin &&
  (!rule.permission || isAnyAllowed(API_TOKEN_MAP, rule.permission));

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** Every API route with its access rule, for the permission test and the API map. */
    apiRoutes: { method: string; url: string; access: RouteAccess }[];
  }
  interface FastifyRequest {
    lang: Language;
    session: SessionWithUser | null;
    /** The session's standing in its company (null without a company, or when no longer a member). */
    sessionAccess: AccessContext | null;
    /** The company whose API token the request carries. */
    clientEntity: EntityRecord | null;
    access: AccessContext | null;
    /** An Authorization token that is no company's: refused once the request has been counted. */
    unknownToken: boolean;
  }
  interface FastifyInstance {
    accessCache: AccessCache;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const TOUCH_EVERY_MS = 60_000;

/** What a company's API token may do there: the fixed set of decision 017, company-wide. */
export const clientAccess = (entity: EntityRecord): AccessContext => ({
  entityId: entity.id,
  entity,
  actor: { kind: 'client' },
  role: null,
  permissions: API_TOKEN_MAP,
  otpEnrolmentRequired: false,
  siteIds: null,
  userTypeIds: null,
});

export function requireAccess(req: FastifyRequest): AccessContext {
  if (!req.access) throw new AppError('unauthenticated');
  return req.access;
}

export function requireSession(req: FastifyRequest): SessionWithUser {
  if (!req.session) throw new AppError('unauthenticated');
  return req.session;
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('lang', 'en');
  app.decorateRequest('session', null);
  app.decorateRequest('sessionAccess', null);
  app.decorateRequest('clientEntity', null);
  app.decorateRequest('access', null);
  app.decorateRequest('unknownToken', false);
  const apiRoutes: FastifyInstance['apiRoutes'] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/v1/')) return;
    const access: RouteAccess = route.config?.access ?? {};
    for (const method of [route.method].flat()) {
      // HEAD answers as its GET; OPTIONS is a CORS preflight, not an operation.
      if (method !== 'HEAD' && method !== 'OPTIONS') apiRoutes.push({ method, url: route.url, access });
    }
    // The OpenAPI document says who may call each operation: nobody signed in, a session, or also the token.
    route.schema ??= {};
    route.schema.security =
      access.auth === 'public' ? [] : tokenMayCall(access) ? [{ session: [] }, { clientToken: [] }] : [{ session: [] }];
  });

  const cache = new AccessCache();
  app.decorate('accessCache', cache);
  const stopListening = await app.db.listen('access_changed', {
    notice: (payload) => cache.drop(payload),
    lost: () => cache.suspend(),
    ready: () => cache.resume(),
  });
  app.addHook('onClose', async () => {
    await stopListening();
    cache.suspend();
  });

  app.addHook('onRequest', async (req) => {
    const rule = req.routeOptions.config?.access;
    // A kiosk's device token and a passport holder's token are checked by their routes.
    const bearer =
      rule?.deviceToken || rule?.holderToken ? undefined : req.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
    if (bearer) {
      const hash = sha256(bearer);
      let entity = cache.getToken(hash)?.entity;
      if (!entity) {
        const generation = cache.generation;
        entity = (await findEntityByClientToken(app.db.db, hash)) ?? undefined;
        if (entity) cache.setToken(hash, entity, generation);
      }
      // An unknown token counts against its address (rate-limits.ts) and is refused in preValidation.
      if (entity) {
        req.clientEntity = entity;
        req.callerKey = `t:${hash}`;
      } else req.unknownToken = true;
    } else {
      const sid = req.cookies[SESSION.cookie];
      if (sid) {
        const id = sha256(sid);
        let found = cache.getSession(id);
        if (!found) {
          const generation = cache.generation;
          found = (await loadSessionAccess(app.db.db, id)) ?? undefined;
          if (found) cache.setSession(id, found, generation);
        }
        if (found) {
          req.session = found.found;
          req.callerKey = `s:${id}`;
          req.sessionAccess = found.access;
          if (cache.claimTouch(id, found.found.session.lastSeenAt, TOUCH_EVERY_MS)) {
            await updateSession(app.db.db, id, { lastSeenAt: new Date() });
          }
        }
      }
    }
    req.lang = pickLanguage(req.headers, req.session?.user.lang);
  });

  // Before validation, so a caller who may not call a route learns nothing of its schema.
  app.addHook('preValidation', async (req) => {
    if (req.unknownToken) throw new AppError('unauthenticated');
    // Only the API is guarded here; the web app, its assets and the API document are public.
    if (!req.routeOptions.url?.startsWith('/api/v1/')) return;
    const rule: RouteAccess = req.routeOptions.config.access ?? {};
    const auth = rule.auth ?? 'entity';
    if (auth === 'public') return;
    // The warm-up's in-process calls, as a company that does not exist (plugins/warm-up.ts).
    if (req.warmUpAccess) {
      req.access = req.warmUpAccess;
      return;
    }

    // A cookie session must carry its CSRF token on every state-changing request.
    if (req.session && UNSAFE.has(req.method)) {
      const header = req.headers[SESSION.csrfHeader];
      if (typeof header !== 'string' || !safeEqual(header, req.session.session.csrfToken)) {
        throw new AppError('csrf_failed');
      }
    }

    if (req.clientEntity) {
      if (auth !== 'entity' || rule.noClientToken || rule.platformAdmin) throw new AppError('forbidden');
      req.access = clientAccess(req.clientEntity);
    } else {
      const found = req.session;
      if (!found) throw new AppError('unauthenticated');
      if (found.session.otpPending && !rule.allowOtpPending) {
        throw new AppError('otp_required', { otpError: true });
      }
      if (rule.platformAdmin && !found.user.isPlatformAdmin) throw new AppError('forbidden');
      if (auth === 'user') return;
      if (!found.session.entityId || !req.sessionAccess) throw new AppError('not_a_member');
      req.access = req.sessionAccess;
      if (req.access.otpEnrolmentRequired && !rule.allowWithoutOtp) {
        throw new AppError('otp_enrolment_required', { otpError: true });
      }
    }
    if (!rule.permission) return;
    if (!isAnyAllowed(req.access.permissions, rule.permission)) throw new AppError('forbidden');
    if (!packageAllows(req.access, rule.permission)) {
      throw new AppError('forbidden', { messageKey: 'standalone_package' });
    }
  });
});
