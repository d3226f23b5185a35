// The user types that can be signed in at an area (spec §7 GET /user-types/area/{id}): those with a
// flow in a journey that covers the area's site, inside the caller's sites and user types.
import type { FastifyInstance } from 'fastify';
import type { AreaUserType, AreaUserTypes } from '@app/shared/user-types/by-area';
import { withTenant } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AccessContext } from '../access/access.types';
import { flowsAtSites } from '../journeys/journeys.repository';
import { findArea } from '../sites/sites.repository';

export async function userTypesOfArea(
  app: FastifyInstance,
  ctx: AccessContext,
  areaId: string,
): Promise<AreaUserTypes> {
  return withTenant(app.db.db, ctx.entityId, async (tx) => {
    // Another company's area, or one on a site the caller cannot see, is not found.
    const area = await findArea(tx, ctx.entityId, ctx.siteIds, areaId);
    if (!area) throw new AppError('not_found', { field: 'areaId' });
    const rows = await flowsAtSites(tx, ctx.entityId, [area.siteId]);
    const byType = new Map<string, AreaUserType>();
    for (const r of rows) {
      if (ctx.userTypeIds && !ctx.userTypeIds.includes(r.userTypeId)) continue;
      const type = byType.get(r.userTypeId) ?? { id: r.userTypeId, name: r.userTypeName, flows: [] };
      type.flows.push({ flow_id: r.flowId, journey_id: r.journeyId, journey_name: r.journeyName });
      byType.set(r.userTypeId, type);
    }
    return {
      area: {
        id: area.id,
        name: area.name,
        site_id: area.siteId,
        login_mode: area.loginMode === 'checkIn_only' ? 'checkIn_only' : 'signIn_signOut',
      },
      data: [...byType.values()],
    };
  });
}
