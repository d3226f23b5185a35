import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '@app/shared/http/paging';
import {
  kioskReviewSchema,
  kioskReviewsListSchema,
  kioskReviewsQuerySchema,
  resolveKioskReviewBodySchema,
} from '@app/shared/kiosks/reviews';
import { requireAccess } from '../../plugins/auth';
import { listKioskReviews, resolveKioskReview } from './kiosk-reviews.service';

// The logbook's permission: the reviews are visits (and attempts) at the reader's sites.
const LOGBOOK = { access: { permission: 'dashboard' as const } };
const tags = ['kiosk reviews'];

/** Offline sign-ins and sign-outs the server would have refused, for an admin to review (decision 045). */
export const kioskReviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/kiosk-reviews',
    {
      config: LOGBOOK,
      schema: {
        tags,
        summary: 'Offline sign-ins and sign-outs accepted for review, newest first (open unless `status=resolved`)',
        description:
          'At the reader’s sites. Each names the person and kiosk as they were, when it happened, the visit recorded (null when none could be made) and why the server would have refused it, in the reader’s language.',
        querystring: kioskReviewsQuerySchema,
        response: { 200: kioskReviewsListSchema },
      },
    },
    async (req) => listKioskReviews(app, requireAccess(req), req.query, req.lang),
  );
  app.post(
    '/kiosk-reviews/:id/resolve',
    {
      config: LOGBOOK,
      schema: {
        tags,
        summary: 'Resolve a review with a note',
        description:
          'Audited (`kiosk.review.resolved`). Another company’s or another site’s review: 404. Resolved already: 422.',
        params: idParam,
        body: resolveKioskReviewBodySchema,
        response: { 200: kioskReviewSchema },
      },
    },
    async (req) => resolveKioskReview(app, requireAccess(req), req.params.id, req.body, req.lang),
  );
};
