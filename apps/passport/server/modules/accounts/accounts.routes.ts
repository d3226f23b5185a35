import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  accountPatchBody,
  accountSchema,
  changePasswordBody,
  forgotBody,
  mailSentResponse,
  passportOtpBody,
  passportSignInBody,
  passwordConfirmBody,
  resetBody,
  signInResponse,
  signUpBody,
  tokenBody,
} from '@app/shared/passport/schemas';
import { LIMITS } from '@app/shared/constants';
import { AppError, publicRateLimit, readSingleFile } from '../../platform';
import { signedIn } from '../sessions/current-account';
import { verifySignInCode } from '../two-step/two-step.service';
import {
  changePassword,
  deactivate,
  forgotPassword,
  resendVerification,
  resetPassword,
  setPhoto,
  signIn,
  signOut,
  signUp,
  toAccount,
  updateProfile,
  verifyEmail,
} from './accounts.service';

const MAIL_SENT = { status: 'mail_sent' as const };
/** What anyone may call without an account, or that sends mail: PUBLIC_RATE_LIMIT per address. */
const PUBLIC = { rateLimit: publicRateLimit() };
const PHOTO_MAX_BYTES = LIMITS.photo.maxBytes;

export async function accountsRoutes(app: FastifyInstance) {
  app.post(
    '/api/sign-up',
    { config: PUBLIC, schema: { body: signUpBody, response: { 202: mailSentResponse } } },
    async (req, reply) => {
      signUp(app, signUpBody.parse(req.body));
      return reply.status(202).send(MAIL_SENT);
    },
  );

  app.post(
    '/api/resend-verification',
    { config: PUBLIC, schema: { body: forgotBody, response: { 202: mailSentResponse } } },
    async (req, reply) => {
      resendVerification(app, forgotBody.parse(req.body).email);
      return reply.status(202).send(MAIL_SENT);
    },
  );

  app.post(
    '/api/verify-email',
    { config: PUBLIC, schema: { body: tokenBody, response: { 200: signInResponse } } },
    async (req, reply) => verifyEmail(app, req, reply, tokenBody.parse(req.body).token),
  );

  app.post(
    '/api/sign-in',
    { config: PUBLIC, schema: { body: passportSignInBody, response: { 200: signInResponse } } },
    async (req, reply) => signIn(app, req, reply, passportSignInBody.parse(req.body)),
  );

  app.post(
    '/api/sign-in/otp',
    { config: PUBLIC, schema: { body: passportOtpBody, response: { 200: signInResponse } } },
    async (req) => {
      if (!req.passport) throw new AppError('unauthenticated');
      await verifySignInCode(app, req.passport, passportOtpBody.parse(req.body).code);
      return { status: 'ok' as const };
    },
  );

  app.post('/api/sign-out', async (req, reply) => {
    await signOut(app, req, reply);
    return reply.status(204).send();
  });

  app.post(
    '/api/forgot-password',
    { config: PUBLIC, schema: { body: forgotBody, response: { 202: mailSentResponse } } },
    async (req, reply) => {
      forgotPassword(app, forgotBody.parse(req.body).email);
      return reply.status(202).send(MAIL_SENT);
    },
  );

  app.post('/api/reset-password', { config: PUBLIC, schema: { body: resetBody } }, async (req, reply) => {
    const body = resetBody.parse(req.body);
    await resetPassword(app, body.token, body.password);
    return reply.status(204).send();
  });

  app.get('/api/me', { schema: { response: { 200: accountSchema } } }, async (req) => toAccount(signedIn(req).account));

  app.patch('/api/me', { schema: { body: accountPatchBody, response: { 200: accountSchema } } }, async (req) =>
    updateProfile(app, signedIn(req), accountPatchBody.parse(req.body)),
  );

  app.put('/api/me/photo', { schema: { response: { 200: accountSchema } } }, async (req) => {
    const me = signedIn(req);
    return setPhoto(app, me, await readSingleFile(req, 'image', PHOTO_MAX_BYTES));
  });

  app.get(
    '/api/me/photo',
    { schema: { querystring: z.object({ v: z.coerce.number().int().optional() }) } },
    async (req, reply) => {
      const me = signedIn(req);
      const data = me.account.photo ? await app.files.get(me.account.photo) : null;
      if (!data) throw new AppError('not_found');
      return reply
        .type(me.account.photo!.endsWith('.png') ? 'image/png' : 'image/jpeg')
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(data);
    },
  );

  app.post('/api/me/password', { schema: { body: changePasswordBody } }, async (req, reply) => {
    const body = changePasswordBody.parse(req.body);
    await changePassword(app, signedIn(req), body.current_password, body.password);
    return reply.status(204).send();
  });

  app.post('/api/me/deactivate', { schema: { body: passwordConfirmBody } }, async (req, reply) => {
    await deactivate(app, reply, signedIn(req), passwordConfirmBody.parse(req.body).password);
    return reply.status(204).send();
  });
}
