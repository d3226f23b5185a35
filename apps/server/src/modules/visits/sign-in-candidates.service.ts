import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { SignInCandidate, signInCandidatesQuerySchema } from '@app/shared/visits/schemas';
import { withTenant } from '../../db/client';
import type { AccessContext } from '../access/access.types';
import { findPeoplePage } from '../people/people-list.repository';
import { personInScope } from '../people/person-scope';
import { toPeople } from '../people/person-view';

/**
 * GET /visits/people: whom quick sign-in may choose, the active people in the caller's scope matching
 * the search, by name. Only what the picker shows: no phone, id number, role or labels.
 */
export async function searchSignInCandidates(
  app: FastifyInstance,
  ctx: AccessContext,
  q: z.output<typeof signInCandidatesQuerySchema>,
): Promise<{ data: SignInCandidate[] }> {
  return withTenant(app.db.db, ctx.entityId, async (tx) => {
    const { rows } = await findPeoplePage(tx, ctx.entityId, personInScope(ctx), {
      search: q.search,
      page: 1,
      status: 'active',
      limit: q.limit,
      sortField: 'name',
      orderBy: 'asc',
    });
    const people = await toPeople(tx, ctx, rows);
    return {
      data: people.map((p) => ({
        id: p.id,
        full_name: p.full_name,
        email: p.email,
        photo_url: p.photo_url,
        user_types: p.user_types,
      })),
    };
  });
}
