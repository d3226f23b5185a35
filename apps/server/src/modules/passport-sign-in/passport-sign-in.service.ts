import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PassportExchangeResponse, PassportStatus } from '@app/shared/auth/passport';
import { AppError } from '../../lib/app-error';
import { randomToken, sha256 } from '../../lib/tokens';
import { findEntity } from '../access/access.repository';
import { findEntityBySubdomain } from '../entities/entities.repository';
import { openSession, rememberEntity, resolveSignIn, toSignInResponse } from '../auth/auth.service';
import { endSessions } from '../auth/session-end';
import type { SessionWithUser } from '../auth/sessions.repository';
import { findUserById } from '../auth/users.repository';
import { beginSignIn, exchangeCode, takeCallback, type SignInFlow } from '../oidc-sign-in/relying-party';
import { passportCallbackUrl } from './passport-client';
import {
  findPassport,
  findUsableCode,
  insertOneTimeCode,
  linkedUserId,
  reactivatePassport,
  spendCode,
} from './passport-sign-in.repository';

/** A one-time code is exchanged at once by the page it leads to; five minutes leave room for the dialog. */
export const ONE_TIME_CODE_TTL_MS = 5 * 60_000;
const DAY_MS = 24 * 60 * 60_000;
export const STATE_COOKIE = 'passport_state';

const PASSPORT_FLOW: SignInFlow = {
  provider: 'passport',
  cookie: STATE_COOKIE,
  cookiePath: '/api/v1/auth/passport',
  callbackUrl: passportCallbackUrl,
};

/**
 * The address of the passport's sign-in for this browser: code + PKCE (S256), `state` kept in a cookie
 * of this browser (so a callback started elsewhere is refused), `nonce` checked in the ID token.
 */
export async function startPassportSignIn(
  app: FastifyInstance,
  reply: FastifyReply,
  opts: { subdomain?: string; forceOtp: boolean; lang: string },
): Promise<string> {
  const config = await app.passportClient.config();
  return beginSignIn(app, reply, PASSPORT_FLOW, config, {
    subdomain: opts.subdomain ?? null,
    forceOtp: opts.forceOtp,
    params: { ui_locales: opts.lang, ...(opts.forceOtp ? { force_otp: '1' } : {}) },
  });
}

/**
 * The passport's answer: the code is exchanged (PKCE, state, nonce checked) and a one-time code of ours
 * made for the page /sso/<code>, which opens the session. Where the browser goes next.
 */
export async function finishPassportSignIn(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
  const callback = await takeCallback(app, req, reply, PASSPORT_FLOW);
  if (callback.kind === 'error')
    return `/login?passport=${callback.error === 'access_denied' ? 'cancelled' : 'failed'}`;
  if (callback.kind === 'refused') return '/login?passport=failed';
  try {
    const config = await app.passportClient.config();
    const tokens = await exchangeCode(app, req, config, callback);
    const claims = tokens.claims()!;
    const subdomain = callback.request.subdomain;
    const entity = subdomain ? await findEntityBySubdomain(app.db.db, subdomain) : null;
    const code = randomToken();
    await insertOneTimeCode(app.db.db, {
      codeHash: sha256(code),
      accountId: claims.sub,
      openEntityId: entity?.id ?? null,
      otpDone: Array.isArray(claims.amr) && claims.amr.includes('otp'),
      expiresAt: new Date(Date.now() + ONE_TIME_CODE_TTL_MS),
    });
    return `/sso/${encodeURIComponent(code)}`;
  } catch (err) {
    req.log.warn({ err }, 'passport sign-in failed');
    return '/login?passport=failed';
  }
}

/**
 * /sso/<code> and /login-one-time: a one-time code opens a dashboard session like a password sign-in
 * (the company, or the list to choose from; the dashboard's own two-step code when the passport's was
 * not used). A deactivated passport is first offered reactivation; the code waits for the answer.
 */
export async function exchangeOneTimeCode(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  code: string,
  { reactivate }: { reactivate: boolean },
): Promise<PassportExchangeResponse> {
  const expired = () => new AppError('reset_link_expired', { field: 'code', messageKey: 'passport_link_expired' });
  const found = await findUsableCode(app.db.db, sha256(code));
  if (!found) throw expired();
  // A company's own identity provider names the dashboard login itself (company-sign-in).
  const passport = found.accountId ? await findPassport(app.db.db, found.accountId) : null;
  if (found.accountId && !passport) throw expired();
  if (passport?.status === 'deactivated' && !reactivate) {
    const since = passport.deactivatedAt?.getTime() ?? Date.now();
    return { status: 'passport_deactivated', days: Math.max(0, Math.floor((Date.now() - since) / DAY_MS)) };
  }
  const userId = passport ? await linkedUserId(app.db.db, passport) : found.userId;
  const user = userId ? await findUserById(app.db.db, userId) : null;
  if (!user) throw new AppError('passport_not_linked', { vars: { email: passport?.email ?? '' } });
  const entity = found.openEntityId ? await findEntity(app.db.db, found.openEntityId) : null;
  // A company's own provider opens that company only (by its subdomain): never another, never the list.
  if (found.userId && !entity?.subdomain) throw expired();
  if (!(await spendCode(app.db.db, sha256(code)))) throw expired();
  if (passport?.status === 'deactivated') await reactivatePassport(app.db.db, passport.id);

  if (req.session) await endSessions(app, [req.session.session.id]);
  if (user.otpEnabled && !found.otpDone) {
    const pending = await openSession(app, req, reply, user, entity?.id ?? null, true);
    return { status: 'otp_required', csrf_token: pending.csrf };
  }
  const resolved = await resolveSignIn(app, user, entity?.subdomain ?? undefined, found.otpDone);
  const session = await openSession(app, req, reply, user, resolved.entityId, false, found.otpDone);
  await rememberEntity(app, user, resolved.entityId);
  return toSignInResponse(user, resolved, session.csrf);
}

/** check-activation-status: the signed-in person's passport, if they have one. */
export async function passportStatus(app: FastifyInstance, found: SessionWithUser): Promise<PassportStatus> {
  const passport = found.user.passportId ? await findPassport(app.db.db, found.user.passportId) : null;
  const since = passport?.deactivatedAt?.getTime();
  return {
    passport_url: app.env.passportUrl,
    linked: passport !== null,
    active: passport?.status === 'active',
    days_deactivated:
      passport?.status === 'deactivated' && since ? Math.max(0, Math.floor((Date.now() - since) / DAY_MS)) : null,
  };
}
