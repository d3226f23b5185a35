import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, randomToken, sha256, type Env } from '../../platform';
import type { AccountRow } from '../accounts/accounts.repository';
import { sessionOfCookieValue, type SignedIn } from './session-of-cookie';
import { insertPassportSession } from './sessions.repository';

export const PASSPORT_COOKIE = 'passport_sid';
export const PASSPORT_SESSION_TTL_MS = 30 * 24 * 60 * 60_000;

export type { SignedIn };

declare module 'fastify' {
  interface FastifyRequest {
    /** The passport session this browser holds, and its account; null when signed out. */
    passport: SignedIn | null;
  }
}

const isSecure = (env: Env) => env.COOKIE_SECURE || env.passportUrl.startsWith('https://');

/** Opens a session for the account in this browser and sets its cookie. */
export async function openPassportSession(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  account: AccountRow,
  otpPending: boolean,
) {
  const sid = randomToken();
  const expiresAt = new Date(Date.now() + PASSPORT_SESSION_TTL_MS);
  const id = sha256(sid);
  await insertPassportSession(app.db.db, {
    id,
    accountId: account.id,
    otpPending,
    ip: req.ip,
    userAgent: req.headers['user-agent']?.slice(0, 300) ?? null,
    expiresAt,
  });
  void reply.setCookie(PASSPORT_COOKIE, sid, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(app.env),
    path: '/',
    expires: expiresAt,
  });
  return id;
}

export function clearPassportCookie(reply: FastifyReply) {
  void reply.clearCookie(PASSPORT_COOKIE, { path: '/' });
}

/**
 * Reads the passport session of every API request (/api and an interaction's /interaction/<uid>/api), and guards the API against other sites: a request
 * that changes anything must carry the `x-passport` header, which a form or an image on another site
 * cannot send (and a script there cannot without a preflight this server never answers).
 */
export const currentAccountPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('passport', null);
  app.addHook('preHandler', async (req) => {
    if (!req.url.startsWith('/api/') && !req.url.startsWith('/interaction/')) return;
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.headers['x-passport'] !== '1') {
      throw new AppError('csrf_failed');
    }
    req.passport = await sessionOfCookieValue(app.db.db, req.cookies[PASSPORT_COOKIE]);
  });
});

/** The signed-in account; refuses a signed-out browser and one whose sign-in waits for its code. */
export function signedIn(req: FastifyRequest): SignedIn {
  if (!req.passport || req.passport.session.otpPending) throw new AppError('unauthenticated');
  return req.passport;
}
