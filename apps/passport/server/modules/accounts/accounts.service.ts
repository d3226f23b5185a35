import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { PassportAccount, SignUpBody, accountPatchBody } from '@app/shared/passport/schemas';
import { isLanguage, LIMITS } from '@app/shared/constants';
import {
  AppError,
  checkImage,
  hashPassword,
  newId,
  queueMail,
  sha256,
  throttleClear,
  throttleTake,
  verifyPassword,
  type ThrottleRule,
} from '../../platform';
import { clearPassportCookie, openPassportSession, type SignedIn } from '../sessions/current-account';
import { deleteAccountSessions, deletePassportSession } from '../sessions/sessions.repository';
import {
  consumeEmailToken,
  findAccount,
  findAccountByEmail,
  insertAccount,
  updateAccount,
  type AccountRow,
} from './accounts.repository';
import { mailAlreadyRegistered, mailNotice, mailResetLink, mailVerifyLink } from './account-mails';

/** Wrong passwords per address, and per calling address, before sign-in waits. */
const SIGN_IN_PER_ACCOUNT: ThrottleRule = { limit: 10, windowMs: 15 * 60_000 };
const SIGN_IN_PER_IP: ThrottleRule = { limit: 100, windowMs: 15 * 60_000 };

export function toAccount(row: AccountRow): PassportAccount {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    phone: row.phone,
    lang: isLanguage(row.lang) ? row.lang : 'en',
    photo: row.photo ? `/api/me/photo?v=${row.photoVersion}` : null,
    two_step_enabled: row.otpEnabledAt !== null,
    status: row.status === 'deactivated' ? 'deactivated' : 'active',
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Sign-up answers before it looks anything up, the same for every address: a new address gets an
 * account and a link to verify it; one that has a passport gets a note to its owner (with a reset link),
 * an unverified one a fresh link. Nobody learns from the answer whether an address has a passport.
 */
export function signUp(app: FastifyInstance, body: SignUpBody): void {
  queueMail(app, async () => {
    const existing = await findAccountByEmail(app.db.db, body.email);
    if (existing?.emailVerifiedAt) return mailAlreadyRegistered(app, existing);
    if (existing) return mailVerifyLink(app, existing);
    const made = await insertAccount(app.db.db, {
      id: newId(),
      email: body.email,
      passwordHash: await hashPassword(body.password),
      firstName: body.first_name,
      lastName: body.last_name,
      lang: body.lang,
    });
    if (made) await mailVerifyLink(app, made);
  });
}

export function resendVerification(app: FastifyInstance, email: string): void {
  queueMail(app, async () => {
    const account = await findAccountByEmail(app.db.db, email);
    if (account && !account.emailVerifiedAt) await mailVerifyLink(app, account);
  });
}

/** The link from the sign-up mail: the address is verified and this browser signed in. */
export async function verifyEmail(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, token: string) {
  const accountId = await consumeEmailToken(app.db.db, sha256(token), 'verify');
  if (!accountId) throw new AppError('reset_link_expired', { field: 'token', messageKey: 'passport_link_expired' });
  const account = await updateAccount(app.db.db, accountId, { emailVerifiedAt: new Date() });
  if (!account) throw new AppError('reset_link_expired', { field: 'token', messageKey: 'passport_link_expired' });
  await openPassportSession(app, req, reply, account, account.otpEnabledAt !== null);
  return { status: account.otpEnabledAt ? ('otp_required' as const) : ('ok' as const) };
}

async function takeAttempt(app: FastifyInstance, req: FastifyRequest, email: string) {
  for (const [key, rule] of [
    [`passport-sign-in:${email.toLowerCase()}`, SIGN_IN_PER_ACCOUNT],
    [`passport-sign-in-ip:${req.ip}`, SIGN_IN_PER_IP],
  ] as const) {
    const slot = await throttleTake(app.db.db, key, rule);
    if (!slot.allowed) {
      throw new AppError('too_many_login_attempts', {
        vars: { seconds: slot.waitSeconds },
        retryAfter: slot.waitSeconds,
      });
    }
  }
}

export async function signIn(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  body: { email: string; password: string },
) {
  await takeAttempt(app, req, body.email);
  const account = await findAccountByEmail(app.db.db, body.email);
  if (!account || !(await verifyPassword(account.passwordHash, body.password))) {
    throw new AppError('invalid_credentials');
  }
  // Said only to whoever knows the password: it reveals nothing to anyone else.
  if (!account.emailVerifiedAt) throw new AppError('email_not_verified');
  await throttleClear(app.db.db, `passport-sign-in:${body.email.toLowerCase()}`);
  if (req.passport) await deletePassportSession(app.db.db, req.passport.account.id, req.passport.session.id);
  const pending = account.otpEnabledAt !== null;
  await openPassportSession(app, req, reply, account, pending);
  return { status: pending ? ('otp_required' as const) : ('ok' as const) };
}

export async function signOut(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
  if (req.passport) await deletePassportSession(app.db.db, req.passport.account.id, req.passport.session.id);
  clearPassportCookie(reply);
}

export function forgotPassword(app: FastifyInstance, email: string): void {
  queueMail(app, async () => {
    const account = await findAccountByEmail(app.db.db, email);
    if (account) await mailResetLink(app, account);
  });
}

/** A reset link sets the password, verifies the address (the link proves it) and ends every session. */
export async function resetPassword(app: FastifyInstance, token: string, password: string) {
  const passwordHash = await hashPassword(password);
  const accountId = await consumeEmailToken(app.db.db, sha256(token), 'reset');
  if (!accountId) throw new AppError('reset_link_expired', { field: 'token' });
  const before = await findAccount(app.db.db, accountId);
  const account = await updateAccount(app.db.db, accountId, {
    passwordHash,
    passwordChangedAt: new Date(),
    emailVerifiedAt: before?.emailVerifiedAt ?? new Date(),
  });
  await deleteAccountSessions(app.db.db, accountId);
  if (account) await mailNotice(app, account, 'password_changed');
}

export async function changePassword(app: FastifyInstance, me: SignedIn, current: string, password: string) {
  if (!(await verifyPassword(me.account.passwordHash, current))) {
    throw new AppError('current_password_incorrect', { field: 'current_password' });
  }
  await updateAccount(app.db.db, me.account.id, {
    passwordHash: await hashPassword(password),
    passwordChangedAt: new Date(),
  });
  await deleteAccountSessions(app.db.db, me.account.id, me.session.id);
  await mailNotice(app, me.account, 'password_changed');
}

export async function updateProfile(app: FastifyInstance, me: SignedIn, patch: z.infer<typeof accountPatchBody>) {
  const row = await updateAccount(app.db.db, me.account.id, {
    ...(patch.first_name !== undefined ? { firstName: patch.first_name } : {}),
    ...(patch.last_name !== undefined ? { lastName: patch.last_name } : {}),
    ...(patch.phone !== undefined ? { phone: patch.phone || null } : {}),
    ...(patch.lang !== undefined ? { lang: patch.lang } : {}),
  });
  return toAccount(row ?? me.account);
}

/** The spec's photo rules (size and dimensions), decoded and stored as our own image. */
export async function setPhoto(app: FastifyInstance, me: SignedIn, data: Buffer) {
  const image = await checkImage(data, LIMITS.photo, 'image');
  const key = `passport/${me.account.id}/photo-${me.account.photoVersion + 1}.${image.kind}`;
  await app.files.put(key, image.data);
  const row = await updateAccount(app.db.db, me.account.id, { photo: key, photoVersion: me.account.photoVersion + 1 });
  if (me.account.photo) await app.files.remove(me.account.photo);
  return toAccount(row ?? me.account);
}

/** Deactivating keeps the account (it can be reactivated) and ends every session. */
export async function deactivate(app: FastifyInstance, reply: FastifyReply, me: SignedIn, password: string) {
  if (!(await verifyPassword(me.account.passwordHash, password))) {
    throw new AppError('current_password_incorrect', { field: 'password' });
  }
  const row = await updateAccount(app.db.db, me.account.id, { status: 'deactivated', deactivatedAt: new Date() });
  await deleteAccountSessions(app.db.db, me.account.id);
  clearPassportCookie(reply);
  if (row) await mailNotice(app, row, 'deactivated');
}
