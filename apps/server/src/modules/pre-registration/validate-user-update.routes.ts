import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { visitTokenParam } from '@app/shared/pre-registration/schemas';
import {
  validateUserUpdateBodySchema,
  validateUserUpdateResultSchema,
} from '@app/shared/pre-registration/validate-user-update';
import { PUBLIC_ROUTE } from '../../plugins/auth';
import { validateUserUpdate } from './validate-user-update.service';

// Spec §7 Pre-registration "POST validate-user-update": public like the confirm it checks ahead of.
export const validateUserUpdateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/public/visits/:token/validate-user-update',
    {
      config: PUBLIC_ROUTE,
      schema: {
        tags: ['pre-registration'],
        summary: 'Check the visitor’s changed details before the confirm (validate-user-update)',
        description:
          'Any of first_name, last_name, email, phone_code, phone, company_name, checked by the confirm’s rules: formats, the user type’s mandatory profile data, and another person of the company holding the email or phone. Answers `{ valid, fields }` with translated messages; nothing is stored. An ended link answers 422 with its reason.',
        params: visitTokenParam,
        body: validateUserUpdateBodySchema,
        response: { 200: validateUserUpdateResultSchema },
      },
    },
    async (req) => validateUserUpdate(app, req.params.token, req.body, req.lang),
  );
};
