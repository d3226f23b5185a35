import type { FastifyInstance } from 'fastify';
import type { IntegrationChoices } from '@app/shared/integrations/schemas';
import type { AccessContext } from '../access/access.types';
import { inTenant } from '../access/in-tenant';
import { listSitesWithAreas } from '../sites/sites.repository';
import { listUserTypes } from '../user-types/user-types.repository';

// The settings and fix forms' choices (spec §6: integrations are limited to admins of the selected
// sites): the sites and user types within the caller's scope, under the integration permission alone,
// so an admin of integrations need not also be allowed the sites and user types lists.

export async function integrationChoices(app: FastifyInstance, ctx: AccessContext): Promise<IntegrationChoices> {
  return inTenant(app, ctx, async (tx) => {
    const { siteRows } = await listSitesWithAreas(tx, ctx.entityId, ctx.siteIds);
    const types = await listUserTypes(tx, ctx.entityId, ctx.userTypeIds);
    return {
      sites: siteRows.map(({ id, name }) => ({ id, name })),
      user_types: types.map(({ row }) => ({ id: row.id, name: row.name })),
    };
  });
}
