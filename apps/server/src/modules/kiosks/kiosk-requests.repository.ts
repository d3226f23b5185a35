import { and, asc, count, desc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { KioskRequestStatus, ListKioskRequestsQuery } from '@app/shared/kiosks/requests';
import type { Executor } from '../../db/client';
import { areas, kioskRequestFiles, kioskRequests, kiosks, people, userTypes, visits } from '../../db/schema/index';

export type KioskRequestRow = typeof kioskRequests.$inferSelect;
export type KioskRequestWithKiosk = {
  request: KioskRequestRow;
  kioskName: string;
  hasScreen: boolean;
  hasData: boolean;
};

const fileExists = (kind: 'screen' | 'data') => sql<boolean>`exists (select 1 from ${kioskRequestFiles}
  where ${kioskRequestFiles.entityId} = ${kioskRequests.entityId} and ${kioskRequestFiles.requestId} = ${kioskRequests.id}
    and ${kioskRequestFiles.kind} = ${kind})`;

/** Within a scoped admin's sites, by the kiosk's area (every query here joins the area). */
const withinSites = (siteIds: string[] | null) =>
  siteIds === null ? undefined : siteIds.length ? inArray(areas.siteId, siteIds) : sql`false`;

/** Requests joined to their kiosk and its area, within the company and (for scoped admins) their sites. */
function requestQuery(tx: Executor, entityId: string, siteIds: string[] | null, ...more: (SQL | undefined)[]) {
  return tx
    .select({
      request: kioskRequests,
      kioskName: kiosks.name,
      hasScreen: fileExists('screen'),
      hasData: fileExists('data'),
    })
    .from(kioskRequests)
    .innerJoin(kiosks, and(eq(kiosks.entityId, kioskRequests.entityId), eq(kiosks.id, kioskRequests.kioskId)))
    .innerJoin(areas, and(eq(areas.entityId, kiosks.entityId), eq(areas.id, kiosks.areaId)))
    .where(and(eq(kioskRequests.entityId, entityId), withinSites(siteIds), ...more));
}

export async function insertKioskRequest(tx: Executor, values: typeof kioskRequests.$inferInsert) {
  await tx.insert(kioskRequests).values(values);
}

export async function findKioskRequest(
  tx: Executor,
  entityId: string,
  siteIds: string[] | null,
  id: string,
): Promise<KioskRequestWithKiosk | null> {
  const [row] = await requestQuery(tx, entityId, siteIds, eq(kioskRequests.id, id));
  return row ?? null;
}

export async function listKioskRequests(
  tx: Executor,
  entityId: string,
  siteIds: string[] | null,
  q: ListKioskRequestsQuery,
  personId: string | null,
) {
  const filters = [
    q.kiosk_id ? eq(kioskRequests.kioskId, q.kiosk_id) : undefined,
    q.status ? eq(kioskRequests.status, q.status) : undefined,
    q.action ? eq(kioskRequests.action, q.action) : undefined,
    // "Mine" for an actor with no person of its own (the API token) is nobody's.
    q.mine ? (personId ? eq(kioskRequests.requestedById, personId) : sql`false`) : undefined,
  ];
  const rows = await requestQuery(tx, entityId, siteIds, ...filters)
    .orderBy(desc(kioskRequests.createdAt), desc(kioskRequests.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [total] = await tx
    .select({ n: count() })
    .from(kioskRequests)
    .innerJoin(kiosks, and(eq(kiosks.entityId, kioskRequests.entityId), eq(kiosks.id, kioskRequests.kioskId)))
    .innerJoin(areas, and(eq(areas.entityId, kiosks.entityId), eq(areas.id, kiosks.areaId)))
    .where(and(eq(kioskRequests.entityId, entityId), withinSites(siteIds), ...filters));
  return { rows, count: Number(total?.n ?? 0) };
}

/** A kiosk's own request (the kiosk acting with its token), whatever its state. */
export async function findRequestOfKiosk(tx: Executor, entityId: string, kioskId: string, id: string) {
  const [row] = await tx
    .select()
    .from(kioskRequests)
    .where(and(eq(kioskRequests.entityId, entityId), eq(kioskRequests.kioskId, kioskId), eq(kioskRequests.id, id)));
  return row ?? null;
}

export type Transition = {
  /** The states, in order, the request goes through now (a kiosk's report may imply "delivered"). */
  statuses: KioskRequestStatus[];
  errorCode?: string | null;
  detail?: string | null;
  deadlineAt?: Date | null;
  watchedUntil?: Date | null;
  finished?: boolean;
};

/**
 * Moves a request on, only from one of `from`: answers the row as it is now, or null when it was in
 * none of them (another move came first). One statement, so two moves cannot both be taken.
 */
export async function moveKioskRequest(
  tx: Executor,
  entityId: string,
  id: string,
  from: readonly KioskRequestStatus[],
  move: Transition,
  now = new Date(),
): Promise<KioskRequestRow | null> {
  const at = now.toISOString();
  const entries = JSON.stringify(move.statuses.map((status) => ({ status, at })));
  const [row] = await tx
    .update(kioskRequests)
    .set({
      status: move.statuses[move.statuses.length - 1]!,
      history: sql`${kioskRequests.history} || ${entries}::jsonb`,
      updatedAt: now,
      ...(move.errorCode !== undefined ? { errorCode: move.errorCode } : {}),
      ...(move.detail !== undefined ? { detail: move.detail } : {}),
      ...(move.deadlineAt !== undefined ? { deadlineAt: move.deadlineAt } : {}),
      ...(move.watchedUntil !== undefined ? { watchedUntil: move.watchedUntil } : {}),
      ...(move.finished ? { finishedAt: now, deadlineAt: null, watchedUntil: null } : {}),
    })
    .where(
      and(eq(kioskRequests.entityId, entityId), eq(kioskRequests.id, id), inArray(kioskRequests.status, [...from])),
    )
    .returning();
  return row ?? null;
}

/** Someone watches a shared screen until `until` (null: nobody). */
export async function setWatchedUntil(tx: Executor, entityId: string, id: string, until: Date | null) {
  const [row] = await tx
    .update(kioskRequests)
    .set({ watchedUntil: until, updatedAt: new Date() })
    .where(and(eq(kioskRequests.entityId, entityId), eq(kioskRequests.id, id), isNull(kioskRequests.finishedAt)))
    .returning();
  return row ?? null;
}

/** Stores what a kiosk handed over for a request, replacing the earlier one of the same kind. */
export async function putRequestFile(
  tx: Executor,
  entityId: string,
  requestId: string,
  kind: 'screen' | 'data',
  contentType: string,
  content: Buffer,
) {
  const [row] = await tx
    .insert(kioskRequestFiles)
    .values({ entityId, requestId, kind, contentType, content, size: content.length })
    .onConflictDoUpdate({
      target: [kioskRequestFiles.entityId, kioskRequestFiles.requestId, kioskRequestFiles.kind],
      set: {
        contentType,
        content,
        size: content.length,
        sequence: sql`${kioskRequestFiles.sequence} + 1`,
        updatedAt: new Date(),
      },
    })
    .returning({ sequence: kioskRequestFiles.sequence });
  return row!.sequence;
}

export async function getRequestFile(tx: Executor, entityId: string, requestId: string, kind: 'screen' | 'data') {
  const [row] = await tx
    .select()
    .from(kioskRequestFiles)
    .where(
      and(
        eq(kioskRequestFiles.entityId, entityId),
        eq(kioskRequestFiles.requestId, requestId),
        eq(kioskRequestFiles.kind, kind),
      ),
    );
  // PGlite hands bytea over as a Uint8Array, node-postgres as a Buffer.
  return row ? { ...row, content: Buffer.from(row.content) } : null;
}

/** Open requests past their deadline, across companies (the sweep runs as the owner). */
export async function overdueKioskRequests(db: Executor, now: Date, limit = 500) {
  return db
    .select({ entityId: kioskRequests.entityId, id: kioskRequests.id, kioskId: kioskRequests.kioskId })
    .from(kioskRequests)
    .where(and(isNull(kioskRequests.finishedAt), lt(kioskRequests.deadlineAt, now)))
    .limit(limit);
}

/** Turns a kiosk's logging on or off. */
export async function setKioskLogging(tx: Executor, entityId: string, kioskId: string, logging: boolean) {
  await tx
    .update(kiosks)
    .set({ logging })
    .where(and(eq(kiosks.entityId, entityId), eq(kiosks.id, kioskId)));
}

/** How many of the company's kiosks (within the reader's sites) last reported each version. */
export async function countKiosksByVersion(
  tx: Executor,
  entityId: string,
  siteIds: string[] | null,
  versions: string[],
): Promise<Map<string, number>> {
  const rows = await tx
    .select({ version: kiosks.appVersion, n: count() })
    .from(kiosks)
    .innerJoin(areas, and(eq(areas.entityId, kiosks.entityId), eq(areas.id, kiosks.areaId)))
    .where(and(eq(kiosks.entityId, entityId), withinSites(siteIds), inArray(kiosks.appVersion, versions)))
    .groupBy(kiosks.appVersion);
  return new Map(rows.map((r) => [r.version ?? '', Number(r.n)]));
}

/** The room data's rows shown at most; the count says how many there are. */
const ROOM_ROWS_MAX = 500;

/** Who is signed in at an area now, newest first, within the reader's user types. */
export async function peopleOnSiteInArea(tx: Executor, entityId: string, areaId: string, userTypeIds: string[] | null) {
  const where = and(
    eq(visits.entityId, entityId),
    eq(visits.areaId, areaId),
    eq(visits.state, 'on_site'),
    userTypeIds === null ? undefined : userTypeIds.length ? inArray(visits.userTypeId, userTypeIds) : sql`false`,
  );
  const rows = await tx
    .select({
      visitId: visits.id,
      personId: people.id,
      firstName: people.firstName,
      lastName: people.lastName,
      userType: userTypes.name,
      signedInAt: sql<Date>`coalesce(${visits.signedInAt}, ${visits.createdAt})`.mapWith(
        (v: string | Date) => new Date(v),
      ),
    })
    .from(visits)
    .innerJoin(people, and(eq(people.entityId, visits.entityId), eq(people.id, visits.personId)))
    .leftJoin(userTypes, and(eq(userTypes.entityId, visits.entityId), eq(userTypes.id, visits.userTypeId)))
    .where(where)
    .orderBy(desc(visits.signedInAt), asc(visits.id))
    .limit(ROOM_ROWS_MAX);
  const [total] = await tx.select({ n: count() }).from(visits).where(where);
  return { rows, count: Number(total?.n ?? 0) };
}

/** A kiosk's requests not finished yet, oldest first. */
export async function openRequestsOfKiosk(tx: Executor, entityId: string, kioskId: string) {
  return tx
    .select()
    .from(kioskRequests)
    .where(
      and(eq(kioskRequests.entityId, entityId), eq(kioskRequests.kioskId, kioskId), isNull(kioskRequests.finishedAt)),
    )
    .orderBy(asc(kioskRequests.createdAt), asc(kioskRequests.id))
    .limit(50);
}
