import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '@app/shared/constants';
import { idParam, listResponse } from '@app/shared/http/paging';
import { INPUT_METHODS } from '@app/shared/journeys/flow-settings';
import {
  assignKiosksBodySchema,
  createFlowsBodySchema,
  flowListSchema,
  flowSchema,
  inputMethodsSchema,
  journeyAttendanceModeSchema,
  journeyBodySchema,
  journeyHostsQuerySchema,
  journeyHostsSchema,
  journeyKioskParams,
  journeyKioskSchema,
  journeySchema,
  journeyUserTypeOptionSchema,
  journeyUserTypeOptionsQuerySchema,
  journeyUserTypeParams,
  listFlowsQuerySchema,
  listJourneysQuerySchema,
  siteFlowSchema,
  siteFlowsQuerySchema,
  touchModeConfirmationSchema,
  updateFlowBodySchema,
} from '@app/shared/journeys/schemas';
import { sendStoredFile } from '../../lib/file-serving';
import { readSingleFile } from '../../lib/uploads';
import { requireAccess } from '../../plugins/auth';
import { assignKiosks, journeyKiosks, releaseKiosk } from './journey-kiosks.service';
import { flowsOfSites, journeyAttendanceModes, journeyHosts, userTypeOptions } from './journey-options.service';
import {
  changeFlow,
  createFlows,
  getFlow,
  getFlowOfUserType,
  listCompanyFlows,
  listJourneyFlows,
  removeFlow,
} from './flows.service';
import {
  changeJourney,
  createJourney,
  getJourney,
  listCompanyJourneys,
  readJourneyLogo,
  removeJourney,
  removeJourneyLogo,
  setJourneyLogo,
  touchModeConfirmation,
} from './journeys.service';

const READ = { access: { permission: 'show_journey_list' as const } };
const CREATE = { access: { permission: 'create_journey' as const } };
const EDIT = { access: { permission: 'edit_journey' as const } };
const ADD_FLOW = { access: { permission: 'add_journey_flow' as const } };
const EDIT_FLOW = { access: { permission: 'edit_journey_flow' as const } };

export const journeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['journeys'];
  const flowTags = ['journey flows'];

  app.get(
    '/input-methods',
    {
      config: { access: { auth: 'entity' as const } },
      schema: { tags, summary: 'How people can identify at a kiosk', response: { 200: inputMethodsSchema } },
    },
    () => ({ data: [...INPUT_METHODS] }),
  );

  // ── journeys ──
  app.get(
    '/journeys',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Journeys, paged, searched by name, for one site or remote ones only',
        description: 'An admin limited to some sites sees the journeys that apply to one of them.',
        querystring: listJourneysQuerySchema,
        response: { 200: listResponse(journeySchema) },
      },
    },
    async (req) => listCompanyJourneys(app, requireAccess(req), req.query),
  );
  app.post(
    '/journeys',
    {
      config: CREATE,
      schema: {
        tags,
        summary: 'Add a journey (its flows follow, per user type)',
        body: journeyBodySchema,
        response: { 201: journeySchema },
      },
    },
    async (req, reply) => reply.status(201).send(await createJourney(app, requireAccess(req), req.body)),
  );
  app.get(
    '/journeys/:id',
    { config: READ, schema: { tags, summary: 'One journey', params: idParam, response: { 200: journeySchema } } },
    async (req) => getJourney(app, requireAccess(req), req.params.id),
  );
  app.put(
    '/journeys/:id',
    {
      config: EDIT,
      schema: {
        tags,
        summary: 'Change a journey',
        description:
          'Sites outside the caller’s sites stay. Touch mode goes off only when every flow has an input method.',
        params: idParam,
        body: journeyBodySchema,
        response: { 200: journeySchema },
      },
    },
    async (req) => changeJourney(app, requireAccess(req), req.params.id, req.body),
  );
  app.delete(
    '/journeys/:id',
    {
      config: EDIT,
      schema: { tags, summary: 'Delete a journey and its flows; refused while kiosks run it', params: idParam },
    },
    async (req, reply) => {
      await removeJourney(app, requireAccess(req), req.params.id);
      return reply.status(204).send();
    },
  );
  app.get(
    '/journeys/:id/touch-mode/disable-confirmation',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Whether touch mode can be switched off, and which flows lack an input method',
        params: idParam,
        response: { 200: touchModeConfirmationSchema },
      },
    },
    async (req) => touchModeConfirmation(app, requireAccess(req), req.params.id),
  );
  app.put(
    '/journeys/:id/logo',
    {
      config: EDIT,
      schema: {
        tags,
        summary: `Upload the journey's logo (multipart field file; png/jpg by content, ${LIMITS.logo.minWidth}×${LIMITS.logo.minHeight} to ${LIMITS.logo.maxWidth}×${LIMITS.logo.maxHeight}, at most 2 MB; stored re-encoded)`,
        params: idParam,
        response: { 200: journeySchema },
      },
    },
    async (req) =>
      setJourneyLogo(app, requireAccess(req), req.params.id, await readSingleFile(req, 'logo', LIMITS.logo.maxBytes)),
  );
  app.delete(
    '/journeys/:id/logo',
    {
      config: EDIT,
      schema: { tags, summary: "Remove the journey's logo", params: idParam, response: { 200: journeySchema } },
    },
    async (req) => removeJourneyLogo(app, requireAccess(req), req.params.id),
  );
  app.get(
    '/journeys/:id/logo',
    { config: READ, schema: { tags, summary: "The journey's logo image", params: idParam } },
    async (req, reply) => {
      const { data, name } = await readJourneyLogo(app, requireAccess(req), req.params.id);
      return sendStoredFile(reply, data, { name, cache: 'private, max-age=86400' });
    },
  );

  // ── what a journey's flows use ──
  app.get(
    '/journeys/:id/user-types',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The company’s user types and whether each may get a flow in this journey',
        description: 'journey_flow_id: the flow being edited, whose own type stays available.',
        params: idParam,
        querystring: journeyUserTypeOptionsQuerySchema,
        response: { 200: z.object({ data: z.array(journeyUserTypeOptionSchema) }) },
      },
    },
    async (req) => userTypeOptions(app, requireAccess(req), req.params.id, req.query.journey_flow_id),
  );
  app.get(
    '/journeys/:id/hosts',
    {
      config: READ,
      schema: {
        tags,
        summary: "A flow's hosts and note (journey_flow_id), or every flow's hosts",
        params: idParam,
        querystring: journeyHostsQuerySchema,
        response: { 200: journeyHostsSchema },
      },
    },
    async (req) => journeyHosts(app, requireAccess(req), req.params.id, { flowId: req.query.journey_flow_id }),
  );
  app.get(
    '/journeys/:id/hosts/:user_type_id',
    {
      config: READ,
      schema: {
        tags,
        summary: "The hosts and note of a user type's flow in this journey",
        params: journeyUserTypeParams,
        response: { 200: journeyHostsSchema },
      },
    },
    async (req) => journeyHosts(app, requireAccess(req), req.params.id, { userTypeId: req.params.user_type_id }),
  );
  app.get(
    '/journeys/:id/attendance-modes',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The attendance modes a flow of this journey may use (they serve its sites)',
        params: idParam,
        response: { 200: z.object({ data: z.array(journeyAttendanceModeSchema) }) },
      },
    },
    async (req) => journeyAttendanceModes(app, requireAccess(req), req.params.id),
  );

  // ── kiosks ──
  app.get(
    '/journeys/:id/kiosks',
    {
      config: READ,
      schema: {
        tags,
        summary: "The kiosks at the journey's sites, with the journey each runs",
        params: idParam,
        response: { 200: z.object({ data: z.array(journeyKioskSchema) }) },
      },
    },
    async (req) => journeyKiosks(app, requireAccess(req), req.params.id),
  );
  app.put(
    '/journeys/:id/kiosks',
    {
      config: EDIT,
      schema: {
        tags,
        summary: 'Move kiosks (at the journey’s sites) to this journey',
        params: idParam,
        body: assignKiosksBodySchema,
        response: { 200: z.object({ data: z.array(journeyKioskSchema) }) },
      },
    },
    async (req) => assignKiosks(app, requireAccess(req), req.params.id, req.body.kiosk_ids),
  );
  app.delete(
    '/journeys/:id/kiosks/:kiosk_id',
    {
      config: EDIT,
      schema: { tags, summary: 'The kiosk stops running this journey', params: journeyKioskParams },
    },
    async (req, reply) => {
      await releaseKiosk(app, requireAccess(req), req.params.id, req.params.kiosk_id);
      return reply.status(204).send();
    },
  );

  // ── flows ──
  app.get(
    '/journeys/:id/flows',
    {
      config: READ,
      schema: {
        tags: flowTags,
        summary: "A journey's flows, one per user type",
        params: idParam,
        response: { 200: flowListSchema },
      },
    },
    async (req) => listJourneyFlows(app, requireAccess(req), req.params.id),
  );
  app.post(
    '/journeys/:id/flows',
    {
      config: ADD_FLOW,
      schema: {
        tags: flowTags,
        summary: 'Add a flow for one or more user types (the same steps for each)',
        params: idParam,
        body: createFlowsBodySchema,
        response: { 201: flowListSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await createFlows(app, requireAccess(req), req.params.id, req.body)),
  );
  app.get(
    '/journeys/:id/flows/by-user-type/:user_type_id',
    {
      config: READ,
      schema: {
        tags: flowTags,
        summary: 'The flow a user type goes through in this journey',
        params: journeyUserTypeParams,
        response: { 200: flowSchema },
      },
    },
    async (req) => getFlowOfUserType(app, requireAccess(req), req.params.id, req.params.user_type_id),
  );
  app.get(
    '/journey-flows',
    {
      config: READ,
      schema: {
        tags: flowTags,
        summary: 'Flows of the journeys the caller sees, for one journey or user type',
        querystring: listFlowsQuerySchema,
        response: { 200: flowListSchema },
      },
    },
    async (req) => listCompanyFlows(app, requireAccess(req), req.query),
  );
  app.get(
    '/journey-flows/by-sites',
    {
      config: READ,
      schema: {
        tags: flowTags,
        summary: 'The user types with a flow in a journey of these sites',
        querystring: siteFlowsQuerySchema,
        response: { 200: z.object({ data: z.array(siteFlowSchema) }) },
      },
    },
    async (req) => flowsOfSites(app, requireAccess(req), req.query.site_ids),
  );
  app.get(
    '/journey-flows/:id',
    {
      config: READ,
      schema: { tags: flowTags, summary: 'One flow', params: idParam, response: { 200: flowSchema } },
    },
    async (req) => getFlow(app, requireAccess(req), req.params.id),
  );
  app.put(
    '/journey-flows/:id',
    {
      config: EDIT_FLOW,
      schema: {
        tags: flowTags,
        summary: 'Change a flow and the user type it is for',
        description: 'Hosts outside the caller’s scope stay.',
        params: idParam,
        body: updateFlowBodySchema,
        response: { 200: flowSchema },
      },
    },
    async (req) => changeFlow(app, requireAccess(req), req.params.id, req.body),
  );
  app.delete(
    '/journey-flows/:id',
    { config: EDIT_FLOW, schema: { tags: flowTags, summary: 'Delete a flow', params: idParam } },
    async (req, reply) => {
      await removeFlow(app, requireAccess(req), req.params.id);
      return reply.status(204).send();
    },
  );
};
