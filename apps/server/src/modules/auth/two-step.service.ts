import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { generateSecret, generateURI, verify } from 'otplib';
import { isLanguage } from '@app/shared/constants';
import { AppError } from '../../lib/app-error';
import { t } from '../../lib/i18n';
import { verifyPassword } from '../../lib/passwords';
import { randomToken, sha256 } from '../../lib/tokens';
import { findEntity } from '../access/access.repository';
import { openSession, rememberEntity, resolveSignIn, toSignInResponse } from './auth.service';
import { deleteSession, deleteUserSessions, type SessionWithUser } from './sessions.repository';
import { throttleClear, throttleHit, throttleWait, type ThrottleRule } from './throttle.repository';
import { updateUser, type UserRow } from './users.repository';

export const OTP_ATTEMPTS: ThrottleRule = { limit: 5, windowMs: 15 * 60_000 };
const RECOVERY_CODES = 10;
const TOTP_PERIOD = 30;

const newRecoveryCode = () => {
  const raw = randomToken(8)
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase()
    .padEnd(10, '0')
    .slice(0, 10);
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
};

const timeStepOf = (result: object): number | null =>
  'timeStep' in result && typeof result.timeStep === 'number' ? result.timeStep : null;

/** A TOTP code (one step either side, never a step already used) or an unused recovery code. */
async function checkCode(app: FastifyInstance, user: UserRow, code: string): Promise<boolean> {
  if (/^\d{6}$/.test(code)) {
    if (!user.otpSecret) return false;
    const result = await verify({
      secret: user.otpSecret,
      token: code,
      epochTolerance: TOTP_PERIOD,
      ...(user.otpLastStep !== null ? { afterTimeStep: user.otpLastStep } : {}),
    }).catch(() => ({ valid: false }) as const);
    if (!result.valid) return false;
    await updateUser(app.db.db, user.id, { otpLastStep: timeStepOf(result) });
    return true;
  }
  const hashed = sha256(code.toLowerCase());
  if (!user.otpRecoveryCodes.includes(hashed)) return false;
  await updateUser(app.db.db, user.id, { otpRecoveryCodes: user.otpRecoveryCodes.filter((c) => c !== hashed) });
  return true;
}

async function throttled(app: FastifyInstance, userId: string, attempt: () => Promise<boolean>) {
  const key = `otp:${userId}`;
  const wait = await throttleWait(app.db.db, key, OTP_ATTEMPTS);
  if (wait > 0) throw new AppError('too_many_otp_attempts', { vars: { seconds: wait }, retryAfter: wait });
  if (!(await attempt())) {
    await throttleHit(app.db.db, key, OTP_ATTEMPTS);
    throw new AppError('invalid_otp_code', { field: 'code' });
  }
  await throttleClear(app.db.db, key);
}

/** Second step of sign-in: the pending session is replaced by a full one. */
export async function verifySignInCode(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  found: SessionWithUser,
  code: string,
) {
  if (!found.session.otpPending) throw new AppError('forbidden');
  await throttled(app, found.user.id, () => checkCode(app, found.user, code));
  const subdomain = found.session.entityId
    ? ((await findEntity(app.db.db, found.session.entityId))?.subdomain ?? undefined)
    : undefined;
  const resolved = await resolveSignIn(app, found.user, subdomain);
  await deleteSession(app.db.db, found.session.id);
  const session = await openSession(app, req, reply, found.user, resolved.entityId, false);
  await rememberEntity(app, found.user, resolved.entityId);
  return toSignInResponse(found.user, resolved, session.csrf);
}

export async function startEnrolment(app: FastifyInstance, user: UserRow) {
  if (user.otpEnabled) throw new AppError('otp_already_enabled');
  const secret = generateSecret();
  await updateUser(app.db.db, user.id, { otpPendingSecret: secret });
  const otpauthUrl = generateURI({ issuer: app.env.PROVIDER_NAME, label: user.email, secret });
  return { secret, otpauth_url: otpauthUrl, qr_code: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 }) };
}

/** Confirms the authenticator with one code; other sessions end (they were opened without two-step). */
export async function finishEnrolment(app: FastifyInstance, found: SessionWithUser, code: string) {
  const user = found.user;
  if (user.otpEnabled) throw new AppError('otp_already_enabled');
  if (!user.otpPendingSecret) throw new AppError('otp_not_enrolled');
  const secret = user.otpPendingSecret;
  await throttled(app, user.id, async () => {
    const result = await verify({ secret, token: code, epochTolerance: TOTP_PERIOD }).catch(
      () => ({ valid: false }) as const,
    );
    if (result.valid) await updateUser(app.db.db, user.id, { otpLastStep: timeStepOf(result) });
    return result.valid;
  });
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await updateUser(app.db.db, user.id, {
    otpEnabled: true,
    otpSecret: secret,
    otpPendingSecret: null,
    otpRecoveryCodes: codes.map((c) => sha256(c)),
  });
  await deleteUserSessions(app.db.db, user.id, found.session.id);
  app.realtime.toUserExceptSession(user.id, found.session.id, 'updateUserTwoStepAuth', {
    isOtpEnabled: true,
    user_id: user.id,
  });
  const lang = isLanguage(user.lang) ? user.lang : 'en';
  await app.mailer.send({
    to: user.email,
    subject: t(lang, 'emails:otp_enabled_subject'),
    text: t(lang, 'emails:otp_enabled_body', { name: user.firstName || user.email }),
  });
  return { recovery_codes: codes };
}

export async function disableTwoStep(app: FastifyInstance, found: SessionWithUser, password: string) {
  if (!(await verifyPassword(found.user.passwordHash, password))) {
    throw new AppError('current_password_incorrect', { field: 'password' });
  }
  await updateUser(app.db.db, found.user.id, {
    otpEnabled: false,
    otpSecret: null,
    otpPendingSecret: null,
    otpRecoveryCodes: [],
    otpLastStep: null,
  });
  app.realtime.toUserExceptSession(found.user.id, found.session.id, 'updateUserTwoStepAuth', {
    isOtpEnabled: false,
    user_id: found.user.id,
  });
}
