import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resetMailsSent } from './reset-mails';
import {
  changeLanguageBodySchema,
  changePasswordBodySchema,
  forgotPasswordBodySchema,
  layoutPrefsSchema,
  loginBodySchema,
  loginResultSchema,
  membershipChoiceSchema,
  otpDisableBodySchema,
  otpEnableBodySchema,
  otpEnableResponseSchema,
  otpSetupResponseSchema,
  ownSessionSchema,
  resetPasswordBodySchema,
  resetTokenQuerySchema,
  selectEntityBodySchema,
  signInResponseSchema,
  unlockBodySchema,
  updateLayoutBodySchema,
  verifyOtpBodySchema,
} from '@app/shared/auth/schemas';
import { okResponse } from '@app/shared/http/paging';
import { PUBLIC_ROUTE, requireAccess, requireSession } from '../../plugins/auth';
import {
  assertResetTokenUsable,
  changePassword,
  requestPasswordReset,
  resetPassword,
  selectEntity,
  signIn,
  signOut,
} from './auth.service';
import { toLoginResult } from './login-result';
import { passwordBodySchema } from '@app/shared/people/privacy';
import { confirmPassword } from './password-confirm';
import { disableTwoStep, finishEnrolment, startEnrolment, verifySignInCode } from './two-step.service';
import { listUserMemberships, updateUser } from './users.repository';
import { endUserSessions } from './session-end';
import { deleteOwnSession, listUserSessions } from './sessions.repository';
import { unlockBrowser } from './sign-in-guard';
import { AppError } from '../../lib/app-error';

const PUBLIC = PUBLIC_ROUTE;
const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/login',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'Sign in with email and password',
        body: loginBodySchema,
        response: { 200: signInResponseSchema },
      },
    },
    async (req, reply) => signIn(app, req, reply, req.body),
  );

  app.post(
    '/auth/otp/verify',
    {
      config: { access: { auth: 'user', allowOtpPending: true } },
      schema: {
        tags,
        summary: 'Second step of sign-in: a TOTP or recovery code',
        body: verifyOtpBodySchema,
        response: { 200: signInResponseSchema },
      },
    },
    async (req, reply) => verifySignInCode(app, req, reply, requireSession(req), req.body.code),
  );

  app.get(
    '/auth/entities',
    {
      config: { access: { auth: 'user' } },
      schema: {
        tags,
        summary: "The signed-in person's companies",
        response: { 200: z.object({ data: z.array(membershipChoiceSchema) }) },
      },
    },
    async (req) => {
      const rows = await listUserMemberships(app.db.db, requireSession(req).user.id);
      return {
        data: rows.map((r) => ({
          id: r.entityId,
          name: r.name,
          subdomain: r.subdomain,
          logo: r.logo,
          package: r.package === 'Standalone' ? ('Standalone' as const) : ('Cloud' as const),
          role: r.role,
        })),
      };
    },
  );

  app.post(
    '/auth/entity',
    {
      config: { access: { auth: 'user' } },
      schema: {
        tags,
        summary: 'Choose or switch the company',
        body: selectEntityBodySchema,
        response: { 200: loginResultSchema },
      },
    },
    async (req) => selectEntity(app, requireSession(req), req.body.entity_id),
  );

  app.get(
    '/auth/me',
    {
      config: { access: { allowWithoutOtp: true, noClientToken: true } },
      schema: { tags, summary: 'Login result for the current session', response: { 200: loginResultSchema } },
    },
    async (req) => {
      const found = requireSession(req);
      return toLoginResult(found.user, requireAccess(req), found.session.csrfToken);
    },
  );

  app.post(
    '/auth/logout',
    { config: { access: { auth: 'user', allowOtpPending: true } }, schema: { tags, summary: 'End the session' } },
    async (req, reply) => {
      await signOut(app, req, reply);
      return reply.status(204).send();
    },
  );

  app.post(
    '/auth/unlock',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'Open an emailed unlock link: this browser may sign in to the account again',
        description:
          'After several wrong passwords an account is paused for unknown browsers, and its owner is emailed a link. Opening it marks the browser as one the person signs in from (decision 016).',
        body: unlockBodySchema,
        response: { 200: okResponse },
      },
    },
    async (req, reply) => {
      await unlockBrowser(app, req, reply, req.body.token);
      return { ok: true as const };
    },
  );

  // Reset requests still queued are done before the database closes.
  app.addHook('onClose', async () => resetMailsSent(app));
  app.post(
    '/auth/forgot-password',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'Email a reset link (answers the same whether or not the email exists)',
        body: forgotPasswordBodySchema,
        response: { 200: okResponse },
      },
    },
    async (req) => {
      requestPasswordReset(app, req.body.email);
      return { ok: true as const };
    },
  );

  app.get(
    '/auth/reset-password',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'Check a reset link',
        querystring: resetTokenQuerySchema,
        response: { 200: okResponse },
      },
    },
    async (req) => {
      await assertResetTokenUsable(app, req.query.token);
      return { ok: true as const };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'Set a new password with a reset link',
        body: resetPasswordBodySchema,
        response: { 200: okResponse },
      },
    },
    async (req) => {
      await resetPassword(app, req.body.token, req.body.password);
      return { ok: true as const };
    },
  );

  app.post(
    '/me/password',
    {
      config: { access: { auth: 'user' } },
      schema: {
        tags,
        summary: 'Change own password; other sessions end',
        body: changePasswordBodySchema,
        response: { 200: okResponse },
      },
    },
    async (req) => {
      await changePassword(app, requireSession(req), req.body.current_password, req.body.password);
      return { ok: true as const };
    },
  );

  app.post(
    '/auth/check-password',
    {
      config: { access: { auth: 'user' } },
      schema: {
        tags,
        summary: 'Check the signed-in person’s password before something that cannot be undone',
        description:
          'Spec `check_password`: 204 when right, 422 naming `password` when wrong, 429 after several wrong ones. What deletes checks it again itself.',
        body: passwordBodySchema,
      },
    },
    async (req, reply) => {
      await confirmPassword(app, requireSession(req), req.body.password);
      return reply.status(204).send();
    },
  );

  app.put(
    '/me/lang',
    {
      config: { access: { auth: 'user' } },
      schema: { tags, summary: 'Save own language', body: changeLanguageBodySchema, response: { 200: okResponse } },
    },
    async (req) => {
      await updateUser(app.db.db, requireSession(req).user.id, { lang: req.body.lang });
      return { ok: true as const };
    },
  );

  app.put(
    '/me/layout',
    {
      config: { access: { auth: 'user' } },
      schema: {
        tags,
        summary: 'Save own layout mode',
        body: updateLayoutBodySchema,
        response: { 200: layoutPrefsSchema },
      },
    },
    async (req) => {
      const user = requireSession(req).user;
      const current = layoutPrefsSchema.safeParse(user.layout);
      const layout = layoutPrefsSchema.parse({ ...(current.success ? current.data : {}), ...req.body });
      await updateUser(app.db.db, user.id, { layout });
      return layout;
    },
  );

  app.post(
    '/me/otp/setup',
    {
      config: { access: { auth: 'user' } },
      schema: {
        tags,
        summary: 'Start two-step enrolment: secret and QR code',
        response: { 200: otpSetupResponseSchema },
      },
    },
    async (req) => startEnrolment(app, requireSession(req).user),
  );

  app.post(
    '/me/otp/enable',
    {
      config: { access: { auth: 'user' } },
      schema: {
        tags,
        summary: 'Confirm enrolment with a code; returns recovery codes once',
        body: otpEnableBodySchema,
        response: { 200: otpEnableResponseSchema },
      },
    },
    async (req) => finishEnrolment(app, requireSession(req), req.body.code),
  );

  app.post(
    '/me/otp/disable',
    {
      config: { access: { auth: 'user' } },
      schema: {
        tags,
        summary: 'Turn two-step off (password required)',
        body: otpDisableBodySchema,
        response: { 200: okResponse },
      },
    },
    async (req) => {
      await disableTwoStep(app, requireSession(req), req.body.password);
      return { ok: true as const };
    },
  );

  // Sessions are listed by a short public id (a prefix of the stored hash), never the cookie value.
  app.get(
    '/me/sessions',
    {
      config: { access: { auth: 'user' } },
      schema: { tags, summary: 'Own open sessions', response: { 200: z.object({ data: z.array(ownSessionSchema) }) } },
    },
    async (req) => {
      const found = requireSession(req);
      const rows = await listUserSessions(app.db.db, found.user.id);
      return {
        data: rows.map((s) => ({
          id: s.id.slice(0, 16),
          current: s.id === found.session.id,
          ip: s.ip,
          user_agent: s.userAgent,
          created_at: s.createdAt.toISOString(),
          last_seen_at: s.lastSeenAt.toISOString(),
        })),
      };
    },
  );

  app.delete(
    '/me/sessions/:id',
    {
      config: { access: { auth: 'user' } },
      schema: { tags, summary: 'End one own session', params: z.object({ id: z.string().regex(/^[0-9a-f]{16}$/) }) },
    },
    async (req, reply) => {
      const found = requireSession(req);
      const match = (await listUserSessions(app.db.db, found.user.id)).find((s) => s.id.startsWith(req.params.id));
      if (!match || !(await deleteOwnSession(app.db.db, found.user.id, match.id))) throw new AppError('not_found');
      app.realtime.closeSessions([match.id]);
      return reply.status(204).send();
    },
  );

  app.post(
    '/me/sessions/revoke-others',
    {
      config: { access: { auth: 'user' } },
      schema: { tags, summary: 'Sign out everywhere else', response: { 200: okResponse } },
    },
    async (req) => {
      const found = requireSession(req);
      await endUserSessions(app, found.user.id, found.session.id);
      return { ok: true as const };
    },
  );
};
