// How many passwords may be tried, and how a locked account's owner still gets in (decision 016).
// Every attempt is counted before the password is checked, in one statement, so parallel requests
// cannot pass a limit. Failures count per address and per account; a browser that has signed in to
// the account before (or was unlocked by the emailed link) is counted on its own instead of the
// account, so whoever guesses at an account cannot lock its owner out of their own devices.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isLanguage } from '@app/shared/constants';
import { AppError } from '../../lib/app-error';
import { t } from '../../lib/i18n';
import { newId } from '../../lib/ids';
import { randomToken, sha256 } from '../../lib/tokens';
import {
  findTrustedDevice,
  findUserDevice,
  insertLoginDevice,
  touchLoginDevice,
  trustPendingDevice,
} from './login-devices.repository';
import { deviceCookieOptions } from './session-cookies';
import { throttleClear, throttleGiveBack, throttleTake, type ThrottleRule } from './throttle.repository';
import type { UserRow } from './users.repository';

export const LOGIN_PER_ACCOUNT: ThrottleRule = { limit: 5, windowMs: 15 * 60_000 };
export const LOGIN_PER_DEVICE: ThrottleRule = LOGIN_PER_ACCOUNT;
export const LOGIN_PER_ADDRESS: ThrottleRule = { limit: 30, windowMs: 15 * 60_000 };
export const UNLOCK_LINK_TTL_MS = 60 * 60_000;
const DEVICE_TTL_MS = 365 * 24 * 60 * 60_000;
export const DEVICE_COOKIE = 'device';
/** A shared front-desk browser may be trusted by a few people; the oldest falls out. */
const DEVICES_PER_BROWSER = 5;
const TOKEN = /^[A-Za-z0-9_-]{32,64}$/;

export const accountThrottleKey = (email: string) => `login:acct:${email.toLowerCase()}`;

function deviceTokens(req: FastifyRequest): string[] {
  return (req.cookies[DEVICE_COOKIE] ?? '')
    .split('.')
    .filter((token) => TOKEN.test(token))
    .slice(0, DEVICES_PER_BROWSER);
}

function setDeviceTokens(app: FastifyInstance, reply: FastifyReply, tokens: string[]) {
  const value = [...new Set(tokens)].slice(0, DEVICES_PER_BROWSER).join('.');
  void reply.setCookie(DEVICE_COOKIE, value, deviceCookieOptions(app.env, new Date(Date.now() + DEVICE_TTL_MS)));
}

export type SignInAttempt = { addressKey: string; key: string; viaDevice: boolean; hits: number };

/** Counts one attempt for the address and for the account (or this browser); 429 past either limit. */
export async function takeSignInAttempt(
  app: FastifyInstance,
  req: FastifyRequest,
  email: string,
): Promise<SignInAttempt> {
  const addressKey = `login:ip:${req.ip}`;
  const address = await throttleTake(app.db.db, addressKey, LOGIN_PER_ADDRESS);
  if (!address.allowed) {
    throw new AppError('too_many_login_attempts', {
      vars: { seconds: address.waitSeconds },
      retryAfter: address.waitSeconds,
    });
  }
  const device = await findTrustedDevice(app.db.db, deviceTokens(req).map(sha256), email);
  const key = device ? `login:dev:${device.id}` : accountThrottleKey(email);
  const slot = await throttleTake(app.db.db, key, device ? LOGIN_PER_DEVICE : LOGIN_PER_ACCOUNT);
  if (!slot.allowed) {
    // The same answer for every email, known or not: it tells nobody whether an account exists.
    throw new AppError(device ? 'too_many_login_attempts' : 'sign_in_paused', {
      vars: { seconds: slot.waitSeconds, minutes: Math.ceil(slot.waitSeconds / 60) },
      retryAfter: slot.waitSeconds,
    });
  }
  return { addressKey, key, viaDevice: device !== null, hits: slot.hits };
}

/** A wrong password: the attempt stays counted; the one that locks the account tells its owner. */
export async function recordSignInFailure(app: FastifyInstance, attempt: SignInAttempt, user: UserRow | null) {
  if (user && !attempt.viaDevice && attempt.hits === LOGIN_PER_ACCOUNT.limit) await sendUnlockLink(app, user);
}

/** The right password: the address gets its attempt back, the account's count starts again, the browser is known. */
export async function recordSignInSuccess(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  attempt: SignInAttempt,
  user: UserRow,
) {
  await throttleGiveBack(app.db.db, attempt.addressKey);
  await throttleClear(app.db.db, attempt.key);
  await trustBrowser(app, req, reply, user.id);
}

/** Marks this browser as one the person signs in from (refreshing it when it already is). */
async function trustBrowser(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, userId: string) {
  const tokens = deviceTokens(req);
  const expiresAt = new Date(Date.now() + DEVICE_TTL_MS);
  const known = await findUserDevice(app.db.db, tokens.map(sha256), userId);
  if (known) {
    await touchLoginDevice(app.db.db, known.id, expiresAt);
    setDeviceTokens(app, reply, tokens);
    return;
  }
  const token = randomToken();
  await insertLoginDevice(app.db.db, {
    id: newId(),
    userId,
    tokenHash: sha256(token),
    trustedAt: new Date(),
    expiresAt,
  });
  setDeviceTokens(app, reply, [token, ...tokens]);
}

async function sendUnlockLink(app: FastifyInstance, user: UserRow) {
  const token = randomToken();
  await insertLoginDevice(app.db.db, {
    id: newId(),
    userId: user.id,
    tokenHash: sha256(token),
    trustedAt: null,
    expiresAt: new Date(Date.now() + UNLOCK_LINK_TTL_MS),
  });
  const lang = isLanguage(user.lang) ? user.lang : 'en';
  await app.mailer.send({
    to: user.email,
    subject: t(lang, 'emails:unlock_subject'),
    text: t(lang, 'emails:unlock_body', {
      name: user.firstName || user.email,
      link: `${app.env.appUrl}/unlock-sign-in?token=${encodeURIComponent(token)}`,
      minutes: Math.round(UNLOCK_LINK_TTL_MS / 60_000),
    }),
  });
}

/** Opens an unlock link: this browser becomes one the person signs in from. Once only. */
export async function unlockBrowser(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, token: string) {
  const device = TOKEN.test(token)
    ? await trustPendingDevice(app.db.db, sha256(token), new Date(Date.now() + DEVICE_TTL_MS))
    : null;
  if (!device) throw new AppError('reset_link_expired', { field: 'token', messageKey: 'unlock_link_expired' });
  setDeviceTokens(app, reply, [token, ...deviceTokens(req)]);
}
