import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LoginBody, SignInResponse } from '@app/shared/auth/schemas';
import { PASSWORD_RESET_TTL_MS, SESSION, isLanguage } from '@app/shared/constants';
import { withTenant } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { t } from '../../lib/i18n';
import { newId } from '../../lib/ids';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { randomToken, sha256 } from '../../lib/tokens';
import { loadUserAccess } from '../access/access.service';
import type { AccessContext } from '../access/access.types';
import { findEntityBySubdomain } from '../entities/entities.repository';
import { acceptInvitation } from '../people/dashboard-access.repository';
import { sessionRoom } from '@app/shared/realtime/events';
import { toLoginResult } from './login-result';
import { queueResetMail } from './reset-mails';
import { clearSessionCookies, setSessionCookies } from './session-cookies';
import { endSessions, endUserSessions } from './session-end';
import { insertSession, updateSession, type SessionWithUser } from './sessions.repository';
import { accountThrottleKey, recordSignInFailure, recordSignInSuccess, takeSignInAttempt } from './sign-in-guard';
import { throttleClear, throttleTake, type ThrottleRule } from './throttle.repository';
import {
  consumePasswordLink,
  endPasswordLinks,
  findUsablePasswordReset,
  findUserByEmail,
  insertPasswordReset,
  listUserMemberships,
  updateUser,
  type UserRow,
} from './users.repository';

export const RESET_PER_ACCOUNT: ThrottleRule = { limit: 3, windowMs: 60 * 60_000 };

/** Opens a session for the person and sets its cookies. */
export async function openSession(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  entityId: string | null,
  otpPending: boolean,
  /** Opened through the passport with its two-step done (decision 047). */
  passportTwoStep = false,
) {
  const sid = randomToken();
  const csrf = randomToken(24);
  const expiresAt = new Date(Date.now() + SESSION.ttlMs);
  const id = sha256(sid);
  await insertSession(app.db.db, {
    id,
    userId: user.id,
    entityId,
    otpPending,
    passportTwoStep,
    csrfToken: csrf,
    ip: req.ip,
    userAgent: req.headers['user-agent']?.slice(0, 300) ?? null,
    expiresAt,
  });
  setSessionCookies(reply, app.env, sid, csrf, expiresAt);
  return { id, csrf };
}

type ResolvedSignIn =
  | { entityId: string; access: AccessContext }
  | { entityId: null; choices: Awaited<ReturnType<typeof listUserMemberships>> };

/** After the password (and the two-step code, if any): the company to open, or the list to pick from. */
export async function resolveSignIn(
  app: FastifyInstance,
  user: UserRow,
  subdomain: string | undefined,
  passportTwoStep = false,
): Promise<ResolvedSignIn> {
  const choices = await listUserMemberships(app.db.db, user.id);
  if (choices.length === 0) throw new AppError('not_a_member');
  let entityId: string | null = null;
  if (subdomain) {
    const entity = await findEntityBySubdomain(app.db.db, subdomain);
    entityId = choices.find((c) => c.entityId === entity?.id)?.entityId ?? null;
    if (!entityId) throw new AppError('not_a_member');
  } else if (choices.length === 1) {
    entityId = choices[0]!.entityId;
  }
  if (!entityId) return { entityId: null, choices };
  return { entityId, access: await loadUserAccess(app.db.db, entityId, user, passportTwoStep) };
}

export function toSignInResponse(user: UserRow, resolved: ResolvedSignIn, csrf: string): SignInResponse {
  if (resolved.entityId !== null) return toLoginResult(user, resolved.access, csrf);
  return {
    status: 'choose_entity',
    csrf_token: csrf,
    entities: resolved.choices.map((c) => ({
      id: c.entityId,
      name: c.name,
      subdomain: c.subdomain,
      logo: c.logo,
      package: c.package === 'Standalone' ? 'Standalone' : 'Cloud',
      role: c.role,
    })),
  };
}

export async function signIn(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, body: LoginBody) {
  const attempt = await takeSignInAttempt(app, req, body.email);
  const user = await findUserByEmail(app.db.db, body.email);
  const ok = await verifyPassword(user?.passwordHash, body.password);
  if (!user || !ok) {
    await recordSignInFailure(app, attempt, user);
    throw new AppError('invalid_credentials');
  }
  await recordSignInSuccess(app, req, reply, attempt, user);
  // Signing in again in a browser ends the session it had: one browser, one session.
  if (req.session) await endSessions(app, [req.session.session.id]);

  if (user.otpEnabled) {
    // The password was right; the session is good for nothing but the two-step code.
    const pendingEntity = body.subdomain
      ? ((await findEntityBySubdomain(app.db.db, body.subdomain))?.id ?? null)
      : null;
    const session = await openSession(app, req, reply, user, pendingEntity, true);
    return { status: 'otp_required', csrf_token: session.csrf } as const;
  }
  // Decide the company before opening the session, so a refused sign-in leaves no session behind.
  const resolved = await resolveSignIn(app, user, body.subdomain);
  const session = await openSession(app, req, reply, user, resolved.entityId, false);
  await rememberEntity(app, user, resolved.entityId);
  return toSignInResponse(user, resolved, session.csrf);
}

export async function rememberEntity(app: FastifyInstance, user: UserRow, entityId: string | null) {
  if (entityId && user.lastEntityId !== entityId) await updateUser(app.db.db, user.id, { lastEntityId: entityId });
  // Opening the company accepts a dashboard invitation there (the person's access becomes active).
  if (entityId) await withTenant(app.db.db, entityId, (tx) => acceptInvitation(tx, entityId, user.id));
}

export async function signOut(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
  if (req.session) await endSessions(app, [req.session.session.id]);
  clearSessionCookies(reply);
}

/** Switches the session to another company of the person's. */
export async function selectEntity(app: FastifyInstance, found: SessionWithUser, entityId: string) {
  const access = await loadUserAccess(app.db.db, entityId, found.user, found.session.passportTwoStep);
  await updateSession(app.db.db, found.session.id, { entityId });
  // The session's sockets leave the company they were in; the page joins the new one.
  await app.realtime.recheckSockets(sessionRoom(found.session.id));
  await rememberEntity(app, found.user, entityId);
  return toLoginResult(found.user, access, found.session.csrfToken);
}

/**
 * Forgot-password: queues the address and answers at once, the same work for an unknown address as for
 * a known one (`reset-mails.ts`); the queued work mails a link to an account that has it.
 */
export function requestPasswordReset(app: FastifyInstance, email: string): void {
  queueResetMail(app, () => mailPasswordReset(app, email));
}

async function mailPasswordReset(app: FastifyInstance, email: string) {
  const user = await findUserByEmail(app.db.db, email);
  if (!user) return;
  if (!(await throttleTake(app.db.db, `reset:${user.id}`, RESET_PER_ACCOUNT)).allowed) return;
  const lang = isLanguage(user.lang) ? user.lang : 'en';
  const link = await issuePasswordLink(app, user.id, PASSWORD_RESET_TTL_MS);
  await app.mailer.send({
    to: user.email,
    subject: t(lang, 'emails:reset_subject'),
    text: t(lang, 'emails:reset_body', {
      name: user.firstName || user.email,
      link,
      minutes: Math.round(PASSWORD_RESET_TTL_MS / 60_000),
    }),
  });
}

/** A single-use link to set a password; only its hash is stored. */
export async function issuePasswordLink(app: FastifyInstance, userId: string, ttlMs: number): Promise<string> {
  const token = randomToken();
  await insertPasswordReset(app.db.db, {
    id: newId(),
    userId,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return passwordLinkUrl(app.env.appUrl, token);
}

/** The page where a password link's token is used (reset, welcome and dashboard invitations). */
export const passwordLinkUrl = (appUrl: string, token: string) =>
  `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;

export async function assertResetTokenUsable(app: FastifyInstance, token: string) {
  const reset = await findUsablePasswordReset(app.db.db, sha256(token));
  if (!reset) throw new AppError('reset_link_expired', { field: 'token' });
  return reset;
}

/** Sets a password through a link. Using one link ends every other link of the person. */
export async function resetPassword(app: FastifyInstance, token: string, password: string) {
  const passwordHash = await hashPassword(password);
  const userId = await consumePasswordLink(app.db.db, sha256(token));
  if (!userId) throw new AppError('reset_link_expired', { field: 'token' });
  const user = await updateUser(app.db.db, userId, { passwordHash, passwordChangedAt: new Date() });
  await endUserSessions(app, userId);
  if (user) await throttleClear(app.db.db, accountThrottleKey(user.email));
  if (user) await notifyPasswordChanged(app, user);
}

export async function changePassword(app: FastifyInstance, found: SessionWithUser, current: string, password: string) {
  if (!(await verifyPassword(found.user.passwordHash, current))) {
    throw new AppError('current_password_incorrect', { field: 'current_password' });
  }
  await updateUser(app.db.db, found.user.id, {
    passwordHash: await hashPassword(password),
    passwordChangedAt: new Date(),
  });
  await endPasswordLinks(app.db.db, found.user.id);
  await endUserSessions(app, found.user.id, found.session.id);
  await notifyPasswordChanged(app, found.user);
}

async function notifyPasswordChanged(app: FastifyInstance, user: UserRow) {
  const lang = isLanguage(user.lang) ? user.lang : 'en';
  await app.mailer.send({
    to: user.email,
    subject: t(lang, 'emails:password_changed_subject'),
    text: t(lang, 'emails:password_changed_body', { name: user.firstName || user.email }),
  });
}
