import type { FastifyInstance } from 'fastify';
import { isLanguage, type Language } from '@app/shared/constants';
import { randomToken, sha256, t, throttleTake, type ThrottleRule } from '../../platform';
import { insertEmailToken, type AccountRow, type EmailTokenPurpose } from './accounts.repository';

export const VERIFY_TTL_MS = 24 * 60 * 60_000;
export const RESET_TTL_MS = 60 * 60_000;
/** Mails the passport sends one address, whatever they are for. */
const MAILS_PER_ADDRESS: ThrottleRule = { limit: 5, windowMs: 60 * 60_000 };

const langOf = (account: { lang: string }): Language => (isLanguage(account.lang) ? account.lang : 'en');

/** A single-use link on the passport's origin; only its hash is kept. */
async function issueLink(app: FastifyInstance, account: AccountRow, purpose: EmailTokenPurpose, ttlMs: number) {
  const token = randomToken();
  await insertEmailToken(app.db.db, {
    tokenHash: sha256(token),
    accountId: account.id,
    purpose,
    expiresAt: new Date(Date.now() + ttlMs),
  });
  const page = purpose === 'verify' ? 'verify' : 'reset-password';
  return `${app.env.passportUrl}/${page}?token=${encodeURIComponent(token)}`;
}

/** False when the address has had its share of mails this hour: the request is dropped silently. */
const mayMail = async (app: FastifyInstance, email: string) =>
  (await throttleTake(app.db.db, `passport-mail:${email.toLowerCase()}`, MAILS_PER_ADDRESS)).allowed;

async function send(app: FastifyInstance, account: AccountRow, key: string, vars: Record<string, string | number>) {
  const lang = langOf(account);
  await app.mailer.send({
    to: account.email,
    subject: t(lang, `emails:passport_${key}_subject`),
    text: t(lang, `emails:passport_${key}_body`, { name: account.firstName || account.email, ...vars }),
  });
}

export async function mailVerifyLink(app: FastifyInstance, account: AccountRow) {
  if (!(await mayMail(app, account.email))) return;
  const link = await issueLink(app, account, 'verify', VERIFY_TTL_MS);
  await send(app, account, 'verify', { link, hours: VERIFY_TTL_MS / 3_600_000 });
}

/** Someone tried to create a passport with an address that already has one: its owner is told, nobody else. */
export async function mailAlreadyRegistered(app: FastifyInstance, account: AccountRow) {
  if (!(await mayMail(app, account.email))) return;
  const link = await issueLink(app, account, 'reset', RESET_TTL_MS);
  await send(app, account, 'exists', { link, sign_in: `${app.env.passportUrl}/sign-in` });
}

export async function mailResetLink(app: FastifyInstance, account: AccountRow) {
  if (!(await mayMail(app, account.email))) return;
  const link = await issueLink(app, account, 'reset', RESET_TTL_MS);
  await send(app, account, 'reset', { link, minutes: RESET_TTL_MS / 60_000 });
}

export async function mailNotice(
  app: FastifyInstance,
  account: AccountRow,
  key: 'password_changed' | 'otp_enabled' | 'deactivated',
) {
  await send(app, account, key, {});
}
