import type { FastifyInstance } from 'fastify';
import { holderTokenBody, holderTokenResponse, qrTokenResponse, redirectResponse } from '@app/shared/passport/schemas';
import {
  AppError,
  currentSigningKey,
  insertOneTimeCode,
  ONE_TIME_CODE_TTL_MS,
  QR_REFRESH_S,
  randomToken,
  sha256,
  signHolderToken,
  signQrIdentity,
  type Secrets,
} from '../../platform';
import { signedIn } from '../sessions/current-account';

/** The person's QR identity, signed now; the page asks again every QR_REFRESH_S seconds. */
export function identityRoutes(secrets: Secrets) {
  return async (app: FastifyInstance) => {
    app.get('/api/qr', { schema: { response: { 200: qrTokenResponse } } }, async (req, reply) => {
      const me = signedIn(req);
      if (me.account.status !== 'active') throw new AppError('passport_deactivated');
      const key = await currentSigningKey(app.db.db, secrets);
      const { token, expiresAt } = await signQrIdentity(key, me.account.id, app.env.passportUrl);
      void reply.header('cache-control', 'no-store');
      return { token, expires_at: expiresAt.toISOString(), refresh_in: QR_REFRESH_S };
    });

    // The holder's visits and sign-in on site are the dashboard's (it keeps the visits): the web app calls
    // it with this token, which names the account to the dashboard's origin only. `scope: profile` is the
    // token handed to a company's form to fill it in: it reads the profile and nothing else.
    app.post(
      '/api/holder-token',
      { schema: { body: holderTokenBody, response: { 200: holderTokenResponse } } },
      async (req, reply) => {
        const me = signedIn(req);
        if (me.account.status !== 'active') throw new AppError('passport_deactivated');
        const key = await currentSigningKey(app.db.db, secrets);
        const { token, expiresAt } = await signHolderToken(key, me.account.id, app.env.passportUrl, app.env.appUrl, {
          scope: (req.body as { scope?: 'all' | 'profile' } | undefined)?.scope,
        });
        void reply.header('cache-control', 'no-store');
        return { token, expires_at: expiresAt.toISOString(), api_url: `${app.env.appUrl}/api/v1` };
      },
    );

    // generate-token-by-id: "open my company dashboard" signs the person in there with a one-time code
    // (/login-one-time), the two-step they did here counting as done.
    app.get('/api/dashboard-link', { schema: { response: { 200: redirectResponse } } }, async (req, reply) => {
      const me = signedIn(req);
      if (me.account.status !== 'active') throw new AppError('passport_deactivated');
      const code = randomToken();
      await insertOneTimeCode(app.db.db, {
        codeHash: sha256(code),
        accountId: me.account.id,
        otpDone: me.account.otpEnabledAt !== null,
        expiresAt: new Date(Date.now() + ONE_TIME_CODE_TTL_MS),
      });
      void reply.header('cache-control', 'no-store');
      return { redirect_to: `${app.env.appUrl}/login-one-time?token=${encodeURIComponent(code)}` };
    });
  };
}
