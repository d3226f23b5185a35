// Each person's latest signed-in visit (spec §7 GET /last-visits/signedin), inside the caller's sites
// and user types, newest first. The company's latest sign-ins are read from the sign-in index, a
// bounded window of them, and the first of each person kept.
import type { FastifyInstance } from 'fastify';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { LAST_SIGNED_IN_WINDOW, type LastSignedIn, type LastSignedInParams } from '@app/shared/visits/last-signed-in';
import { withTenant } from '../../db/client';
import { visits } from '../../db/schema/index';
import type { AccessContext } from '../access/access.types';
import { companyZone } from '../access/company-zone';
import { visitEditorOf } from '../expected-visits/visit-editor';
import { toVisits } from './visit-view';
import { findVisitRows, visitInScope } from './visits.repository';

export async function lastSignedInVisits(
  app: FastifyInstance,
  ctx: AccessContext,
  query: LastSignedInParams,
): Promise<LastSignedIn> {
  return withTenant(app.db.db, ctx.entityId, async (tx) => {
    const scope = visitInScope(ctx);
    const recent = await tx
      .select({ id: visits.id, personId: visits.personId })
      .from(visits)
      .where(
        and(
          eq(visits.entityId, ctx.entityId),
          isNotNull(visits.signedInAt),
          query.area_id ? eq(visits.areaId, query.area_id) : undefined,
          query.person_id ? eq(visits.personId, query.person_id) : undefined,
          scope,
        ),
      )
      .orderBy(desc(visits.signedInAt), desc(visits.id))
      .limit(query.person_id ? 1 : LAST_SIGNED_IN_WINDOW);
    const seen = new Set<string>();
    const ids: string[] = [];
    for (const r of recent) {
      if (seen.has(r.personId)) continue;
      seen.add(r.personId);
      ids.push(r.id);
      if (ids.length === query.limit) break;
    }
    const rows = await findVisitRows(tx, ctx.entityId, scope, ids);
    const ordered = ids.map((id) => rows.find((r) => r.visit.id === id)!).filter(Boolean);
    return { data: await toVisits(tx, ctx.entityId, companyZone(ctx), ordered, visitEditorOf(ctx)) };
  });
}
