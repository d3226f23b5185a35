import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isAnyAllowed, permissionMapOf, STANDALONE_PERMISSIONS, type Permission } from '@app/shared/access/permissions';
import { SESSION, type Language } from '@app/shared/constants';
import { AppError } from '../lib/app-error';
import { pickLanguage } from '../lib/i18n';
import { safeEqual, sha256 } from '../lib/tokens';
import { withTenant } from '../db/client';
import { findEntityByClientToken } from '../modules/entities/entities.repository';
import { findEntity, loadAdminPermissions } from '../modules/access/access.repository';
import { loadUserAccess } from '../modules/access/access.service';
import type { AccessContext } from '../modules/access/access.types';
import { findLiveSession, updateSession, type SessionWithUser } from '../modules/auth/sessions.repository';

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
};

const STANDALONE_MAP = permissionMapOf(STANDALONE_PERMISSIONS);

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
    clientEntityId: string | null;
    access: AccessContext | null;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const TOUCH_EVERY_MS = 60_000;

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
  app.decorateRequest('clientEntityId', null);
  app.decorateRequest('access', null);
  const apiRoutes: FastifyInstance['apiRoutes'] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/v1/')) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') apiRoutes.push({ method, url: route.url, access: route.config?.access ?? {} });
    }
  });

  app.addHook('onRequest', async (req) => {
    const bearer = req.routeOptions.config?.access?.deviceToken
      ? undefined
      : req.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
    if (bearer) {
      const entity = await findEntityByClientToken(app.db.db, sha256(bearer));
      if (!entity) throw new AppError('unauthenticated');
      req.clientEntityId = entity.id;
    } else {
      const sid = req.cookies[SESSION.cookie];
      if (sid) {
        const found = await findLiveSession(app.db.db, sha256(sid));
        if (found) {
          req.session = found;
          if (Date.now() - found.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
            await updateSession(app.db.db, found.session.id, { lastSeenAt: new Date() });
          }
        }
      }
    }
    req.lang = pickLanguage(req.headers, req.session?.user.lang);
  });

  // Before validation, so a caller who may not call a route learns nothing of its schema.
  app.addHook('preValidation', async (req) => {
    // Only the API is guarded here; the web app, its assets and the API document are public.
    if (!req.routeOptions.url?.startsWith('/api/v1/')) return;
    const rule: RouteAccess = req.routeOptions.config.access ?? {};
    const auth = rule.auth ?? 'entity';
    if (auth === 'public') return;

    // A cookie session must carry its CSRF token on every state-changing request.
    if (req.session && UNSAFE.has(req.method)) {
      const header = req.headers[SESSION.csrfHeader];
      if (typeof header !== 'string' || !safeEqual(header, req.session.session.csrfToken)) {
        throw new AppError('csrf_failed');
      }
    }

    if (req.clientEntityId) {
      if (auth !== 'entity' || rule.noClientToken || rule.platformAdmin) throw new AppError('forbidden');
      const entityId = req.clientEntityId;
      req.access = await withTenant(app.db.db, entityId, async (tx) => {
        const entity = await findEntity(tx, entityId);
        if (!entity) throw new AppError('unauthenticated');
        return {
          entityId,
          entity,
          actor: { kind: 'client' },
          role: null,
          permissions: await loadAdminPermissions(tx, entityId),
          otpEnrolmentRequired: false,
          siteIds: null,
          userTypeIds: null,
        };
      });
    } else {
      const found = req.session;
      if (!found) throw new AppError('unauthenticated');
      if (found.session.otpPending && !rule.allowOtpPending) {
        throw new AppError('otp_required', { otpError: true });
      }
      if (rule.platformAdmin && !found.user.isPlatformAdmin) throw new AppError('forbidden');
      if (auth === 'user') return;
      const entityId = found.session.entityId;
      if (!entityId) throw new AppError('not_a_member');
      req.access = await loadUserAccess(app.db.db, entityId, found.user);
      if (req.access.otpEnrolmentRequired && !rule.allowWithoutOtp) {
        throw new AppError('otp_enrolment_required', { otpError: true });
      }
    }
    if (!rule.permission) return;
    if (!isAnyAllowed(req.access.permissions, rule.permission)) throw new AppError('forbidden');
    if (req.access.entity.package === 'Standalone' && !isAnyAllowed(STANDALONE_MAP, rule.permission)) {
      throw new AppError('forbidden', { messageKey: 'standalone_package' });
    }
  });
});
