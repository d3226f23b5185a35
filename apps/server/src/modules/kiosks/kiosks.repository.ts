import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { ListKiosksQuery } from '@app/shared/kiosks/schemas';
import { findCapabilityKey } from '../../db/capability-keys';
import { rowsOf, type Executor } from '../../db/client';
import { containing } from '../../db/like';
import { areas, entities, kioskPairings, kiosks, sites } from '../../db/schema/index';
import { siteFilter } from '../sites/sites.repository';
import { recordKioskSeen } from './kiosk-events';

export type KioskRow = typeof kiosks.$inferSelect;
export type PairingRow = typeof kioskPairings.$inferSelect;
export type KioskWithPlace = { kiosk: KioskRow; areaName: string; siteId: string; siteName: string };

const place = { kiosk: kiosks, areaName: areas.name, siteId: sites.id, siteName: sites.name };

/** Kiosks joined to their area and site, limited to the company and (for scoped admins) their sites. */
function kioskQuery(tx: Executor, entityId: string, siteIds: string[] | null, ...more: (SQL | undefined)[]) {
  return tx
    .select(place)
    .from(kiosks)
    .innerJoin(areas, and(eq(areas.entityId, kiosks.entityId), eq(areas.id, kiosks.areaId)))
    .innerJoin(sites, and(eq(sites.entityId, areas.entityId), eq(sites.id, areas.siteId)))
    .where(and(eq(kiosks.entityId, entityId), siteFilter(entityId, siteIds), ...more));
}

export async function listKiosks(
  tx: Executor,
  entityId: string,
  siteIds: string[] | null,
  q: ListKiosksQuery,
  onlineSince: Date,
) {
  const search = q.search ? containing(q.search) : null;
  const filters = [
    search ? or(ilike(kiosks.name, search), ilike(kiosks.macAddress, search)) : undefined,
    q.site_id ? eq(areas.siteId, q.site_id) : undefined,
    q.area_id ? eq(kiosks.areaId, q.area_id) : undefined,
    q.status === 'online' ? gte(kiosks.lastSeenAt, onlineSince) : undefined,
    q.status === 'offline' ? or(isNull(kiosks.lastSeenAt), lt(kiosks.lastSeenAt, onlineSince)) : undefined,
  ];
  const dir = q.orderBy === 'desc' ? desc : asc;
  const order =
    q.sortField === 'area'
      ? [dir(sites.name), dir(areas.name), asc(kiosks.name)]
      : q.sortField === 'last_seen_at'
        ? [q.orderBy === 'desc' ? sql`${kiosks.lastSeenAt} desc nulls last` : sql`${kiosks.lastSeenAt} asc nulls first`]
        : q.sortField === 'created_at'
          ? [dir(kiosks.createdAt)]
          : [dir(kiosks.name)];
  const rows = await kioskQuery(tx, entityId, siteIds, ...filters)
    .orderBy(...order, asc(kiosks.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [total] = await tx
    .select({ n: count() })
    .from(kiosks)
    .innerJoin(areas, and(eq(areas.entityId, kiosks.entityId), eq(areas.id, kiosks.areaId)))
    .innerJoin(sites, and(eq(sites.entityId, areas.entityId), eq(sites.id, areas.siteId)))
    .where(and(eq(kiosks.entityId, entityId), siteFilter(entityId, siteIds), ...filters));
  return { rows, count: Number(total?.n ?? 0) };
}

/** The kiosks with these ids that the actor may see; callers compare the count to find missing ones. */
export async function findKiosks(tx: Executor, entityId: string, siteIds: string[] | null, ids: string[]) {
  if (ids.length === 0) return [];
  return kioskQuery(tx, entityId, siteIds, inArray(kiosks.id, ids)).orderBy(asc(kiosks.name), asc(kiosks.id));
}

export async function insertKiosk(tx: Executor, values: typeof kiosks.$inferInsert) {
  const [row] = await tx.insert(kiosks).values(values).returning();
  return row!;
}

export async function updateKiosks(
  tx: Executor,
  entityId: string,
  ids: string[],
  values: Partial<Pick<typeof kiosks.$inferInsert, 'name' | 'areaId' | 'journeyId' | 'settings'>>,
) {
  if (ids.length === 0) return;
  await tx
    .update(kiosks)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(kiosks.entityId, entityId), inArray(kiosks.id, ids)));
}

/**
 * Deletes a kiosk with its pending pairing. RFID enrolment links sent for it stay: whoever opens one
 * learns that its kiosk is no longer in use, rather than that the link never existed.
 */
export async function deleteKiosk(tx: Executor, entityId: string, id: string) {
  await tx.execute(sql`select app_release_kiosk_pairing(${id}::uuid)`);
  await tx.delete(kiosks).where(and(eq(kiosks.entityId, entityId), eq(kiosks.id, id)));
}

// ── Global look-ups, keyed by a device credential (run outside a tenant, like sessions) ─────────

/** Whether any company has a kiosk with this MAC address (the address is unique across companies). */
export async function isMacRegistered(db: Executor, mac: string) {
  return Boolean(await findCapabilityKey(db, 'kiosks.mac_address', mac.toLowerCase()));
}

/** The kiosk a device token belongs to, and its company. */
export const findKioskByTokenHash = (db: Executor, tokenHash: string) =>
  findCapabilityKey(db, 'kiosks.device_token_hash', tokenHash);

export async function findEntityName(tx: Executor, entityId: string) {
  const [row] = await tx.select({ name: entities.name }).from(entities).where(eq(entities.id, entityId)).limit(1);
  return row?.name ?? null;
}

/** Marks a kiosk seen now; answers when it was seen before (null: never, or no such kiosk). */
export async function touchKiosk(
  tx: Executor,
  entityId: string,
  id: string,
  appVersion: string | null | undefined,
): Promise<Date | null> {
  const [before] = await tx
    .select({ lastSeenAt: kiosks.lastSeenAt, appVersion: kiosks.appVersion })
    .from(kiosks)
    .where(and(eq(kiosks.entityId, entityId), eq(kiosks.id, id)))
    .for('update');
  const now = new Date();
  // Coming online and a new app version are logged; a heartbeat that changes nothing is not.
  if (before) await recordKioskSeen(tx, entityId, id, before, appVersion, now);
  await tx
    .update(kiosks)
    .set({ lastSeenAt: now, ...(appVersion ? { appVersion } : {}) })
    .where(and(eq(kiosks.entityId, entityId), eq(kiosks.id, id)));
  return before?.lastSeenAt ?? null;
}

// ── Pairings (global: a kiosk waiting to be added has no company yet) ──────────────────────────

/**
 * Inserts a pairing unless its code is taken by a live one; a dead pairing holding the code (expired
 * and never claimed, or claimed and its token collected) gives the code up. Returns null on a clash.
 */
export async function insertPairing(db: Executor, values: typeof kioskPairings.$inferInsert) {
  return db.transaction(async (tx) => {
    await tx
      .delete(kioskPairings)
      .where(
        and(
          eq(kioskPairings.code, values.code),
          or(
            and(isNull(kioskPairings.claimedEntityId), lt(kioskPairings.expiresAt, new Date())),
            and(isNotNull(kioskPairings.claimedEntityId), isNull(kioskPairings.pendingDeviceToken)),
          ),
        ),
      );
    const [row] = await tx.insert(kioskPairings).values(values).onConflictDoNothing().returning();
    return row ?? null;
  });
}

/** Pairings that ended more than a day ago are of no use to anyone. */
export async function purgeOldPairings(db: Executor, before: Date) {
  await db.delete(kioskPairings).where(lt(kioskPairings.expiresAt, before));
}

export async function findPairingBySecret(db: Executor, secretHash: string) {
  const [row] = await db.select().from(kioskPairings).where(eq(kioskPairings.secretHash, secretHash)).limit(1);
  return row ?? null;
}

// A company's transaction reads and claims pairings through functions (migration 0017, decision 019):
// it never sees a pairing's secret or token, and claims only for its own company.

/** The pairing showing this code, without its secret or token. */
export async function findPairingByCode(tx: Executor, code: string) {
  const res = await tx.execute(sql`select * from app_kiosk_pairing_by_code(${code})`);
  const [row] = rowsOf<{ id: string; expires_at: string | Date; claimed_entity_id: string | null }>(res);
  return row ? { id: row.id, expiresAt: new Date(row.expires_at), claimedEntityId: row.claimed_entity_id } : null;
}

/** Claims a live, unclaimed pairing for the company's new kiosk, atomically: a code is claimed once. */
export async function claimPairing(tx: Executor, code: string, claim: { kioskId: string; deviceToken: string }) {
  const res = await tx.execute(
    sql`select * from app_claim_kiosk_pairing(${code}, ${claim.kioskId}::uuid, ${claim.deviceToken})`,
  );
  const [row] = rowsOf<{ id: string; mac_address: string; app_version: string | null }>(res);
  return row ? { id: row.id, macAddress: row.mac_address, appVersion: row.app_version } : null;
}

/** Hands the device token over once: returns it and erases it, holding the row meanwhile. */
export async function collectDeviceToken(db: Executor, pairingId: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ token: kioskPairings.pendingDeviceToken })
      .from(kioskPairings)
      .where(eq(kioskPairings.id, pairingId))
      .for('update');
    if (!row?.token) return null;
    await tx.update(kioskPairings).set({ pendingDeviceToken: null }).where(eq(kioskPairings.id, pairingId));
    return row.token;
  });
}
