// The SQL of a kiosk finding people (decision 044): only active people of its company who have one of
// its journey's user types and its site (whom its sign-in can reach), and only what a kiosk shows of
// them. Codes are looked up by plain equality on indexed columns (people.qr_code, people(entity_id,
// rfid), visits(entity_id, expected_at)), which row-level security lets an index serve (decision 022).
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';

/** What a kiosk's look-ups are limited to: its company, its site and area, its journey's user types. */
export type KioskReach = {
  entityId: string;
  siteId: string;
  areaId: string;
  /** The user types of the journey's flows; none when the kiosk runs no journey. */
  userTypeIds: string[];
};

/** Today on the company's clock: the range an expected visit's time falls in to be today's pass. */
export type DayRange = { start: Date; end: Date };

const uuids = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * The people a kiosk reaches, as a condition on the outer `people` row (written with the table's full
 * name so it binds to it inside any query, the people list's search included).
 */
export function reachablePerson(reach: KioskReach): SQL {
  if (reach.userTypeIds.length === 0) return sql`false`;
  return sql`"people"."status" = 'active'
    and exists (
      select 1 from person_user_types put
      where put.entity_id = "people"."entity_id" and put.person_id = "people"."id"
        and put.user_type_id in (${uuids(reach.userTypeIds)})
    )
    and exists (
      select 1 from person_sites ps
      where ps.entity_id = "people"."entity_id" and ps.person_id = "people"."id" and ps.site_id = ${reach.siteId}::uuid
    )`;
}

export type KioskPersonRow = {
  id: string;
  first_name: string;
  last_name: string;
  has_photo: boolean;
  qr_code: string;
  rfid: string | null;
  user_type_ids: string[];
  /** Their address without case: only to find their passport, never sent to the kiosk. */
  email_lower: string | null;
  /** Today's expected visits at the kiosk's site with a pass code (json: id, code, at). */
  passes: { id: string; code: string; at: string }[];
};

/**
 * The people a kiosk reaches matching `where`, with their journey user types and today's passes: one
 * statement, however many people a page holds. With `pageSize`, a page in id order (the primary key's);
 * without, a look-up by unique codes or ids, left unordered so that no LIMIT tempts the planner to walk
 * the primary key instead of the code's index.
 */
export function kioskPeopleSql(reach: KioskReach, today: DayRange, where: SQL | undefined, pageSize?: number): SQL {
  return sql`select "people"."id", "people"."first_name", "people"."last_name",
      "people"."image" is not null as has_photo, "people"."qr_code", "people"."rfid", "people"."email_lower",
      array(
        select put.user_type_id::text from person_user_types put
        where put.entity_id = "people"."entity_id" and put.person_id = "people"."id"
          and put.user_type_id in (${uuids(reach.userTypeIds)})
        order by put.user_type_id
      ) as user_type_ids,
      coalesce((
        select json_agg(json_build_object('id', v.id, 'code', v.link_code, 'at', v.expected_at) order by v.expected_at, v.id)
        from visits v
        where v.entity_id = "people"."entity_id" and v.person_id = "people"."id" and v.state = 'expected'
          and v.site_id = ${reach.siteId}::uuid and v.expected_at >= ${today.start.toISOString()}::timestamptz
          and v.expected_at < ${today.end.toISOString()}::timestamptz and v.link_code is not null
      ), '[]'::json) as passes
    from "people"
    where "people"."entity_id" = ${reach.entityId}::uuid and ${reachablePerson(reach)}${where ? sql` and ${where}` : sql``}
    ${pageSize === undefined ? sql`` : sql`order by "people"."id" limit ${pageSize}`}`;
}

export async function findKioskPeople(
  tx: Executor,
  reach: KioskReach,
  today: DayRange,
  where: SQL | undefined,
  pageSize?: number,
): Promise<KioskPersonRow[]> {
  if (reach.userTypeIds.length === 0) return [];
  return rowsOf<KioskPersonRow>(await tx.execute(kioskPeopleSql(reach, today, where, pageSize)));
}

/** A person's QR code (their QuickPass carries the same): unique, compared as a plain column. */
export const byQrCode = (code: string): SQL => sql`"people"."qr_code" = ${code}`;
/** A verified address (a passport's): unique in the company, compared as the plain generated column. */
export const byEmail = (email: string): SQL => sql`"people"."email_lower" = ${email.toLowerCase()}`;
/** A card number as stored (normalised): unique in the company. */
export const byCard = (rfid: string): SQL => sql`"people"."rfid" = ${rfid}`;
export const byIds = (ids: readonly string[]): SQL => (ids.length ? sql`"people"."id" in (${uuids(ids)})` : sql`false`);
export const afterId = (id: string): SQL => sql`"people"."id" > ${id}::uuid`;

/** An expected visit today at the kiosk's site whose pass carries `code`: through today's expected visits. */
export function passByCodeSql(reach: KioskReach, today: DayRange, code: string): SQL {
  return sql`select v.id, v.person_id, v.expected_at, v.stage from visits v
    where v.entity_id = ${reach.entityId}::uuid
      and v.expected_at >= ${today.start.toISOString()}::timestamptz
      and v.expected_at < ${today.end.toISOString()}::timestamptz
      and v.link_code = ${code} and v.state = 'expected' and v.site_id = ${reach.siteId}::uuid
    order by v.expected_at, v.id
    limit 1`;
}

export type PassRow = { id: string; person_id: string; expected_at: string | Date; stage: string | null };

export async function findPassByCode(tx: Executor, reach: KioskReach, today: DayRange, code: string) {
  return rowsOf<PassRow>(await tx.execute(passByCodeSql(reach, today, code)))[0] ?? null;
}

/** Which of these people are on site at the kiosk's area now. */
export async function onSiteAtArea(tx: Executor, reach: KioskReach, personIds: readonly string[]) {
  if (personIds.length === 0) return new Set<string>();
  const rows = rowsOf<{ person_id: string }>(
    await tx.execute(sql`select distinct v.person_id from visits v
      where v.entity_id = ${reach.entityId}::uuid and v.area_id = ${reach.areaId}::uuid and v.state = 'on_site'
        and v.person_id in (${uuids(personIds)})`),
  );
  return new Set(rows.map((r) => r.person_id));
}

/** A reachable person's photo key, or null when the kiosk does not reach them. */
export async function findReachablePhoto(tx: Executor, reach: KioskReach, personId: string) {
  if (reach.userTypeIds.length === 0) return null;
  const rows = rowsOf<{ image: string | null }>(
    await tx.execute(sql`select "people"."image" from "people"
      where "people"."entity_id" = ${reach.entityId}::uuid and "people"."id" = ${personId}::uuid
        and ${reachablePerson(reach)}`),
  );
  return rows[0] ?? null;
}

/** The user types of a journey's flows, with how each registers (spec §4 Registration methods). */
export async function journeyUserTypes(tx: Executor, entityId: string, journeyId: string) {
  return rowsOf<{ id: string; registration_method: string }>(
    await tx.execute(sql`select ut.id, ut.registration_method from journey_flows jf
      join user_types ut on ut.entity_id = jf.entity_id and ut.id = jf.user_type_id
      where jf.entity_id = ${entityId}::uuid and jf.journey_id = ${journeyId}::uuid
      order by ut.id`),
  );
}
