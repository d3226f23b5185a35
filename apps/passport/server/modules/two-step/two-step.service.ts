import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  AppError,
  sha256,
  tables,
  throttleClear,
  throttleTake,
  verifyPassword,
  type ThrottleRule,
} from '../../platform';
import { newRecoveryCodes, newTotpSecret, totpStep } from '../../platform';
import { updateAccount, type AccountRow } from '../accounts/accounts.repository';
import { mailNotice } from '../accounts/account-mails';
import type { SignedIn } from '../sessions/current-account';
import { deleteAccountSessions, touchPassportSession } from '../sessions/sessions.repository';

const { passportAccounts } = tables;
const OTP_ATTEMPTS: ThrottleRule = { limit: 5, windowMs: 15 * 60_000 };

/**
 * The channel every dashboard node hears when an account turns two-step on: the node that ends the
 * person's dashboard sessions tells their open pages first (`updateUserTwoStepAuth`, decision 047).
 */
export const TWO_STEP_NOTICE = 'passport_two_step';

/** A code is counted before it is checked, so parallel guesses cannot pass the limit. */
async function throttled(app: FastifyInstance, accountId: string, attempt: () => Promise<boolean>) {
  const key = `passport-otp:${accountId}`;
  const slot = await throttleTake(app.db.db, key, OTP_ATTEMPTS);
  if (!slot.allowed) {
    throw new AppError('too_many_otp_attempts', { vars: { seconds: slot.waitSeconds }, retryAfter: slot.waitSeconds });
  }
  if (!(await attempt())) throw new AppError('invalid_otp_code', { field: 'code' });
  await throttleClear(app.db.db, key);
}

/** A TOTP code (never a step already used) or an unused recovery code, spent by one conditional update. */
async function spendCode(app: FastifyInstance, account: AccountRow, code: string): Promise<boolean> {
  if (/^\d{6}$/.test(code)) {
    if (!account.otpSecret) return false;
    const step = await totpStep(account.otpSecret, code, account.otpLastStep);
    if (step === null) return false;
    const rows = await app.db.db
      .update(passportAccounts)
      .set({ otpLastStep: step })
      .where(
        and(
          eq(passportAccounts.id, account.id),
          sql`(${passportAccounts.otpLastStep} is null or ${passportAccounts.otpLastStep} < ${step})`,
        ),
      )
      .returning({ id: passportAccounts.id });
    return rows.length === 1;
  }
  const rows = await app.db.db
    .update(passportAccounts)
    .set({ otpRecoveryCodes: sql`${passportAccounts.otpRecoveryCodes} - ${sha256(code.toLowerCase())}::text` })
    .where(
      and(
        eq(passportAccounts.id, account.id),
        sql`${passportAccounts.otpRecoveryCodes} @> jsonb_build_array(${sha256(code.toLowerCase())}::text)`,
      ),
    )
    .returning({ id: passportAccounts.id });
  return rows.length === 1;
}

/** The second step of signing in to the passport: the waiting session becomes a full one. */
export async function verifySignInCode(app: FastifyInstance, me: SignedIn, code: string) {
  if (!me.session.otpPending) throw new AppError('rule_violation', { field: 'code', messageKey: 'otp_not_pending' });
  await throttled(app, me.account.id, () => spendCode(app, me.account, code));
  await touchPassportSession(app.db.db, me.session.id, { otpPending: false });
}

export async function startTwoStep(app: FastifyInstance, me: SignedIn) {
  if (me.account.otpEnabledAt) throw new AppError('otp_already_enabled');
  const { secret, otpauthUrl } = newTotpSecret('Passport', me.account.email);
  await updateAccount(app.db.db, me.account.id, { otpPendingSecret: secret });
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, width: 240 });
  return { secret, otpauth_url: otpauthUrl, qr_svg: svg };
}

/** Confirms the authenticator with one code: other sessions end, and the dashboard is told. */
export async function enableTwoStep(app: FastifyInstance, me: SignedIn, code: string) {
  const secret = me.account.otpPendingSecret;
  if (me.account.otpEnabledAt) throw new AppError('otp_already_enabled');
  if (!secret) throw new AppError('otp_not_enrolled');
  let step: number | null = null;
  await throttled(app, me.account.id, async () => {
    step = await totpStep(secret, code, null);
    return step !== null;
  });
  const codes = newRecoveryCodes();
  const enabled = await app.db.db.transaction(async (tx) => {
    const rows = await tx
      .update(passportAccounts)
      .set({
        otpSecret: secret,
        otpPendingSecret: null,
        otpLastStep: step,
        otpRecoveryCodes: codes.map((c) => sha256(c)),
        otpEnabledAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(passportAccounts.id, me.account.id), isNull(passportAccounts.otpEnabledAt)))
      .returning({ id: passportAccounts.id });
    if (rows.length === 1) await tx.execute(sql`select pg_notify(${TWO_STEP_NOTICE}, ${me.account.id})`);
    return rows.length === 1;
  });
  if (!enabled) throw new AppError('otp_already_enabled');
  await deleteAccountSessions(app.db.db, me.account.id, me.session.id);
  await mailNotice(app, me.account, 'otp_enabled');
  return { recovery_codes: codes };
}

export async function disableTwoStep(app: FastifyInstance, me: SignedIn, password: string, code: string) {
  if (!me.account.otpEnabledAt) throw new AppError('otp_not_enrolled');
  if (!(await verifyPassword(me.account.passwordHash, password))) {
    throw new AppError('current_password_incorrect', { field: 'password' });
  }
  await throttled(app, me.account.id, () => spendCode(app, me.account, code));
  await updateAccount(app.db.db, me.account.id, {
    otpSecret: null,
    otpPendingSecret: null,
    otpLastStep: null,
    otpRecoveryCodes: [],
    otpEnabledAt: null,
  });
}

export async function renewRecoveryCodes(app: FastifyInstance, me: SignedIn, password: string) {
  if (!me.account.otpEnabledAt) throw new AppError('otp_not_enrolled');
  if (!(await verifyPassword(me.account.passwordHash, password))) {
    throw new AppError('current_password_incorrect', { field: 'password' });
  }
  const codes = newRecoveryCodes();
  await updateAccount(app.db.db, me.account.id, { otpRecoveryCodes: codes.map((c) => sha256(c)) });
  return { recovery_codes: codes };
}
