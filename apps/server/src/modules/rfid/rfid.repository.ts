import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { ListRfidPeopleQuery } from '@app/shared/rfid/schemas';
import { findCapabilityKey } from '../../db/capability-keys';
import type { Executor } from '../../db/client';
import { afterCursor, countCapped, decodeCursor, keysetPage } from '../../db/keyset';
import { areas, auditLog, entities, kiosks, people, rfidEnrolments, sites } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { searchFilter } from '../people/people-list.repository';

// People and kiosks are read straight from their tables: this module owns only the RFID columns and
// the enrolment links.

export type EnrolmentRow = typeof rfidEnrolments.$inferSelect;

const live = () => and(isNull(rfidEnrolments.usedAt), gt(rfidEnrolments.expiresAt, sql`now()`));

// Correlated on the outer "people" row, written out so no column binds to the wrong table.
const hasLiveLink = sql`exists (
  select 1 from rfid_enrolments r
  where r.entity_id = "people"."entity_id" and r.person_id = "people"."id"
    and r.used_at is null and r.expires_at > now()
)`;

function stateFilter(state: ListRfidPeopleQuery['state']): SQL | undefined {
  if (state === 'enrolled') return isNotNull(people.rfid);
  if (state === 'pending') return and(isNull(people.rfid), hasLiveLink);
  if (state === 'none') return and(isNull(people.rfid), sql`not ${hasLiveLink}`);
  return undefined;
}

/** By name, through the people name index; pages after the first follow a cursor (decision 022). */
const NAME_KEYS = [people.lastName, people.firstName, people.id];

export async function listPeopleWithCards(
  tx: Executor,
  entityId: string,
  scope: SQL | undefined,
  q: ListRfidPeopleQuery,
) {
  const where = and(eq(people.entityId, entityId), scope, stateFilter(q.state), searchFilter(q.search, true));
  const after = q.cursor
    ? afterCursor(NAME_KEYS, decodeCursor(q.cursor, 'rfid:name', 3), ['text', 'text', 'uuid'], 'asc')
    : undefined;
  const rows = await tx
    .select({
      id: people.id,
      firstName: people.firstName,
      lastName: people.lastName,
      email: people.email,
      status: people.status,
      rfid: people.rfid,
    })
    .from(people)
    .where(and(where, after))
    .orderBy(...NAME_KEYS.map((k) => asc(k)))
    .limit(q.limit + 1)
    .offset(q.cursor ? 0 : (q.page - 1) * q.limit);
  const { rows: page, nextCursor } = keysetPage(rows, q.limit, 'rfid:name', (r) => [r.lastName, r.firstName, r.id]);
  return { rows: page, nextCursor, ...(await countCapped(tx, sql`${people}`, where)) };
}

/** The live (unused, unexpired) links of some people, newest first. */
export async function liveLinksOf(tx: Executor, entityId: string, personIds: string[]) {
  if (personIds.length === 0) return [];
  return tx
    .select()
    .from(rfidEnrolments)
    .where(and(eq(rfidEnrolments.entityId, entityId), inArray(rfidEnrolments.personId, personIds), live()))
    .orderBy(sql`${rfidEnrolments.createdAt} desc`);
}

export type KioskPlace = { id: string; name: string; siteName: string; areaName: string };

function kioskPlaces(tx: Executor, entityId: string, siteIds: string[] | null, more?: SQL) {
  const siteScope = siteIds === null ? undefined : siteIds.length ? inArray(sites.id, siteIds) : sql`false`;
  return tx
    .select({ id: kiosks.id, name: kiosks.name, siteName: sites.name, areaName: areas.name })
    .from(kiosks)
    .innerJoin(areas, and(eq(areas.entityId, kiosks.entityId), eq(areas.id, kiosks.areaId)))
    .innerJoin(sites, and(eq(sites.entityId, areas.entityId), eq(sites.id, areas.siteId)))
    .where(and(eq(kiosks.entityId, entityId), siteScope, more))
    .orderBy(asc(sites.name), asc(areas.name), asc(kiosks.name), asc(kiosks.id));
}

/** The company's kiosks on the admin's sites, with their site and area. */
export const listKioskPlaces = (tx: Executor, entityId: string, siteIds: string[] | null): Promise<KioskPlace[]> =>
  kioskPlaces(tx, entityId, siteIds);

export async function findKioskPlaces(
  tx: Executor,
  entityId: string,
  siteIds: string[] | null,
  ids: string[],
): Promise<KioskPlace[]> {
  if (ids.length === 0) return [];
  return kioskPlaces(tx, entityId, siteIds, inArray(kiosks.id, ids));
}

/** The code hashes of a kiosk's live links (their kiosk codes must differ). */
export async function liveCodeHashesOfKiosk(tx: Executor, entityId: string, kioskId: string) {
  const rows = await tx
    .select({ codeHash: rfidEnrolments.codeHash })
    .from(rfidEnrolments)
    .where(and(eq(rfidEnrolments.entityId, entityId), eq(rfidEnrolments.kioskId, kioskId), live()));
  return rows.map((r) => r.codeHash);
}

/** The company's live links at every kiosk, for a kiosk code typed at the wrong kiosk. */
export async function liveLinksOfEntity(tx: Executor, entityId: string) {
  return tx
    .select({ id: rfidEnrolments.id, codeHash: rfidEnrolments.codeHash })
    .from(rfidEnrolments)
    .where(and(eq(rfidEnrolments.entityId, entityId), live()));
}

/** Links of a kiosk recent enough to explain a typed kiosk code: live, used, or lately expired. */
export async function recentLinksOfKiosk(tx: Executor, entityId: string, kioskId: string): Promise<EnrolmentRow[]> {
  return tx
    .select()
    .from(rfidEnrolments)
    .where(
      and(
        eq(rfidEnrolments.entityId, entityId),
        eq(rfidEnrolments.kioskId, kioskId),
        gt(rfidEnrolments.createdAt, sql`now() - interval '14 days'`),
      ),
    );
}

/**
 * A new send replaces the people's unused links. A replaced link ends now rather than disappearing,
 * so whoever opens an older email learns that a newer link was sent (see `superseded` in findLink);
 * unused links that ended long ago go, so the table does not grow with every send.
 */
export async function supersedeUnusedLinks(tx: Executor, entityId: string, personIds: string[]) {
  if (personIds.length === 0) return;
  const unused = and(
    eq(rfidEnrolments.entityId, entityId),
    inArray(rfidEnrolments.personId, personIds),
    isNull(rfidEnrolments.usedAt),
  );
  await tx.delete(rfidEnrolments).where(and(unused, lt(rfidEnrolments.expiresAt, sql`now() - interval '30 days'`)));
  await tx
    .update(rfidEnrolments)
    .set({ expiresAt: sql`now()` })
    .where(and(unused, gt(rfidEnrolments.expiresAt, sql`now()`)));
}

export async function insertLinks(tx: Executor, rows: (typeof rfidEnrolments.$inferInsert)[]) {
  if (rows.length) await tx.insert(rfidEnrolments).values(rows);
}

/** Global look-up by the link's hash (the link carries no company): only the row's keys. */
export const findLinkKeys = (db: Executor, codeHash: string) =>
  findCapabilityKey(db, 'rfid_enrolments.code_hash', codeHash);

export async function findLink(tx: Executor, entityId: string, id: string) {
  const [row] = await tx
    .select({
      link: rfidEnrolments,
      person: {
        id: people.id,
        firstName: people.firstName,
        lastName: people.lastName,
        status: people.status,
        rfid: people.rfid,
      },
      company: { name: entities.name, logo: entities.logo },
      // A newer link was sent to the same person after this one (it replaced this one if unused).
      superseded: sql<boolean>`exists (
        select 1 from rfid_enrolments newer
        where newer.entity_id = ${rfidEnrolments.entityId} and newer.person_id = ${rfidEnrolments.personId}
          and (newer.created_at, newer.id) > (${rfidEnrolments.createdAt}, ${rfidEnrolments.id})
      )`,
    })
    .from(rfidEnrolments)
    .innerJoin(people, and(eq(people.entityId, rfidEnrolments.entityId), eq(people.id, rfidEnrolments.personId)))
    .innerJoin(entities, eq(entities.id, rfidEnrolments.entityId))
    .where(and(eq(rfidEnrolments.entityId, entityId), eq(rfidEnrolments.id, id)))
    .limit(1);
  return row ?? null;
}

export async function markLinkUsed(tx: Executor, entityId: string, id: string) {
  await tx
    .update(rfidEnrolments)
    .set({ usedAt: new Date() })
    .where(and(eq(rfidEnrolments.entityId, entityId), eq(rfidEnrolments.id, id)));
}

export async function isRfidTaken(tx: Executor, entityId: string, rfid: string, exceptPersonId: string) {
  const [row] = await tx
    .select({ id: people.id })
    .from(people)
    .where(and(eq(people.entityId, entityId), eq(people.rfid, rfid), ne(people.id, exceptPersonId)))
    .limit(1);
  return Boolean(row);
}

export async function setPersonRfid(tx: Executor, entityId: string, personId: string, rfid: string | null) {
  await tx
    .update(people)
    .set({ rfid, updatedAt: new Date() })
    .where(and(eq(people.entityId, entityId), eq(people.id, personId)));
}

/** Global look-up of a kiosk by its device token's hash: its company, then the kiosk within it. */
export async function findKioskByDeviceTokenHash(db: Executor, tokenHash: string) {
  const keys = await findCapabilityKey(db, 'kiosks.device_token_hash', tokenHash);
  if (!keys) return null;
  const [row] = await db
    .select({ entityId: kiosks.entityId, id: kiosks.id, name: kiosks.name })
    .from(kiosks)
    .where(and(eq(kiosks.entityId, keys.entityId), eq(kiosks.id, keys.id)))
    .limit(1);
  return row ?? null;
}

/** An audit row for a change made by someone other than a dashboard user (a kiosk, the person's link). */
export async function writeDeviceAudit(
  tx: Executor,
  entityId: string,
  actorKind: 'kiosk' | 'link',
  entry: { action: string; targetId: string; before?: unknown; after?: unknown },
) {
  await tx.insert(auditLog).values({
    entityId,
    id: newId(),
    actorUserId: null,
    actorKind,
    action: entry.action,
    targetType: 'person',
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
