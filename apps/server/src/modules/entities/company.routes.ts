import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIMITS } from '@app/shared/constants';
import {
  checkSubdomainQuerySchema,
  checkSubdomainResponseSchema,
  clientTokenResponseSchema,
  companyDetailsSchema,
  twoStepSettingsBodySchema,
  updateCompanyBodySchema,
} from '@app/shared/entity/schemas';
import { requireAccess } from '../../plugins/auth';
import { readSingleFile } from '../../lib/uploads';
import {
  deleteClientToken,
  generateClientToken,
  getCompany,
  removeLogo,
  setLogo,
  subdomainAvailability,
  updateCompany,
  updateTwoStep,
} from './company.service';

const tags = ['company'];
const COMPANY = { access: { permission: 'company_details' as const } };
// Managing the API token with the API token itself is refused: a leaked token cannot rotate itself.
const COMPANY_PEOPLE_ONLY = { access: { permission: 'company_details' as const, noClientToken: true } };

export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/company',
    { config: COMPANY, schema: { tags, summary: 'Company details', response: { 200: companyDetailsSchema } } },
    async (req) => getCompany(app, requireAccess(req)),
  );

  app.put(
    '/company',
    {
      config: COMPANY_PEOPLE_ONLY,
      schema: {
        tags,
        summary: 'Change name and subdomain',
        body: updateCompanyBodySchema,
        response: { 200: companyDetailsSchema },
      },
    },
    async (req) => updateCompany(app, requireAccess(req), req.body),
  );

  app.get(
    '/company/subdomain-availability',
    {
      config: COMPANY,
      schema: {
        tags,
        summary: 'Is a subdomain free (live check)',
        querystring: checkSubdomainQuerySchema,
        response: { 200: checkSubdomainResponseSchema },
      },
    },
    async (req) => subdomainAvailability(app, requireAccess(req), req.query.subdomain),
  );

  app.put(
    '/company/logo',
    {
      config: COMPANY_PEOPLE_ONLY,
      schema: {
        tags,
        summary: 'Upload the logo (multipart field file; png/jpg, at least 200×45, at most 2 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: companyDetailsSchema },
      },
    },
    async (req) => setLogo(app, requireAccess(req), await readSingleFile(req, 'logo', LIMITS.logo.maxBytes)),
  );

  app.delete(
    '/company/logo',
    {
      config: COMPANY_PEOPLE_ONLY,
      schema: { tags, summary: 'Remove the logo', response: { 200: companyDetailsSchema } },
    },
    async (req) => removeLogo(app, requireAccess(req)),
  );

  app.post(
    '/company/client-token',
    {
      config: COMPANY_PEOPLE_ONLY,
      schema: {
        tags,
        summary: 'Generate the API client token (shown once; replaces the old one)',
        response: { 200: clientTokenResponseSchema },
      },
    },
    async (req) => generateClientToken(app, requireAccess(req)),
  );

  app.delete(
    '/company/client-token',
    { config: COMPANY_PEOPLE_ONLY, schema: { tags, summary: 'Delete the API client token' } },
    async (req, reply) => {
      await deleteClientToken(app, requireAccess(req));
      return reply.status(204).send();
    },
  );

  app.put(
    '/company/two-step',
    {
      config: COMPANY_PEOPLE_ONLY,
      schema: {
        tags,
        summary: 'Two-step policy: flag and roles that must use it',
        body: twoStepSettingsBodySchema,
        response: { 200: companyDetailsSchema },
      },
    },
    async (req) => updateTwoStep(app, requireAccess(req), req.body),
  );
};
