import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { isLanguage } from '@app/shared/constants';
import { userRoom } from '@app/shared/realtime/events';
import { AppError } from '../../lib/app-error';
import { t } from '../../lib/i18n';
import { verifyPassword } from '../../lib/passwords';
import { sha256 } from '../../lib/tokens';
import { newRecoveryCodes, newTotpSecret, totpStep } from '../../lib/totp';
import { findEntity } from '../access/access.repository';
import { openSession, rememberEntity, resolveSignIn, toSignInResponse } from './auth.service';
import { endUserSessions } from './session-end';
import { consumePendingSession, type SessionWithUser } from './sessions.repository';
import { throttleClear, throttleTake, type ThrottleRule } from './throttle.repository';
import { enableTwoStep, spendRecoveryCode, spendTotpStep, updateUser, type UserRow } from './users.repository';

export const OTP_ATTEMPTS: ThrottleRule = { limit: 5, windowMs: 15 * 60_000 };

/**
 * A TOTP code (one step either side, never a step already used) or an unused recovery code. The code
 * is spent by one conditional update, so of several requests sending it at once exactly one succeeds.
 */
async function spendCode(app: FastifyInstance, user: UserRow, code: string): Promise<boolean> {
  if (/^\d{6}$/.test(code)) {
    if (!user.otpSecret) return false;
    const step = await totpStep(user.otpSecret, code, user.otpLastStep);
    return step !== null && spendTotpStep(app.db.db, user.id, step);
  }
  return spendRecoveryCode(app.db.db, user.id, sha256(code.toLowerCase()));
}

/**
 * At most OTP_ATTEMPTS codes are checked per window: the attempt is counted before the code is
 * looked at, so parallel guesses cannot pass the limit. A right code clears the count.
 */
async function throttled(app: FastifyInstance, userId: string, attempt: () => Promise<boolean>) {
  const key = `otp:${userId}`;
  const slot = await throttleTake(app.db.db, key, OTP_ATTEMPTS);
  if (!slot.allowed) {
    throw new AppError('too_many_otp_attempts', { vars: { seconds: slot.waitSeconds }, retryAfter: slot.waitSeconds });
  }
  if (!(await attempt())) throw new AppError('invalid_otp_code', { field: 'code' });
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
  if (!found.session.otpPending) throw new AppError('rule_violation', { field: 'code', messageKey: 'otp_not_pending' });
  await throttled(app, found.user.id, () => spendCode(app, found.user, code));
  const subdomain = found.session.entityId
    ? ((await findEntity(app.db.db, found.session.entityId))?.subdomain ?? undefined)
    : undefined;
  const resolved = await resolveSignIn(app, found.user, subdomain);
  // One full session per pending one, even when two right codes arrive at once.
  if (!(await consumePendingSession(app.db.db, found.session.id))) throw new AppError('session_expired');
  const session = await openSession(app, req, reply, found.user, resolved.entityId, false);
  await rememberEntity(app, found.user, resolved.entityId);
  return toSignInResponse(found.user, resolved, session.csrf);
}

export async function startEnrolment(app: FastifyInstance, user: UserRow) {
  if (user.otpEnabled) throw new AppError('otp_already_enabled');
  const { secret, otpauthUrl } = newTotpSecret(app.env.PROVIDER_NAME, user.email);
  await updateUser(app.db.db, user.id, { otpPendingSecret: secret });
  return { secret, otpauth_url: otpauthUrl, qr_code: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 }) };
}

/** Confirms the authenticator with one code; other sessions end (they were opened without two-step). */
export async function finishEnrolment(app: FastifyInstance, found: SessionWithUser, code: string) {
  const user = found.user;
  if (user.otpEnabled) throw new AppError('otp_already_enabled');
  if (!user.otpPendingSecret) throw new AppError('otp_not_enrolled');
  const secret = user.otpPendingSecret;
  let step: number | null = null;
  await throttled(app, user.id, async () => {
    step = await totpStep(secret, code, null);
    return step !== null;
  });
  const codes = newRecoveryCodes();
  const enabled = await enableTwoStep(app.db.db, user.id, {
    secret,
    lastStep: step,
    recoveryCodeHashes: codes.map((c) => sha256(c)),
  });
  // Another request enrolled first: its recovery codes are the ones that count.
  if (!enabled) throw new AppError('otp_already_enabled');
  await endUserSessions(app, user.id, found.session.id);
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
  // In a company that requires two-step for the person's role, their sockets stop receiving its events.
  await app.realtime.recheckSockets(userRoom(found.user.id));
}
