import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { SignInCandidate, signInCandidatesQuerySchema } from '@app/shared/visits/schemas';
import { and, eq } from 'drizzle-orm';
import { looksLikePassportQr } from '@app/shared/passport/qr-format';
import { withTenant } from '../../db/client';
import { people as peopleTable } from '../../db/schema/index';
import { passportPersonEmail } from '../passport-trust/qr-at-the-door';
import type { AccessContext } from '../access/access.types';
import { findPeoplePage } from '../people/people-list.repository';
import { personInScope } from '../people/person-scope';
import { toPeople } from '../people/person-view';

/**
 * GET /visits/people: whom quick sign-in may choose, the active people in the caller's scope matching
 * the search, by name. Only what the picker shows: no phone, id number, role or labels. A passport's QR
 * identity scanned into the search (a scanner types it) finds the person with the passport's verified
 * address: checked by its signature and date, and not taken (finding is not signing in).
 */
export async function searchSignInCandidates(
  app: FastifyInstance,
  ctx: AccessContext,
  q: z.output<typeof signInCandidatesQuerySchema>,
): Promise<{ data: SignInCandidate[] }> {
  // A global table: read before the company's transaction.
  const email = looksLikePassportQr(q.search)
    ? (await passportPersonEmail(app, q.search, { take: false, field: 'search' })).toLowerCase()
    : null;
  return withTenant(app.db.db, ctx.entityId, async (tx) => {
    const scope = personInScope(ctx);
    const { rows } = await findPeoplePage(
      tx,
      ctx.entityId,
      email ? and(scope, eq(peopleTable.emailLower, email)) : scope,
      {
        search: email ? undefined : q.search,
        page: 1,
        status: 'active',
        limit: q.limit,
        sortField: 'name',
        orderBy: 'asc',
      },
    );
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
