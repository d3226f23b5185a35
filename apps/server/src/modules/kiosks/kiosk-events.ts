// The kiosk logs' writing side (/reporting/kiosk-logs): each change of a kiosk, each sign in or out
// made on it, and each change of its online state is written once, in the transaction that made it.
// Heartbeats that change nothing write nothing.
import { sql } from 'drizzle-orm';
import { KIOSK_ONLINE_WINDOW_MS, type KioskSettings } from '@app/shared/kiosks/schemas';
import type { KioskEventDetail, KioskEventKind } from '@app/shared/reports/kiosk-logs';
import { rowsOf, type Executor } from '../../db/client';
import { kioskEvents } from '../../db/schema/index';
import { newId } from '../../lib/ids';

export type KioskEventInput = {
  kioskId: string;
  kioskName: string;
  areaId: string | null;
  siteId: string | null;
  kind: KioskEventKind;
  detail?: KioskEventDetail;
  personId?: string | null;
  visitId?: string | null;
  at?: Date;
};

export async function recordKioskEvents(tx: Executor, entityId: string, events: KioskEventInput[]) {
  if (events.length === 0) return;
  await tx.insert(kioskEvents).values(
    events.map((e) => ({
      entityId,
      id: newId(),
      kioskId: e.kioskId,
      kioskName: e.kioskName,
      areaId: e.areaId,
      siteId: e.siteId,
      kind: e.kind,
      detail: e.detail ?? {},
      personId: e.personId ?? null,
      visitId: e.visitId ?? null,
      ...(e.at ? { at: e.at } : {}),
    })),
  );
}

/** The settings that differ between two, each with its old and new value (in the API's names). */
export function settingsChanges(before: KioskSettings, after: KioskSettings) {
  return (Object.keys(after) as (keyof KioskSettings)[])
    .filter((key) => before[key] !== after[key])
    .map((key) => ({ setting: key, from: before[key], to: after[key] }));
}

/**
 * A kiosk seen now, before `touchKiosk` marks it: when it had been silent past the online window it
 * came online (and, if no sweep noticed it going offline, that is written too, at the moment it went);
 * a different app version it reports is a version change.
 */
export async function recordKioskSeen(
  tx: Executor,
  entityId: string,
  kioskId: string,
  before: { lastSeenAt: Date | null; appVersion: string | null },
  reportedVersion: string | null | undefined,
  now: Date,
) {
  const stale = before.lastSeenAt === null || now.getTime() - before.lastSeenAt.getTime() > KIOSK_ONLINE_WINDOW_MS;
  const versionChanged = !!reportedVersion && reportedVersion !== before.appVersion;
  if (!stale && !versionChanged) return;
  if (before.lastSeenAt && stale) await recordWentOffline(tx, entityId, now, kioskId);
  await tx.execute(sql`
    insert into kiosk_events (entity_id, id, kiosk_id, kiosk_name, area_id, site_id, kind, detail, at)
    select k.entity_id, e.id, k.id, k.name, k.area_id, a.site_id, e.kind, e.detail::jsonb, ${now.toISOString()}::timestamptz
    from kiosks k
    join areas a on a.entity_id = k.entity_id and a.id = k.area_id
    cross join (values ${sql.join(
      [
        ...(stale ? [sql`(${newId()}::uuid, 'came_online', '{}')`] : []),
        ...(versionChanged
          ? [
              sql`(${newId()}::uuid, 'app_version_changed', ${JSON.stringify({
                from_version: before.appVersion,
                to_version: reportedVersion,
              })})`,
            ]
          : []),
      ],
      sql`, `,
    )}) as e(id, kind, detail)
    where k.entity_id = ${entityId} and k.id = ${kioskId}`);
}

/**
 * Writes "went offline" for the company's kiosks (or one) silent past the online window at `now`
 * and not yet written as offline since they were last seen: once per transition, dated when the
 * window ran out. Answers the kiosks written.
 */
export async function recordWentOffline(tx: Executor, entityId: string, now: Date, kioskId?: string) {
  const cutoff = new Date(now.getTime() - KIOSK_ONLINE_WINDOW_MS).toISOString();
  const res = await tx.execute(sql`
    select k.id, k.name, k.area_id, a.site_id, k.last_seen_at
    from kiosks k
    join areas a on a.entity_id = k.entity_id and a.id = k.area_id
    where k.entity_id = ${entityId}
      and k.last_seen_at < ${cutoff}::timestamptz
      ${kioskId ? sql`and k.id = ${kioskId}` : sql``}
      and not exists (
        select 1 from kiosk_events e
        where e.entity_id = k.entity_id and e.kiosk_id = k.id and e.kind = 'went_offline' and e.at > k.last_seen_at
      )
    for update of k`);
  const silent = rowsOf<{ id: string; name: string; area_id: string; site_id: string; last_seen_at: string | Date }>(
    res,
  );
  await recordKioskEvents(
    tx,
    entityId,
    silent.map((k) => {
      const lastSeen = new Date(k.last_seen_at);
      return {
        kioskId: k.id,
        kioskName: k.name,
        areaId: k.area_id,
        siteId: k.site_id,
        kind: 'went_offline' as const,
        detail: { last_seen_at: lastSeen.toISOString() },
        at: new Date(lastSeen.getTime() + KIOSK_ONLINE_WINDOW_MS),
      };
    }),
  );
  return silent.map((k) => k.id);
}

/** Companies with a kiosk silent past the window and not yet written as offline (read across companies by the sweep). */
export async function companiesWithSilentKiosks(db: Executor, now: Date): Promise<string[]> {
  const cutoff = new Date(now.getTime() - KIOSK_ONLINE_WINDOW_MS).toISOString();
  const res = await db.execute(sql`
    select distinct k.entity_id from kiosks k
    where k.last_seen_at < ${cutoff}::timestamptz
      and not exists (
        select 1 from kiosk_events e
        where e.entity_id = k.entity_id and e.kiosk_id = k.id and e.kind = 'went_offline' and e.at > k.last_seen_at
      )`);
  return rowsOf<{ entity_id: string }>(res).map((r) => r.entity_id);
}
