import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { listIntegrationsQuerySchema } from '@app/shared/integrations/schemas';
import { rowsOf, sqlArray, type Executor } from '../../db/client';
import { integrationRuns, integrations, integrationSites, sites } from '../../db/schema/index';

// The integrations' own rows: the integration, its sites and its runs. Temporary users, links and
// scans have their repositories beside this one. Every function puts the entity id in its WHERE clause.

export type IntegrationRecord = typeof integrations.$inferSelect;
export type IntegrationInsert = typeof integrations.$inferInsert;
export type IntegrationChanges = Partial<Omit<IntegrationInsert, 'entityId' | 'id' | 'nameLower'>>;
export type RunRecord = typeof integrationRuns.$inferSelect;
export type RunChanges = Partial<Omit<typeof integrationRuns.$inferInsert, 'entityId' | 'id' | 'integrationId'>>;

/**
 * Spec §6: an admin limited to some sites sees the integrations reading into at least one of them, and
 * those with no site yet (a draft being set up). Written with the table name so it binds inside any query.
 */
export function integrationInScope(siteIds: string[] | null): SQL | undefined {
  if (siteIds === null) return undefined;
  const some = siteIds.length
    ? sql`exists (select 1 from integration_sites s where s.entity_id = "integrations"."entity_id"
        and s.integration_id = "integrations"."id" and s.site_id = any(${sqlArray(siteIds, 'uuid')}))`
    : sql`false`;
  return sql`(${some} or not exists (select 1 from integration_sites s where s.entity_id = "integrations"."entity_id"
        and s.integration_id = "integrations"."id"))`;
}

export async function insertIntegration(tx: Executor, row: IntegrationInsert) {
  const [created] = await tx.insert(integrations).values(row).returning();
  return created!;
}

export async function findIntegration(tx: Executor, entityId: string, id: string, options: { lock?: boolean } = {}) {
  const query = tx
    .select()
    .from(integrations)
    .where(and(eq(integrations.entityId, entityId), eq(integrations.id, id)));
  const [row] = await (options.lock ? query.for('update') : query);
  return row ?? null;
}

export async function updateIntegration(tx: Executor, entityId: string, id: string, changes: IntegrationChanges) {
  const [row] = await tx
    .update(integrations)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(integrations.entityId, entityId), eq(integrations.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteIntegration(tx: Executor, entityId: string, id: string) {
  await tx.delete(integrations).where(and(eq(integrations.entityId, entityId), eq(integrations.id, id)));
}

/** Whether another integration of the company has the name (case and outer spaces ignored). */
export async function nameTaken(tx: Executor, entityId: string, name: string, exceptId?: string) {
  const [row] = await tx
    .select({ id: integrations.id })
    .from(integrations)
    .where(
      and(
        eq(integrations.entityId, entityId),
        eq(integrations.nameLower, name.trim().toLowerCase()),
        exceptId ? sql`${integrations.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function listIntegrations(
  tx: Executor,
  entityId: string,
  siteIds: string[] | null,
  q: z.output<typeof listIntegrationsQuerySchema>,
) {
  const where = and(
    eq(integrations.entityId, entityId),
    integrationInScope(siteIds),
    q.dir_code ? eq(integrations.dirCode, q.dir_code) : undefined,
    q.search
      ? sql`${integrations.nameLower} like ${`%${q.search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`}`
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    tx
      .select()
      .from(integrations)
      .where(where)
      .orderBy(asc(integrations.createdAt), asc(integrations.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    tx
      .select({ n: sql<number>`count(*)::int` })
      .from(integrations)
      .where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

/** The sites of each integration, with their names. */
export async function sitesOf(tx: Executor, entityId: string, integrationIds: string[]) {
  if (integrationIds.length === 0) return new Map<string, { id: string; name: string }[]>();
  const rows = await tx
    .select({ integrationId: integrationSites.integrationId, id: sites.id, name: sites.name })
    .from(integrationSites)
    .innerJoin(sites, and(eq(sites.entityId, integrationSites.entityId), eq(sites.id, integrationSites.siteId)))
    .where(and(eq(integrationSites.entityId, entityId), inArray(integrationSites.integrationId, integrationIds)))
    .orderBy(asc(sites.name));
  const bySite = new Map<string, { id: string; name: string }[]>();
  for (const row of rows) bySite.set(row.integrationId, [...(bySite.get(row.integrationId) ?? []), row]);
  return bySite;
}

export async function replaceSites(tx: Executor, entityId: string, integrationId: string, siteIds: string[]) {
  await tx
    .delete(integrationSites)
    .where(and(eq(integrationSites.entityId, entityId), eq(integrationSites.integrationId, integrationId)));
  if (siteIds.length) {
    await tx.insert(integrationSites).values(siteIds.map((siteId) => ({ entityId, integrationId, siteId })));
  }
}

// ---- runs ----

export async function insertRun(tx: Executor, row: typeof integrationRuns.$inferInsert) {
  const [created] = await tx.insert(integrationRuns).values(row).returning();
  return created!;
}

export async function findRun(tx: Executor, entityId: string, integrationId: string, runId: string) {
  const [row] = await tx
    .select()
    .from(integrationRuns)
    .where(
      and(
        eq(integrationRuns.entityId, entityId),
        eq(integrationRuns.integrationId, integrationId),
        eq(integrationRuns.id, runId),
      ),
    );
  return row ?? null;
}

export async function updateRun(tx: Executor, entityId: string, runId: string, changes: RunChanges) {
  const [row] = await tx
    .update(integrationRuns)
    .set(changes)
    .where(and(eq(integrationRuns.entityId, entityId), eq(integrationRuns.id, runId)))
    .returning();
  return row ?? null;
}

export async function listRuns(tx: Executor, entityId: string, integrationId: string, page: number, limit: number) {
  const where = and(eq(integrationRuns.entityId, entityId), eq(integrationRuns.integrationId, integrationId));
  const [rows, [total]] = await Promise.all([
    tx
      .select()
      .from(integrationRuns)
      .where(where)
      .orderBy(desc(integrationRuns.startedAt), desc(integrationRuns.id))
      .limit(limit)
      .offset((page - 1) * limit),
    tx
      .select({ n: sql<number>`count(*)::int` })
      .from(integrationRuns)
      .where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

/** The latest run of each integration. */
export async function latestRuns(tx: Executor, entityId: string, integrationIds: string[]) {
  if (integrationIds.length === 0) return new Map<string, RunRecord>();
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      select distinct on (integration_id) id from integration_runs
       where entity_id = ${entityId} and integration_id = any(${sqlArray(integrationIds, 'uuid')})
       order by integration_id, started_at desc, id desc`),
  );
  if (rows.length === 0) return new Map<string, RunRecord>();
  const runs = await tx
    .select()
    .from(integrationRuns)
    .where(
      and(
        eq(integrationRuns.entityId, entityId),
        inArray(
          integrationRuns.id,
          rows.map((r) => r.id),
        ),
      ),
    );
  return new Map(runs.map((r) => [r.integrationId, r]));
}

/** A run of the integration still going (codes 0, 1, 2, 11, 6), if any. */
export async function activeRun(tx: Executor, entityId: string, integrationId: string) {
  const [row] = await tx
    .select()
    .from(integrationRuns)
    .where(
      and(
        eq(integrationRuns.entityId, entityId),
        eq(integrationRuns.integrationId, integrationId),
        inArray(integrationRuns.statusCode, [0, 1, 2, 11, 6]),
      ),
    )
    .orderBy(desc(integrationRuns.startedAt))
    .limit(1);
  return row ?? null;
}
