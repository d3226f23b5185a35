import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/client';
import { containing } from '../../db/like';
import { afterCursor, countCapped, decodeCursor, keysetPage } from '../../db/keyset';
import {
  entities,
  people,
  users,
  watchlistDismissals,
  watchlistEntries,
  watchlistKeys,
  watchlistScreenings,
  watchlistSettings,
} from '../../db/schema/index';

// The watchlist's SQL (decision 051): entries and their name keys, screenings, "not a match" pairs
// and the company's settings.

export type EntryRow = typeof watchlistEntries.$inferSelect;
export type KeyInsert = typeof watchlistKeys.$inferInsert;
export type ScreeningInsert = typeof watchlistScreenings.$inferInsert;

const entryColumns = {
  entry: watchlistEntries,
  addedBy: { id: users.id, firstName: users.firstName, lastName: users.lastName },
};
const entriesJoined = (tx: Executor) =>
  tx.select(entryColumns).from(watchlistEntries).leftJoin(users, eq(users.id, watchlistEntries.createdBy));
export type EntryRecord = Awaited<ReturnType<ReturnType<typeof entriesJoined>['execute']>>[number];

export type EntriesWhere = { level?: string; search?: string };

function entriesWhere(entityId: string, w: EntriesWhere): SQL | undefined {
  return and(
    eq(watchlistEntries.entityId, entityId),
    w.level ? eq(watchlistEntries.level, w.level) : undefined,
    w.search
      ? or(
          ilike(watchlistEntries.fullName, containing(w.search)),
          ilike(watchlistEntries.email, containing(w.search)),
          ilike(watchlistEntries.phone, containing(w.search)),
          ilike(watchlistEntries.companyName, containing(w.search)),
          sql`array_to_string(${watchlistEntries.aliases}, ' ') ilike ${containing(w.search)}`,
        )
      : undefined,
  );
}

const ENTRIES_SORT = 'name_asc';

export async function listEntries(
  tx: Executor,
  entityId: string,
  w: EntriesWhere,
  paging: { page: number; limit: number; cursor?: string },
) {
  const where = entriesWhere(entityId, w);
  const after = paging.cursor
    ? afterCursor(
        [watchlistEntries.sortName, watchlistEntries.id],
        decodeCursor(paging.cursor, ENTRIES_SORT, 2),
        ['text', 'uuid'],
        'asc',
      )
    : undefined;
  const rows = await entriesJoined(tx)
    .where(and(where, after))
    .orderBy(asc(watchlistEntries.sortName), asc(watchlistEntries.id))
    .limit(paging.limit + 1)
    .offset(paging.cursor ? 0 : (paging.page - 1) * paging.limit);
  const { rows: page, nextCursor } = keysetPage(rows, paging.limit, ENTRIES_SORT, (r) => [
    r.entry.sortName,
    r.entry.id,
  ]);
  const { count, capped } = await countCapped(tx, sql`watchlist_entries`, where);
  return { rows: page, nextCursor, count, capped };
}

export async function findEntries(tx: Executor, entityId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return entriesJoined(tx).where(and(eq(watchlistEntries.entityId, entityId), inArray(watchlistEntries.id, [...ids])));
}

export async function insertEntries(tx: Executor, values: (typeof watchlistEntries.$inferInsert)[]) {
  if (values.length === 0) return;
  await tx.insert(watchlistEntries).values(values);
}

export async function updateEntry(
  tx: Executor,
  entityId: string,
  id: string,
  values: Partial<typeof watchlistEntries.$inferInsert>,
) {
  await tx
    .update(watchlistEntries)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(watchlistEntries.entityId, entityId), eq(watchlistEntries.id, id)));
}

export async function deleteEntry(tx: Executor, entityId: string, id: string) {
  await tx.delete(watchlistEntries).where(and(eq(watchlistEntries.entityId, entityId), eq(watchlistEntries.id, id)));
}

/** Replaces the name keys of these entries. */
export async function replaceKeys(tx: Executor, entityId: string, entryIds: readonly string[], keys: KeyInsert[]) {
  if (entryIds.length === 0) return;
  await tx
    .delete(watchlistKeys)
    .where(and(eq(watchlistKeys.entityId, entityId), inArray(watchlistKeys.entryId, [...entryIds])));
  for (let i = 0; i < keys.length; i += 1000) await tx.insert(watchlistKeys).values(keys.slice(i, i + 1000));
}

const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/**
 * The entries to look at for the subjects screened (migration 0053), in one statement: a name's word in
 * common as written or as it sounds, an identical email or phone.
 */
export async function candidateEntries(
  tx: Executor,
  keys: { plains: string[]; skeletons: string[]; emails: string[]; phones: string[] },
) {
  const rows = rowsOf<{ entry_id: string }>(
    await tx.execute(
      sql`select entry_id from app_watchlist_candidates(${textArray(keys.plains)}, ${textArray(keys.skeletons)}, ${textArray(keys.emails)}, ${textArray(keys.phones)})`,
    ),
  );
  return rows.map((r) => r.entry_id);
}

/** What matching reads of the candidate entries. */
export async function entriesToMatch(tx: Executor, entityId: string, ids: readonly string[]) {
  return tx
    .select({
      id: watchlistEntries.id,
      level: watchlistEntries.level,
      fullName: watchlistEntries.fullName,
      aliases: watchlistEntries.aliases,
      email: watchlistEntries.email,
      phone: watchlistEntries.phone,
      companyName: watchlistEntries.companyName,
    })
    .from(watchlistEntries)
    .where(and(eq(watchlistEntries.entityId, entityId), inArray(watchlistEntries.id, [...ids])));
}

/** The entries an admin said these people are not. */
export async function dismissalsOf(tx: Executor, entityId: string, personIds: readonly string[]) {
  if (personIds.length === 0) return [];
  return tx
    .select({ entryId: watchlistDismissals.entryId, personId: watchlistDismissals.personId })
    .from(watchlistDismissals)
    .where(and(eq(watchlistDismissals.entityId, entityId), inArray(watchlistDismissals.personId, [...personIds])));
}

export async function insertDismissal(tx: Executor, values: typeof watchlistDismissals.$inferInsert) {
  await tx.insert(watchlistDismissals).values(values).onConflictDoNothing();
}

/**
 * Reviews still waiting, or approved and not yet over, of these entries: screening matches them to
 * its subjects by person, or by name for someone not yet a person (a new visitor).
 */
export async function openReviewsOf(tx: Executor, entityId: string, entryIds: readonly string[], now: Date) {
  if (entryIds.length === 0) return [];
  return tx
    .select({
      id: watchlistScreenings.id,
      personId: watchlistScreenings.personId,
      entryId: watchlistScreenings.entryId,
      outcome: watchlistScreenings.outcome,
      name: sql<string>`lower(${watchlistScreenings.subject}->>'name')`,
    })
    .from(watchlistScreenings)
    .where(
      and(
        eq(watchlistScreenings.entityId, entityId),
        inArray(watchlistScreenings.entryId, [...entryIds]),
        or(
          eq(watchlistScreenings.outcome, 'pending'),
          and(
            eq(watchlistScreenings.outcome, 'approved'),
            sql`${watchlistScreenings.expiresAt} > ${now.toISOString()}::timestamptz`,
          ),
        ),
      ),
    );
}

export async function insertScreenings(tx: Executor, values: ScreeningInsert[]) {
  if (values.length === 0) return;
  await tx.insert(watchlistScreenings).values(values);
}

const screeningColumns = {
  screening: watchlistScreenings,
  atText: sql<string>`${watchlistScreenings.at}::text`,
  decider: { id: users.id, firstName: users.firstName, lastName: users.lastName },
  entryExists: sql<boolean>`exists (select 1 from ${watchlistEntries} e where e.entity_id = ${watchlistScreenings.entityId} and e.id = ${watchlistScreenings.entryId})`,
};
const screeningsJoined = (tx: Executor) =>
  tx.select(screeningColumns).from(watchlistScreenings).leftJoin(users, eq(users.id, watchlistScreenings.decidedBy));
export type ScreeningRecord = Awaited<ReturnType<ReturnType<typeof screeningsJoined>['execute']>>[number];

export type ScreeningsWhere = { outcome?: string; entryId?: string; personId?: string };
const SCREENINGS_SORT = 'at_desc';

export async function listScreenings(
  tx: Executor,
  entityId: string,
  w: ScreeningsWhere,
  paging: { page: number; limit: number; cursor?: string },
) {
  const where = and(
    eq(watchlistScreenings.entityId, entityId),
    w.outcome ? eq(watchlistScreenings.outcome, w.outcome) : undefined,
    w.entryId ? eq(watchlistScreenings.entryId, w.entryId) : undefined,
    w.personId ? eq(watchlistScreenings.personId, w.personId) : undefined,
  );
  const after = paging.cursor
    ? afterCursor(
        [watchlistScreenings.at, watchlistScreenings.id],
        decodeCursor(paging.cursor, SCREENINGS_SORT, 2),
        ['timestamptz', 'uuid'],
        'desc',
      )
    : undefined;
  const rows = await screeningsJoined(tx)
    .where(and(where, after))
    .orderBy(desc(watchlistScreenings.at), desc(watchlistScreenings.id))
    .limit(paging.limit + 1)
    .offset(paging.cursor ? 0 : (paging.page - 1) * paging.limit);
  const { rows: page, nextCursor } = keysetPage(rows, paging.limit, SCREENINGS_SORT, (r) => [r.atText, r.screening.id]);
  const { count, capped } = await countCapped(tx, sql`watchlist_screenings`, where);
  return { rows: page, nextCursor, count, capped };
}

export async function findScreening(tx: Executor, entityId: string, id: string, lock = false) {
  const q = screeningsJoined(tx)
    .where(and(eq(watchlistScreenings.entityId, entityId), eq(watchlistScreenings.id, id)))
    .limit(1);
  const [row] = lock ? await q.for('update', { of: watchlistScreenings }) : await q;
  return row ?? null;
}

export async function updateScreening(
  tx: Executor,
  entityId: string,
  id: string,
  values: Partial<typeof watchlistScreenings.$inferInsert>,
) {
  await tx
    .update(watchlistScreenings)
    .set(values)
    .where(and(eq(watchlistScreenings.entityId, entityId), eq(watchlistScreenings.id, id)));
}

/** Every other waiting review of the same person and entry is decided with this one. */
export async function decideSiblings(
  tx: Executor,
  entityId: string,
  s: { personId: string; entryId: string; id: string },
  values: Partial<typeof watchlistScreenings.$inferInsert>,
) {
  await tx
    .update(watchlistScreenings)
    .set(values)
    .where(
      and(
        eq(watchlistScreenings.entityId, entityId),
        eq(watchlistScreenings.personId, s.personId),
        eq(watchlistScreenings.entryId, s.entryId),
        eq(watchlistScreenings.outcome, 'pending'),
        sql`${watchlistScreenings.id} <> ${s.id}`,
      ),
    );
}

export async function findSettings(tx: Executor, entityId: string) {
  const [row] = await tx.select().from(watchlistSettings).where(eq(watchlistSettings.entityId, entityId)).limit(1);
  return row ?? null;
}

export async function upsertSettings(tx: Executor, values: typeof watchlistSettings.$inferInsert) {
  await tx
    .insert(watchlistSettings)
    .values(values)
    .onConflictDoUpdate({
      target: watchlistSettings.entityId,
      set: {
        nameThreshold: values.nameThreshold,
        notifyPersonIds: values.notifyPersonIds,
        updatedAt: new Date(),
        updatedBy: values.updatedBy,
      },
    });
}

/** Every entry's level and keys, for the kiosk's snapshot. */
export async function snapshotRows(tx: Executor, entityId: string) {
  return tx
    .select({
      id: watchlistEntries.id,
      level: watchlistEntries.level,
      fullName: watchlistEntries.fullName,
      aliases: watchlistEntries.aliases,
      emailKey: watchlistEntries.emailKey,
      phoneKey: watchlistEntries.phoneKey,
    })
    .from(watchlistEntries)
    .where(eq(watchlistEntries.entityId, entityId))
    .orderBy(asc(watchlistEntries.id));
}

/** The people told of matches: their email, first name and (for members) their saved language. */
export async function recipientsOf(tx: Executor, entityId: string, personIds: readonly string[]) {
  if (personIds.length === 0) return [];
  return tx
    .select({ id: people.id, email: people.email, firstName: people.firstName, lang: users.lang })
    .from(people)
    .leftJoin(users, eq(users.id, people.userId))
    .where(
      and(
        eq(people.entityId, entityId),
        inArray(people.id, [...personIds]),
        eq(people.status, 'active'),
        sql`${people.email} is not null`,
      ),
    );
}

/** Each entry's name and email, for an import to leave out the people already listed. */
export async function existingIdentities(tx: Executor, entityId: string) {
  return tx
    .select({ fullName: watchlistEntries.fullName, email: watchlistEntries.email })
    .from(watchlistEntries)
    .where(eq(watchlistEntries.entityId, entityId));
}

/** The company's name and clock, for the mail of its matches. */
export async function companyOf(tx: Executor, entityId: string) {
  const [row] = await tx
    .select({ name: entities.name, timezone: entities.timezone })
    .from(entities)
    .where(eq(entities.id, entityId))
    .limit(1);
  return row ?? null;
}

/** Deletes the screenings older than the company's data retention (they name visitors): how many. */
export async function expireScreenings(tx: Executor, entityId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      with expired as (
        delete from watchlist_screenings w
         using privacy_settings s
         where s.entity_id = ${entityId}
           and s.data_retention_days is not null
           and w.entity_id = s.entity_id
           and w.at < now() - make_interval(days => s.data_retention_days)
        returning 1)
      select count(*)::int as n from expired`),
  );
  return Number(row?.n ?? 0);
}
