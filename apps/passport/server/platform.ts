// What the passport uses of the dashboard server's foundations: one database, one way to answer errors,
// to hash passwords, to keep files and send mail. Imported from here only, so the passport's modules name
// their dependencies on the dashboard's code in one place.
export type { Env } from '../../server/src/config/env';
export { loadEnv } from '../../server/src/config/env';
export { openDatabase, type Database, type Executor } from '../../server/src/db/client';
export * as tables from '../../server/src/db/schema/index';
export { AppError, notFound } from '../../server/src/lib/app-error';
export { pickLanguage, t } from '../../server/src/lib/i18n';
export { newId } from '../../server/src/lib/ids';
export { checkImage } from '../../server/src/lib/images';
export { hashPassword, verifyPassword } from '../../server/src/lib/passwords';
export { loadSecrets, type Secrets } from '../../server/src/lib/secrets';
export { randomToken, safeEqual, sha256 } from '../../server/src/lib/tokens';
export { newRecoveryCodes, newTotpSecret, totpStep } from '../../server/src/lib/totp';
export { readSingleFile } from '../../server/src/lib/uploads';
export type { Mailer } from '../../server/src/modules/mail/mailer';
export {
  queueResetMail as queueMail,
  resetMailsSent as queuedMailsSent,
} from '../../server/src/modules/auth/reset-mails';
export { throttleClear, throttleTake, type ThrottleRule } from '../../server/src/modules/auth/throttle.repository';
export { contextPlugin } from '../../server/src/plugins/db';
export { errorsPlugin } from '../../server/src/plugins/errors';
export { publicRateLimit, rateLimitsPlugin } from '../../server/src/plugins/rate-limits';
export { buildSecurityHeaders } from '../../server/src/plugins/security-headers';
export { baseFastify } from '../../server/src/lib/fastify-base';
export { currentSigningKey, privateKeySet, publishedKeys } from '../../server/src/modules/passport-trust/signing-keys';
export { QR_REFRESH_S, signQrIdentity } from '../../server/src/modules/passport-trust/qr-identity';
export { signHolderToken } from '../../server/src/modules/passport-trust/holder-token';
export {
  DASHBOARD_CLIENT_ID,
  dashboardClientSecret,
  passportCallbackUrl,
} from '../../server/src/modules/passport-sign-in/passport-client';
export { ONE_TIME_CODE_TTL_MS } from '../../server/src/modules/passport-sign-in/passport-sign-in.service';
export { insertOneTimeCode } from '../../server/src/modules/passport-sign-in/passport-sign-in.repository';
export { withTenant } from '../../server/src/db/client';
export {
  acceptInvitation,
  disableMemberships,
  endSessionsInEntity,
  setDashboardAccess,
} from '../../server/src/modules/people/dashboard-access.repository';
export { publicLogoUrl } from '../../server/src/modules/entities/public-logo';
