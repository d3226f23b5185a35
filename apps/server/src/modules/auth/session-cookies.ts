import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import { SESSION } from '@app/shared/constants';
import type { Env } from '../../config/env';

const isSecure = (env: Env) => env.COOKIE_SECURE || env.appUrl.startsWith('https://');

export function setSessionCookies(reply: FastifyReply, env: Env, sid: string, csrf: string, expires: Date) {
  const secure = isSecure(env);
  void reply.setCookie(SESSION.cookie, sid, { httpOnly: true, sameSite: 'lax', secure, path: '/', expires });
  // Readable by the page: it sends it back as x-csrf-token (double submit, checked against the session).
  void reply.setCookie(SESSION.csrfCookie, csrf, { httpOnly: false, sameSite: 'lax', secure, path: '/', expires });
}

export function clearSessionCookies(reply: FastifyReply) {
  void reply.clearCookie(SESSION.cookie, { path: '/' });
  void reply.clearCookie(SESSION.csrfCookie, { path: '/' });
}

/** The browser's sign-in devices: sent only to the sign-in endpoints, never readable by the page. */
export const deviceCookieOptions = (env: Env, expires: Date): CookieSerializeOptions => ({
  httpOnly: true,
  sameSite: 'lax',
  secure: isSecure(env),
  path: '/api/v1/auth',
  expires,
});
