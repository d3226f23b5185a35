import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  hostApprovalDecisionBodySchema,
  hostApprovalDecisionSchema,
  hostApprovalParams,
  hostApprovalSchema,
} from '@app/shared/webhooks/host-approvals';
import { PUBLIC_ROUTE } from '../../plugins/auth';
import { decideHostApproval, getHostApproval } from './host-approvals.service';

// A host's approval link from a Slack or Teams message (issue 29). Public, limited per address like the
// other public routes; the signed, single-use link is the host's authority for this one visit.
export const hostApprovalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['host-alerts'];
  app.get(
    '/public/host-approvals/:token',
    {
      config: PUBLIC_ROUTE,
      schema: {
        tags,
        summary: 'The visit a host’s approval link is for, and whether the link may still decide it',
        description:
          'Reading never decides: chat apps open links to preview them. state: open, used (this link decided), decided (decided elsewhere) or expired (the link’s time passed, or the visit was cancelled or signed in).',
        params: hostApprovalParams,
        response: { 200: hostApprovalSchema },
      },
    },
    async (req) => getHostApproval(app, req.params.token),
  );
  app.post(
    '/public/host-approvals/:token',
    {
      config: PUBLIC_ROUTE,
      schema: {
        tags,
        summary: 'Approve or reject the visit as its host, once',
        description:
          'The spec’s approve-visit or reject-visit, done as the visit’s host (audited as `host_link`). 422 naming `token` when the link was used, the visit decided elsewhere, or the link expired.',
        params: hostApprovalParams,
        body: hostApprovalDecisionBodySchema,
        response: { 200: hostApprovalDecisionSchema },
      },
    },
    async (req) => decideHostApproval(app, req.params.token, req.body, req.lang),
  );
};
