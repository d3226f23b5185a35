import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicEntitySchema } from '@app/shared/entity/schemas';
import { publicConfigSchema } from '@app/shared/http/public-config';
import { withTenant } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { PUBLIC_ROUTE } from '../../plugins/auth';
import { sendStoredFile } from '../../lib/file-serving';
import { findEntity } from '../access/access.repository';
import { findIdentityProvider } from '../company-sign-in/company-sign-in.repository';
import { findEntityBySubdomain } from './entities.repository';

const tags = ['public'];
const PUBLIC = { access: { auth: 'public' as const } };

export const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public/config',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'What the web app needs before sign-in',
        response: { 200: publicConfigSchema },
      },
    },
    async () => ({
      provider_name: app.env.PROVIDER_NAME,
      tracking_code: app.env.TRACKING_CODE ?? null,
      base_domain: app.env.BASE_DOMAIN,
      support_email: app.env.SUPPORT_EMAIL,
      app_url: app.env.appUrl,
    }),
  );

  app.get(
    '/public/entities/by-subdomain/:subdomain',
    {
      // Under the public limit: answering every name tried would list the companies.
      config: PUBLIC_ROUTE,
      schema: {
        tags,
        summary: 'Company opened by subdomain',
        params: z.object({ subdomain: z.string().max(63) }),
        response: { 200: publicEntitySchema },
      },
    },
    async (req) => {
      const entity = await findEntityBySubdomain(app.db.db, req.params.subdomain);
      if (!entity) throw new AppError('not_found');
      const provider = await withTenant(app.db.db, entity.id, (tx) => findIdentityProvider(tx, entity.id));
      return {
        id: entity.id,
        name: entity.name,
        subdomain: entity.subdomain,
        logo: entity.logo,
        identity_provider: provider?.enabled ?? false,
      };
    },
  );

  app.get(
    '/public/entities/:id/:file',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'Company logo image',
        params: z.object({ id: z.uuid(), file: z.enum(['logo.png', 'logo.jpg']) }),
      },
    },
    async (req, reply) => {
      const entity = await findEntity(app.db.db, req.params.id);
      const data = entity?.logo?.includes(`/${req.params.file}`)
        ? await app.files.get(`entities/${entity.id}/${req.params.file}`)
        : null;
      if (!data) throw new AppError('not_found');
      // A public logo, shown on the passport's own origin too (its invitations): other origins may embed it.
      void reply.header('cross-origin-resource-policy', 'cross-origin');
      return sendStoredFile(reply, data, { name: req.params.file, cache: 'public, max-age=86400' });
    },
  );
};
