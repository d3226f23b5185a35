import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { withTenant, type Executor } from '../../db/client';
import { entities, userTypes, type IntegrationMapping } from '../../db/schema/index';
import { visitorRoleId } from '../expected-visits/expected-visits.repository';
import type { AccessContext } from '../access/access.types';
import {
  findIntegration,
  findRun,
  sitesOf,
  updateRun,
  type IntegrationRecord,
  type RunRecord,
} from './integrations.repository';
import type { Where } from './directory-people';

// What a run needs to know before it reads a record, loaded once: the integration, its sites, the
// mapped user types with their mandatory profile data, and the role its people get. A mapping that
// names a user type or site the company no longer has makes the integration invalid.

export type RunContext = {
  run: RunRecord;
  integration: IntegrationRecord;
  mapping: IntegrationMapping;
  where: Where;
  /** By user type: its mandatory profile data. */
  mandatory: Map<string, Set<string>>;
  /** Who the run's audit rows name. */
  actor: Pick<AccessContext, 'entityId' | 'actor'>;
  timeZone: string;
};

export type ContextProblem = { key: string };

export async function loadRunContext(
  app: FastifyInstance,
  entityId: string,
  runId: string,
  integrationId: string,
): Promise<RunContext | ContextProblem | null> {
  return withTenant(app.db.db, entityId, async (tx) => {
    const run = await findRun(tx, entityId, integrationId, runId);
    const integration = await findIntegration(tx, entityId, integrationId);
    if (!run || !integration) return null;
    const siteIds = ((await sitesOf(tx, entityId, [integration.id])).get(integration.id) ?? []).map((s) => s.id);
    const mapping = integration.mapping;
    const typeIds = [
      ...new Set([
        ...mapping.groups.map((g) => g.userTypeId),
        ...(mapping.defaultUserTypeId ? [mapping.defaultUserTypeId] : []),
      ]),
    ];
    const types = typeIds.length
      ? await tx
          .select({ id: userTypes.id, mandatory: userTypes.mandatoryProfileData })
          .from(userTypes)
          .where(and(eq(userTypes.entityId, entityId), inArray(userTypes.id, typeIds)))
      : [];
    if (siteIds.length === 0) return { key: 'integration_sites_required' };
    if (types.length !== typeIds.length) return { key: 'integration_mapping_user_type_gone' };
    const [entity] = await tx.select({ timezone: entities.timezone }).from(entities).where(eq(entities.id, entityId));
    return {
      run,
      integration,
      mapping,
      where: { entityId, integrationId, siteIds, roleId: await visitorRoleId(tx, entityId) },
      mandatory: new Map(types.map((t) => [t.id, new Set(t.mandatory)])),
      actor: { entityId, actor: { kind: 'directory', integrationId } },
      timeZone: entity?.timezone ?? 'UTC',
    } satisfies RunContext;
  });
}

export const isProblem = (value: RunContext | ContextProblem): value is ContextProblem => 'key' in value;

/** Marks the run alive (and its progress): a run whose heartbeat stops is found interrupted. */
export async function beat(tx: Executor, ctx: RunContext, changes: Parameters<typeof updateRun>[3]) {
  await updateRun(tx, ctx.where.entityId, ctx.run.id, { ...changes, heartbeatAt: new Date() });
}
