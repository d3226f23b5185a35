import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam, okResponse } from '@app/shared/http/paging';
import {
  webhookDeliveriesQuerySchema,
  webhookDeliveriesSchema,
  webhookDeliveryDetailSchema,
  webhookDeliveryParams,
  webhookDeliverySchema,
  webhookEndpointBodySchema,
  webhookEndpointPatchSchema,
  webhookEndpointSchema,
  webhookEndpointsSchema,
  webhookEndpointWithSecretSchema,
} from '@app/shared/webhooks/schemas';
import { requireAccess } from '../../plugins/auth';
import {
  changeEndpoint,
  createEndpoint,
  getDelivery,
  listEndpointDeliveries,
  listEndpoints,
  removeEndpoint,
  resendDelivery,
  rotateSecret,
  sendTestMessage,
} from './webhooks.service';

const WEBHOOKS = { access: { permission: 'integration' as const, noClientToken: true } };

/** Outgoing webhooks (issue 29, decision 052): endpoints, their secrets, and the delivery log. */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['webhooks'];
  app.get(
    '/webhooks',
    {
      config: WEBHOOKS,
      schema: {
        tags,
        summary: 'The company’s webhook endpoints, with their pending messages and last attempt',
        response: { 200: webhookEndpointsSchema },
      },
    },
    async (req) => listEndpoints(app, requireAccess(req)),
  );
  app.post(
    '/webhooks',
    {
      config: WEBHOOKS,
      schema: {
        tags,
        summary: 'Add an endpoint; its signing secret is answered this once',
        body: webhookEndpointBodySchema,
        response: { 201: webhookEndpointWithSecretSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await createEndpoint(app, requireAccess(req), req.body)),
  );
  app.patch(
    '/webhooks/:id',
    {
      config: WEBHOOKS,
      schema: {
        tags,
        summary: 'Change an endpoint’s URL, description or events, or disable or enable it',
        params: idParam,
        body: webhookEndpointPatchSchema,
        response: { 200: webhookEndpointSchema },
      },
    },
    async (req) => changeEndpoint(app, requireAccess(req), req.params.id, req.body),
  );
  app.delete(
    '/webhooks/:id',
    {
      config: WEBHOOKS,
      schema: { tags, summary: 'Delete an endpoint and its log', params: idParam, response: { 200: okResponse } },
    },
    async (req) => removeEndpoint(app, requireAccess(req), req.params.id),
  );
  app.post(
    '/webhooks/:id/rotate-secret',
    {
      config: WEBHOOKS,
      schema: {
        tags,
        summary: 'A new signing secret, answered this once; the one before still signs for 24 hours',
        params: idParam,
        response: { 200: webhookEndpointWithSecretSchema },
      },
    },
    async (req) => rotateSecret(app, requireAccess(req), req.params.id),
  );
  app.post(
    '/webhooks/:id/test',
    {
      config: WEBHOOKS,
      schema: {
        tags,
        summary: 'Send the endpoint a webhook.test message',
        params: idParam,
        response: { 202: webhookDeliverySchema },
      },
    },
    async (req, reply) => reply.status(202).send(await sendTestMessage(app, requireAccess(req), req.params.id)),
  );
  app.get(
    '/webhooks/:id/deliveries',
    {
      config: WEBHOOKS,
      schema: {
        tags,
        summary: 'The endpoint’s delivery log, the last queued first',
        params: idParam,
        querystring: webhookDeliveriesQuerySchema,
        response: { 200: webhookDeliveriesSchema },
      },
    },
    async (req) => listEndpointDeliveries(app, requireAccess(req), req.params.id, req.query),
  );
  app.get(
    '/webhooks/:id/deliveries/:delivery_id',
    {
      config: WEBHOOKS,
      schema: {
        tags,
        summary: 'One delivery: what was sent, and each attempt with what came back',
        params: webhookDeliveryParams,
        response: { 200: webhookDeliveryDetailSchema },
      },
    },
    async (req) => getDelivery(app, requireAccess(req), req.params.id, req.params.delivery_id),
  );
  app.post(
    '/webhooks/:id/deliveries/:delivery_id/resend',
    {
      config: WEBHOOKS,
      schema: {
        tags,
        summary: 'Send a delivered or failed message again, at the end of the endpoint’s order',
        params: webhookDeliveryParams,
        response: { 200: webhookDeliverySchema },
      },
    },
    async (req) => resendDelivery(app, requireAccess(req), req.params.id, req.params.delivery_id),
  );
};
