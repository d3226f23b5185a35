import { PUBLIC_ROUTE } from '../../plugins/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '@app/shared/constants';
import {
  checkUserBodySchema,
  checkUserResultSchema,
  checkVisitBodySchema,
  checkVisitResultSchema,
  complianceAnsweredSchema,
  confirmVisitFormSchema,
  documentFormSchema,
  documentSavedSchema,
  hostSearchBodySchema,
  hostSearchResultSchema,
  linkCodeBodySchema,
  linkCodeResultSchema,
  linkIdParam,
  onlineComplianceBodySchema,
  onlineComplianceSchema,
  PERSON_DOCUMENT_LIMITS,
  preRegistrationDoneSchema,
  preRegistrationFormSchema,
  preRegistrationInfoSchema,
  publicPassportSchema,
  visitByLinkSchema,
  visitPassSchema,
  visitTokenParam,
} from '@app/shared/pre-registration/schemas';
import { sendStoredFile } from '../../lib/file-serving';
import { answerOnlineCompliance, getOnlineCompliance } from './online-compliance.service';
import { preRegistrationInfo } from './pre-registration-info.service';
import { createPreRegistration } from './pre-registration.service';
import { parseForm, readPublicForm } from './public-form';
import { passportUrlOf } from './link-passport';
import { checkUser, checkVisit, searchPublicHosts } from './registration-checks.service';
import { readVisitAgreementFile, uploadVisitDocument } from './visit-documents.service';
import { checkLinkCode, confirmVisit, getVisitByLink } from './visit-link.service';
import { getVisitPass } from './visit-pass';

// Spec §7 "Pre-registration" (the calls made without a sign-in) and the passport's /api/visit/confirm.
// Public, and limited per address like the other public routes.
const PUBLIC = PUBLIC_ROUTE;
// Forms with a file: up to the photo's or document's size and its fields.
const FORM_BODY_LIMIT = 6 * 1024 * 1024;

const fileParams = visitTokenParam.extend({ complianceId: z.uuid() });

const modeQuery = z.object({ mode: z.enum(['confirm', 'compliance']).default('confirm') });

export const preRegistrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['pre-registration'];
  app.get(
    '/public/passport',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'Where the public pages send a passport’s holder (the expired link, the success page)',
        description:
          'passport_url is null when this installation runs no passport. The pages read it here, never from their own address, so a crafted link cannot send a visitor elsewhere.',
        response: { 200: publicPassportSchema },
      },
    },
    async () => ({ passport_url: passportUrlOf(app.env) }),
  );
  app.get(
    '/public/pre-registration/:id',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'What a pre-registration link shows: a user type’s self-registration, a visit to confirm, or expired',
        description:
          'The id is a user type’s self-registration code or a visit’s link token. Self-registration gives the company, the user types offered with their registration method, the flows with their sites and areas, compliance flags (check_image_qr_compliance_status) and host settings (hosts/settings), and the custom fields to fill. An unknown id answers kind `expired`.',
        params: linkIdParam,
        response: { 200: preRegistrationInfoSchema },
      },
    },
    async (req) => preRegistrationInfo(app, req.params.id, req.lang),
  );
  app.post(
    '/public/pre-registration/:id/hosts/search',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'Hosts by name for a flow of the link (names only; after a first name and two letters of the second)',
        params: linkIdParam,
        body: hostSearchBodySchema,
        response: { 200: hostSearchResultSchema },
      },
    },
    async (req) => searchPublicHosts(app, req.params.id, req.body),
  );
  app.post(
    '/public/pre-registration/:id/check-user',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary:
          'Whether the person may register as this user type (validate_user_type_pre_registration, check_user_entity)',
        params: linkIdParam,
        body: checkUserBodySchema,
        response: { 200: checkUserResultSchema },
      },
    },
    async (req) => checkUser(app, req.params.id, req.body, req.lang),
  );
  app.post(
    '/public/pre-registration/:id/check-visit',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'Whether the person already has a visit that day (validate-expected-visit: error_date)',
        params: linkIdParam,
        body: checkVisitBodySchema,
        response: { 200: checkVisitResultSchema },
      },
    },
    async (req) => checkVisit(app, req.params.id, req.body, req.lang),
  );
  app.post(
    '/public/pre-registrations',
    {
      config: PUBLIC,
      bodyLimit: FORM_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Register a visit through a self-registration link (create-expected-visit)',
        description:
          'multipart/form-data (or JSON without a photo): link_id, user_type_id, area_id, visit_date (YYYY-MM-DD), visit_time (HH:mm[:ss]), first_name, last_name, email, phone_code, phone, company_name, host_ids (JSON list), host_message, custom_fields (JSON list), and `photo` (png/jpg, 250–4096 × 300–2688 px, 3 MB) only when the flow needs an image and the person has none. Answers the visit’s QR for the success page.',
        response: { 201: preRegistrationDoneSchema },
      },
    },
    async (req, reply) => {
      const { fields, file } = await readPublicForm(req, 'photo', LIMITS.preRegistrationPhoto.maxBytes);
      const form = parseForm(preRegistrationFormSchema, fields);
      return reply.status(201).send(await createPreRegistration(app, form, file?.data ?? null, req.lang));
    },
  );

  app.get(
    '/public/visits/:token',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'A visit by its link (visit-by-visit-url): visitMetadata, validations, expected time, the person',
        description:
          'mode=confirm (default) treats an already confirmed visit as expired; mode=compliance does not. An unknown token answers the generic expired case.',
        params: visitTokenParam,
        querystring: modeQuery,
        response: { 200: visitByLinkSchema },
      },
    },
    async (req) => getVisitByLink(app, req.params.token, req.query.mode, req.lang),
  );
  app.get(
    '/public/visits/:token/pass',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'A visit’s pass: its QR code, code and where it stands (the success page, reloadable anywhere)',
        description:
          'Works until the visitor arrives, misses the visit (expected time plus the grace period), or it is rejected or deleted; then `visit` is null and visitMetadata says why. An unknown token answers LINK_INVALID.',
        params: visitTokenParam,
        response: { 200: visitPassSchema },
      },
    },
    async (req) => getVisitPass(app, req.params.token, req.lang),
  );
  app.post(
    '/public/visits/:token/confirm',
    {
      config: PUBLIC,
      bodyLimit: FORM_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Confirm a visit through its link (confirm/visit, the passport’s /api/visit/confirm)',
        description:
          'multipart/form-data (or JSON without a photo): first_name, last_name, email, phone_code, phone, company_name, host_message, custom_fields (JSON list), and `photo` when the flow needs an image and the person has none.',
        params: visitTokenParam,
        response: { 200: preRegistrationDoneSchema },
      },
    },
    async (req) => {
      const { fields, file } = await readPublicForm(req, 'photo', LIMITS.preRegistrationPhoto.maxBytes);
      const form = parseForm(confirmVisitFormSchema, fields);
      return confirmVisit(app, req.params.token, form, file?.data ?? null, req.lang);
    },
  );
  app.post(
    '/public/visits/:token/code',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'Check the code of a /c/{token}/{code} link',
        params: visitTokenParam,
        body: linkCodeBodySchema,
        response: { 200: linkCodeResultSchema },
      },
    },
    async (req) => checkLinkCode(app, req.params.token, req.body.code),
  );
  app.get(
    '/public/visits/:token/compliance',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'What the visit’s flow asks online, with versions and the answers that already count',
        description: 'An expired link answers visitMetadata with its reason and user_has_passport.',
        params: visitTokenParam,
        response: { 200: onlineComplianceSchema },
      },
    },
    async (req) => getOnlineCompliance(app, req.params.token, req.lang),
  );
  app.post(
    '/public/visits/:token/compliance',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'Answer the visit’s compliance online; the visit’s stage follows',
        params: visitTokenParam,
        body: onlineComplianceBodySchema,
        response: { 200: complianceAnsweredSchema },
      },
    },
    async (req) => answerOnlineCompliance(app, req.params.token, req.body),
  );
  app.get(
    '/public/visits/:token/compliance/:complianceId/file',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'The agreement file (PDF or image) of a compliance the visit asks, while its link works',
        params: fileParams,
      },
    },
    async (req, reply) => {
      const file = await readVisitAgreementFile(app, req.params.token, req.params.complianceId);
      return sendStoredFile(reply, file.data, { name: file.name, cache: 'private, max-age=300' });
    },
  );
  app.post(
    '/public/visits/:token/documents',
    {
      config: PUBLIC,
      bodyLimit: FORM_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Upload a vaccination certificate or test result for a vaccine/PCR compliance of the visit',
        description: `multipart/form-data: file (a PDF without active content, or a PNG or JPG stored re-encoded; by content, at most ${PERSON_DOCUMENT_LIMITS.fileMaxBytes / (1024 * 1024)} MB), compliance_id, type (covid_vaccine or test), protocol (vaccine), result (test), start_date, expiry_date, notes.`,
        params: visitTokenParam,
        response: { 201: documentSavedSchema },
      },
    },
    async (req, reply) => {
      const { fields, file } = await readPublicForm(req, 'file', PERSON_DOCUMENT_LIMITS.fileMaxBytes);
      const form = parseForm(documentFormSchema, fields);
      return reply.status(201).send(await uploadVisitDocument(app, req.params.token, form, file));
    },
  );
};
