import { and, asc, desc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AnnouncementFilter, AnnouncementSortField, AnnouncementState } from '@app/shared/announcements/schemas';
import type { Executor } from '../../db/client';
import { announcementUserTypes, announcements, auditLog, userTypes } from '../../db/schema/index';
import { newId } from '../../lib/ids';

export type AnnouncementRow = typeof announcements.$inferSelect;
export type AnnouncementTarget = { announcementId: string; id: string; name: string };

const uuidList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * The state of each row at `now`, from its times (the rule of @app/shared/announcements/state), so a
 * list is right between two runs of the status job. Written with the table name in full: drizzle
 * leaves columns unqualified in single-table selects.
 */
export const stateAt = (now: Date) =>
  sql<AnnouncementState>`(case when "announcements"."publish_at" > ${now.toISOString()}::timestamptz then 'scheduled' when "announcements"."expires_at" <= ${now.toISOString()}::timestamptz then 'expired' else 'active' end)`;

function stateFilter(filter: AnnouncementFilter, now: Date): SQL | undefined {
  const at = sql`${now.toISOString()}::timestamptz`;
  switch (filter) {
    case 'scheduled':
      return sql`"announcements"."publish_at" > ${at}`;
    case 'active':
      return sql`"announcements"."publish_at" <= ${at} and "announcements"."expires_at" > ${at}`;
    case 'expired':
      return sql`"announcements"."expires_at" <= ${at}`;
    default:
      return undefined;
  }
}

/**
 * What an admin limited to some user types sees (null: everything): announcements for everyone, and
 * those for at least one of their types.
 */
export function visibleTo(userTypeIds: string[] | null): SQL | undefined {
  if (userTypeIds === null) return undefined;
  const mine = userTypeIds.length ? sql` and aut.user_type_id in (${uuidList(userTypeIds)})` : sql` and false`;
  return sql`(not exists (
      select 1 from announcement_user_types aut
      where aut.entity_id = "announcements"."entity_id" and aut.announcement_id = "announcements"."id"
    ) or exists (
      select 1 from announcement_user_types aut
      where aut.entity_id = "announcements"."entity_id" and aut.announcement_id = "announcements"."id"${mine}
    ))`;
}

/** Tags are left out of the search: a search for "strong" must not find every bold word. */
const matches = (search: string) =>
  sql`regexp_replace("announcements"."text", '<[^>]*>', ' ', 'g') ilike ${`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;

const SORT_COLUMNS: Record<AnnouncementSortField, AnyColumn> = {
  publish_at: announcements.publishAt,
  expires_at: announcements.expiresAt,
  created_at: announcements.createdAt,
};

export type ListOptions = {
  state: AnnouncementFilter;
  search?: string;
  sortField: AnnouncementSortField;
  orderBy: 'asc' | 'desc';
  page: number;
  limit: number;
  now: Date;
  userTypeIds: string[] | null;
};

/** One page of the company's announcements, pinned ones first, each with its state at `now`. */
export async function listAnnouncements(tx: Executor, entityId: string, o: ListOptions) {
  const where = and(
    eq(announcements.entityId, entityId),
    stateFilter(o.state, o.now),
    o.search ? matches(o.search) : undefined,
    visibleTo(o.userTypeIds),
  );
  const column = SORT_COLUMNS[o.sortField];
  const order = o.orderBy === 'asc' ? asc : desc;
  const [rows, total] = await Promise.all([
    tx
      .select({ row: announcements, state: stateAt(o.now) })
      .from(announcements)
      .where(where)
      .orderBy(desc(announcements.pinned), order(column), desc(announcements.id))
      .limit(o.limit)
      .offset((o.page - 1) * o.limit),
    tx
      .select({ n: sql<number>`count(*)::int` })
      .from(announcements)
      .where(where),
  ]);
  return { rows, count: Number(total[0]?.n ?? 0) };
}

export async function findAnnouncement(tx: Executor, entityId: string, id: string, now: Date) {
  const [found] = await tx
    .select({ row: announcements, state: stateAt(now) })
    .from(announcements)
    .where(and(eq(announcements.entityId, entityId), eq(announcements.id, id)))
    .limit(1);
  return found ?? null;
}

/** The user types each announcement is for, by name; one query for a whole page. */
export async function targetsOf(tx: Executor, entityId: string, ids: string[]): Promise<AnnouncementTarget[]> {
  if (ids.length === 0) return [];
  return tx
    .select({ announcementId: announcementUserTypes.announcementId, id: userTypes.id, name: userTypes.name })
    .from(announcementUserTypes)
    .innerJoin(
      userTypes,
      and(eq(userTypes.entityId, announcementUserTypes.entityId), eq(userTypes.id, announcementUserTypes.userTypeId)),
    )
    .where(and(eq(announcementUserTypes.entityId, entityId), inArray(announcementUserTypes.announcementId, ids)))
    .orderBy(asc(userTypes.name), asc(userTypes.id));
}

/** The company's user types, or those of `scope` when not null, by name. */
export async function userTypesIn(tx: Executor, entityId: string, scope: string[] | null) {
  return tx
    .select({ id: userTypes.id, name: userTypes.name, parent_id: userTypes.parentId })
    .from(userTypes)
    .where(
      and(
        eq(userTypes.entityId, entityId),
        scope === null ? undefined : scope.length > 0 ? inArray(userTypes.id, scope) : sql`false`,
      ),
    )
    .orderBy(asc(userTypes.name), asc(userTypes.id));
}

/** Which of these user types exist in the company. */
export async function existingUserTypeIds(tx: Executor, entityId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: userTypes.id })
    .from(userTypes)
    .where(and(eq(userTypes.entityId, entityId), inArray(userTypes.id, ids)));
  return rows.map((r) => r.id);
}

export async function insertAnnouncement(tx: Executor, values: typeof announcements.$inferInsert) {
  const [row] = await tx.insert(announcements).values(values).returning();
  return row!;
}

export async function updateAnnouncement(
  tx: Executor,
  entityId: string,
  id: string,
  values: Partial<typeof announcements.$inferInsert>,
) {
  const [row] = await tx
    .update(announcements)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(announcements.entityId, entityId), eq(announcements.id, id)))
    .returning();
  return row ?? null;
}

export async function replaceTargets(tx: Executor, entityId: string, announcementId: string, userTypeIds: string[]) {
  await tx
    .delete(announcementUserTypes)
    .where(and(eq(announcementUserTypes.entityId, entityId), eq(announcementUserTypes.announcementId, announcementId)));
  if (userTypeIds.length === 0) return;
  await tx
    .insert(announcementUserTypes)
    .values(userTypeIds.map((userTypeId) => ({ entityId, announcementId, userTypeId })));
}

export async function deleteAnnouncement(tx: Executor, entityId: string, id: string) {
  await tx.delete(announcements).where(and(eq(announcements.entityId, entityId), eq(announcements.id, id)));
}

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

/**
 * The companies holding an announcement whose stored status is behind its times. A global look-up
 * (it runs outside any company's transaction, as the job's sweep must), answering only ids.
 */
export async function companiesWithStaleStatus(db: Executor, now: Date): Promise<string[]> {
  const res = await db.execute<{ entity_id: string }>(sql`
    select distinct "announcements"."entity_id" as entity_id from announcements
    where "announcements"."status" <> ${stateAt(now)}`);
  return rowsOf<{ entity_id: string }>(res).map((r) => r.entity_id);
}

export type StatusChange = { id: string; before: string; after: AnnouncementState };

/**
 * Brings the stored status of a company's announcements (or of one) in step with their times at
 * `now`, and answers what changed. Rows are locked first and the condition checked again after the
 * lock, so two runs at once (two app nodes, a retry) change each row once.
 */
export async function applyStatuses(
  tx: Executor,
  entityId: string,
  now: Date,
  announcementId?: string,
): Promise<StatusChange[]> {
  const one = announcementId ? sql` and "announcements"."id" = ${announcementId}` : sql``;
  const res = await tx.execute<StatusChange>(sql`
    update announcements set status = stale.after
    from (
      select "announcements"."entity_id", "announcements"."id", "announcements"."status" as before, ${stateAt(now)} as after
      from announcements
      where "announcements"."entity_id" = ${entityId}${one} and "announcements"."status" <> ${stateAt(now)}
      for update
    ) stale
    where announcements.entity_id = stale.entity_id and announcements.id = stale.id
    returning announcements.id, stale.before, stale.after`);
  return rowsOf<StatusChange>(res);
}

/** The audit rows of changes the job made: no person acted, the clock did. */
export async function auditStatusChanges(tx: Executor, entityId: string, changes: StatusChange[]) {
  if (changes.length === 0) return;
  await tx.insert(auditLog).values(
    changes.map((c) => ({
      entityId,
      id: newId(),
      actorUserId: null,
      actorKind: 'system',
      action: 'announcement.status',
      targetType: 'announcement',
      targetId: c.id,
      before: { status: c.before },
      after: { status: c.after },
    })),
  );
}
