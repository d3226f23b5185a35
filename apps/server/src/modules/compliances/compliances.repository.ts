import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ComplianceSortField, ListCompliancesParams } from '@app/shared/compliances/schemas';
import type { Executor } from '../../db/client';
import {
  complianceResponses,
  compliances,
  complianceVersions,
  journeyFlowCompliances,
  journeyFlows,
  journeys,
} from '../../db/schema/index';

export type ComplianceRow = typeof compliances.$inferSelect;
export type ComplianceVersionRow = typeof complianceVersions.$inferSelect;
export type ComplianceResponseRow = typeof complianceResponses.$inferSelect;

/** Compliances of the company that are not deleted. */
const live = (entityId: string, ...more: (SQL | undefined)[]) =>
  and(eq(compliances.entityId, entityId), isNull(compliances.deletedAt), ...more);

// Written out in full: drizzle leaves columns unqualified in single-table selects.
const responseCount = sql<number>`(select count(*)::int from compliance_responses r where r.entity_id = "compliances"."entity_id" and r.compliance_id = "compliances"."id")`;

const sortColumns: Record<ComplianceSortField, SQL | AnyPgColumn> = {
  name: sql`lower(${compliances.name})`,
  format: compliances.format,
  frequency: compliances.frequency,
  version: compliances.version,
  created_at: compliances.createdAt,
  updated_at: compliances.updatedAt,
};

export async function listCompliances(tx: Executor, entityId: string, q: ListCompliancesParams) {
  const where = live(
    entityId,
    q.search ? ilike(compliances.name, `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
    q.format?.length ? inArray(compliances.format, q.format) : undefined,
    q.frequency?.length ? inArray(compliances.frequency, q.frequency) : undefined,
  );
  const column = sortColumns[q.sortField];
  const rows = await tx
    .select({ row: compliances, responseCount })
    .from(compliances)
    .where(where)
    .orderBy(q.orderBy === 'desc' ? desc(column) : asc(column), asc(compliances.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [total] = await tx.select({ n: count() }).from(compliances).where(where);
  return { rows, count: Number(total?.n ?? 0) };
}

export async function findCompliance(tx: Executor, entityId: string, id: string) {
  const [found] = await tx
    .select({ row: compliances, responseCount })
    .from(compliances)
    .where(live(entityId, eq(compliances.id, id)))
    .limit(1);
  return found ?? null;
}

/** Live compliances by id, for answers given to several at once. */
export async function findCompliances(tx: Executor, entityId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(compliances)
    .where(live(entityId, inArray(compliances.id, ids)));
}

export async function isComplianceNameTaken(tx: Executor, entityId: string, name: string, exceptId?: string) {
  const [row] = await tx
    .select({ id: compliances.id })
    .from(compliances)
    .where(
      live(
        entityId,
        sql`lower(${compliances.name}) = ${name.toLowerCase()}`,
        exceptId ? ne(compliances.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertCompliance(tx: Executor, values: typeof compliances.$inferInsert) {
  const [row] = await tx.insert(compliances).values(values).returning();
  return row!;
}

export async function updateCompliance(
  tx: Executor,
  entityId: string,
  id: string,
  values: Partial<typeof compliances.$inferInsert>,
) {
  const [row] = await tx
    .update(compliances)
    .set({ ...values, updatedAt: new Date() })
    .where(live(entityId, eq(compliances.id, id)))
    .returning();
  return row ?? null;
}

export async function insertComplianceVersion(tx: Executor, values: typeof complianceVersions.$inferInsert) {
  await tx.insert(complianceVersions).values(values);
}

export async function findComplianceVersion(tx: Executor, entityId: string, complianceId: string, version: number) {
  const [row] = await tx
    .select()
    .from(complianceVersions)
    .where(
      and(
        eq(complianceVersions.entityId, entityId),
        eq(complianceVersions.complianceId, complianceId),
        eq(complianceVersions.version, version),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Versions by (compliance, version) pairs, in one query. */
export async function findComplianceVersions(
  tx: Executor,
  entityId: string,
  keys: { complianceId: string; version: number }[],
) {
  if (keys.length === 0) return [];
  const pairs = sql.join(
    keys.map((k) => sql`(${k.complianceId}::uuid, ${k.version}::int)`),
    sql`, `,
  );
  return tx
    .select()
    .from(complianceVersions)
    .where(
      and(
        eq(complianceVersions.entityId, entityId),
        sql`(${complianceVersions.complianceId}, ${complianceVersions.version}) in (${pairs})`,
      ),
    );
}

/** How many answers a compliance has, from how many people. */
export async function complianceAnswerStats(tx: Executor, entityId: string, complianceId: string) {
  const [row] = await tx
    .select({
      responses: sql<number>`count(*)::int`,
      people: sql<number>`count(distinct ${complianceResponses.personId})::int`,
    })
    .from(complianceResponses)
    .where(and(eq(complianceResponses.entityId, entityId), eq(complianceResponses.complianceId, complianceId)));
  return { responses: Number(row?.responses ?? 0), people: Number(row?.people ?? 0) };
}

/** The journeys whose flows ask each compliance (read-only: the journeys feature owns these tables). */
export async function journeysUsingCompliances(tx: Executor, entityId: string, complianceIds: string[]) {
  const found = new Map<string, { id: string; name: string }[]>();
  if (complianceIds.length === 0) return found;
  const rows = await tx
    .selectDistinct({ complianceId: journeyFlowCompliances.complianceId, id: journeys.id, name: journeys.name })
    .from(journeyFlowCompliances)
    .innerJoin(
      journeyFlows,
      and(
        eq(journeyFlows.entityId, journeyFlowCompliances.entityId),
        eq(journeyFlows.id, journeyFlowCompliances.flowId),
      ),
    )
    .innerJoin(journeys, and(eq(journeys.entityId, journeyFlows.entityId), eq(journeys.id, journeyFlows.journeyId)))
    .where(
      and(eq(journeyFlowCompliances.entityId, entityId), inArray(journeyFlowCompliances.complianceId, complianceIds)),
    )
    .orderBy(asc(journeys.name), asc(journeys.id));
  for (const row of rows) {
    const list = found.get(row.complianceId) ?? [];
    list.push({ id: row.id, name: row.name });
    found.set(row.complianceId, list);
  }
  return found;
}

// ---- answers ----

export async function insertComplianceResponses(tx: Executor, values: (typeof complianceResponses.$inferInsert)[]) {
  if (values.length === 0) return [];
  return tx.insert(complianceResponses).values(values).returning();
}

const responseColumns = {
  response: complianceResponses,
  name: complianceVersions.name,
  format: complianceVersions.format,
  frequency: complianceVersions.frequency,
  validityDays: complianceVersions.validityDays,
  content: complianceVersions.content,
  currentVersion: compliances.version,
};

/** A person's answers with the version each answered, newest first. */
export async function listPersonResponses(
  tx: Executor,
  entityId: string,
  personId: string,
  filter: {
    complianceId?: string;
    visitId?: string;
    areaId?: string;
    stillValidAt?: Date;
    ids?: string[];
    page: number;
    limit: number;
  },
) {
  const valid = filter.stillValidAt
    ? and(
        ne(complianceVersions.frequency, 'every_time'),
        sql`(${complianceResponses.validUntil} is null or ${complianceResponses.validUntil} > ${filter.stillValidAt.toISOString()}::timestamptz)`,
      )
    : undefined;
  const where = and(
    eq(complianceResponses.entityId, entityId),
    eq(complianceResponses.personId, personId),
    filter.complianceId ? eq(complianceResponses.complianceId, filter.complianceId) : undefined,
    filter.visitId ? eq(complianceResponses.visitId, filter.visitId) : undefined,
    filter.areaId ? eq(complianceResponses.areaId, filter.areaId) : undefined,
    filter.ids ? inArray(complianceResponses.id, filter.ids) : undefined,
    valid,
  );
  const from = () =>
    tx
      .select(responseColumns)
      .from(complianceResponses)
      .innerJoin(
        complianceVersions,
        and(
          eq(complianceVersions.entityId, complianceResponses.entityId),
          eq(complianceVersions.complianceId, complianceResponses.complianceId),
          eq(complianceVersions.version, complianceResponses.complianceVersion),
        ),
      )
      .innerJoin(
        compliances,
        and(
          eq(compliances.entityId, complianceResponses.entityId),
          eq(compliances.id, complianceResponses.complianceId),
        ),
      );
  const rows = await from()
    .where(where)
    .orderBy(desc(complianceResponses.answeredAt), desc(complianceResponses.id))
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit);
  const [total] = await tx
    .select({ n: count() })
    .from(complianceResponses)
    .innerJoin(
      complianceVersions,
      and(
        eq(complianceVersions.entityId, complianceResponses.entityId),
        eq(complianceVersions.complianceId, complianceResponses.complianceId),
        eq(complianceVersions.version, complianceResponses.complianceVersion),
      ),
    )
    .where(where);
  return { rows, count: Number(total?.n ?? 0) };
}
export type PersonResponseRow = Awaited<ReturnType<typeof listPersonResponses>>['rows'][number];
