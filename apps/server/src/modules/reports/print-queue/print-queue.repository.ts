import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PrintStatus } from '@app/shared/reports/print-queue';
import type { Executor } from '../../../db/client';
import { containing } from '../../../db/like';
import { afterCursor, countCapped, decodeCursor, keysetPage } from '../../../db/keyset';
import { areas, badgePrints, kiosks, people, sites, userTypes, visits } from '../../../db/schema/index';
import { visitInScope } from '../../visits/visits.repository';

// The print queue's SQL: badge prints with their visit's person, place and user type, newest first,
// limited to the reader's scope by the visit (site and user type) like every visit read.

export type PrintScope = { siteIds: string[] | null; userTypeIds: string[] | null };
export type PrintQueueWhere = {
  start: Date;
  end: Date;
  status?: PrintStatus;
  siteId?: string;
  kioskId?: string;
  /** Part of the person's first or last name. */
  search?: string;
};

const requesters = alias(people, 'requesters');
const SORT = 'created_desc';

const columns = {
  print: {
    id: badgePrints.id,
    visitId: badgePrints.visitId,
    status: badgePrints.status,
    kioskId: badgePrints.kioskId,
    reprintOf: badgePrints.reprintOf,
    createdAt: badgePrints.createdAt,
    printedAt: badgePrints.printedAt,
  },
  createdAtText: sql<string>`${badgePrints.createdAt}::text`,
  person: { id: people.id, firstName: people.firstName, lastName: people.lastName },
  requester: { id: requesters.id, firstName: requesters.firstName, lastName: requesters.lastName },
  userType: { id: userTypes.id, name: userTypes.name },
  site: { id: sites.id, name: sites.name },
  area: { id: areas.id, name: areas.name },
  kiosk: { id: kiosks.id, name: kiosks.name },
};

function joined(tx: Executor) {
  return tx
    .select(columns)
    .from(badgePrints)
    .innerJoin(visits, and(eq(visits.entityId, badgePrints.entityId), eq(visits.id, badgePrints.visitId)))
    .innerJoin(people, and(eq(people.entityId, visits.entityId), eq(people.id, visits.personId)))
    .innerJoin(sites, and(eq(sites.entityId, visits.entityId), eq(sites.id, visits.siteId)))
    .innerJoin(areas, and(eq(areas.entityId, visits.entityId), eq(areas.id, visits.areaId)))
    .leftJoin(userTypes, and(eq(userTypes.entityId, visits.entityId), eq(userTypes.id, visits.userTypeId)))
    .leftJoin(kiosks, and(eq(kiosks.entityId, badgePrints.entityId), eq(kiosks.id, badgePrints.kioskId)))
    .leftJoin(
      requesters,
      and(eq(requesters.entityId, badgePrints.entityId), eq(requesters.id, badgePrints.requestedByPersonId)),
    );
}

export type PrintQueueRecord = Awaited<ReturnType<ReturnType<typeof joined>['execute']>>[number];

function whereOf(entityId: string, scope: PrintScope, w: PrintQueueWhere): SQL | undefined {
  return and(
    eq(badgePrints.entityId, entityId),
    sql`${badgePrints.createdAt} >= ${w.start.toISOString()}::timestamptz`,
    sql`${badgePrints.createdAt} < ${w.end.toISOString()}::timestamptz`,
    w.status ? eq(badgePrints.status, w.status) : undefined,
    w.kioskId ? eq(badgePrints.kioskId, w.kioskId) : undefined,
    w.siteId ? eq(visits.siteId, w.siteId) : undefined,
    w.search
      ? or(ilike(people.firstName, containing(w.search)), ilike(people.lastName, containing(w.search)))
      : undefined,
    visitInScope(scope),
  );
}

/** One page, newest first: after `cursor` (keyset) when given, else at `page`; and the capped count. */
export async function listPrints(
  tx: Executor,
  entityId: string,
  scope: PrintScope,
  w: PrintQueueWhere,
  paging: { page: number; limit: number; cursor?: string },
) {
  const where = whereOf(entityId, scope, w);
  const after = paging.cursor
    ? afterCursor(
        [badgePrints.createdAt, badgePrints.id],
        decodeCursor(paging.cursor, SORT, 2),
        ['timestamptz', 'uuid'],
        'desc',
      )
    : undefined;
  const rows = await joined(tx)
    .where(and(where, after))
    .orderBy(desc(badgePrints.createdAt), desc(badgePrints.id))
    .limit(paging.limit + 1)
    .offset(paging.cursor ? 0 : (paging.page - 1) * paging.limit);
  const { rows: page, nextCursor } = keysetPage(rows, paging.limit, SORT, (r) => [r.createdAtText, r.print.id]);
  const { count, capped } = await countCapped(
    tx,
    sql`badge_prints inner join visits on visits.entity_id = badge_prints.entity_id and visits.id = badge_prints.visit_id
      inner join people on people.entity_id = visits.entity_id and people.id = visits.person_id`,
    where,
  );
  return { rows: page, nextCursor, count, capped };
}

/** Prints in the company's order for an export batch: after the cursor values, `limit` of them. */
export async function printBatch(
  tx: Executor,
  entityId: string,
  scope: PrintScope,
  w: PrintQueueWhere,
  after: [string, string] | null,
  limit: number,
) {
  return joined(tx)
    .where(
      and(
        whereOf(entityId, scope, w),
        after
          ? afterCursor([badgePrints.createdAt, badgePrints.id], after, ['timestamptz', 'uuid'], 'desc')
          : undefined,
      ),
    )
    .orderBy(desc(badgePrints.createdAt), desc(badgePrints.id))
    .limit(limit);
}

/** Prints by id within the reader's scope (another company's, or outside the scope: none). */
export async function findPrints(tx: Executor, entityId: string, scope: PrintScope, ids: string[]) {
  if (ids.length === 0) return [];
  return joined(tx).where(and(eq(badgePrints.entityId, entityId), inArray(badgePrints.id, ids), visitInScope(scope)));
}

/** The stored print with its badge, held for the change that follows. */
export async function lockPrint(tx: Executor, entityId: string, id: string) {
  const [row] = await tx
    .select()
    .from(badgePrints)
    .where(and(eq(badgePrints.entityId, entityId), eq(badgePrints.id, id)))
    .for('update');
  return row ?? null;
}

export async function setPrintStatus(
  tx: Executor,
  entityId: string,
  id: string,
  values: { status: PrintStatus; printedAt?: Date },
) {
  await tx
    .update(badgePrints)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(badgePrints.entityId, entityId), eq(badgePrints.id, id)));
}

export async function insertPrint(tx: Executor, values: typeof badgePrints.$inferInsert) {
  const [row] = await tx.insert(badgePrints).values(values).returning();
  return row!;
}
