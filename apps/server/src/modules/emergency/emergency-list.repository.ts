import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, sqlArray, type Executor } from '../../db/client';

// Who is on site now (visits `on_site`: signed in and not out; a check-in-only visit is not presence),
// and the places a reader may see. Every statement is limited to the company and the reader's sites.

/** The reader's sites as a condition on a site id column (null: every site of the company). */
export const inSites = (column: SQL, siteIds: readonly string[] | null): SQL =>
  siteIds === null ? sql`true` : siteIds.length ? sql`${column} = any(${sqlArray(siteIds, 'uuid')})` : sql`false`;

/** A person's phone as the company keeps it (with its country code), or null. */
export const phoneOf = (p: string) =>
  sql.raw(
    `case when coalesce(${p}.phone, '') = '' then null else trim(coalesce(${p}.phone_code, '') || ' ' || ${p}.phone) end`,
  );

export type OnSiteDbRow = {
  visit_id: string;
  person_id: string;
  first_name: string;
  last_name: string;
  image: string | null;
  phone: string | null;
  company_name: string | null;
  user_type_id: string | null;
  user_type_name: string | null;
  site_id: string;
  site_name: string;
  area_id: string;
  area_name: string;
  signed_in_at: string;
  login_mode: string;
  hosts: string[] | null;
};

/** Everyone on site now in the reader's sites (and the chosen sites and areas), by place and name. */
export async function findOnSite(
  tx: Executor,
  entityId: string,
  siteIds: readonly string[] | null,
  filter: { siteIds?: readonly string[]; areaIds?: readonly string[] },
): Promise<OnSiteDbRow[]> {
  return rowsOf<OnSiteDbRow>(
    await tx.execute(sql`
      select v.id as visit_id, p.id as person_id, p.first_name, p.last_name, p.image, ${phoneOf('p')} as phone,
             p.company_name, v.user_type_id, ut.name as user_type_name, v.site_id, s.name as site_name,
             v.area_id, a.name as area_name, coalesce(v.signed_in_at, v.created_at)::text as signed_in_at,
             v.login_mode,
             (select array_agg(trim(h.first_name || ' ' || h.last_name) order by h.first_name, h.last_name)
                from visit_hosts vh join people h on h.entity_id = vh.entity_id and h.id = vh.person_id
               where vh.entity_id = v.entity_id and vh.visit_id = v.id) as hosts
        from visits v
        join people p on p.entity_id = v.entity_id and p.id = v.person_id
        join areas a on a.entity_id = v.entity_id and a.id = v.area_id
        join sites s on s.entity_id = v.entity_id and s.id = v.site_id
        left join user_types ut on ut.entity_id = v.entity_id and ut.id = v.user_type_id
       where v.entity_id = ${entityId} and v.state = 'on_site' and ${inSites(sql`v.site_id`, siteIds)}
         ${filter.siteIds?.length ? sql`and v.site_id = any(${sqlArray(filter.siteIds, 'uuid')})` : sql``}
         ${filter.areaIds?.length ? sql`and v.area_id = any(${sqlArray(filter.areaIds, 'uuid')})` : sql``}
       order by s.name, s.id, a.name, a.id, p.first_name, p.last_name, v.id`),
  );
}

export type PlaceDbRow = {
  site_id: string;
  site_name: string;
  area_id: string | null;
  area_name: string | null;
  on_site: number;
};

/** The reader's sites and their areas by name, with how many people are on site in each area now. */
export async function findPlaces(
  tx: Executor,
  entityId: string,
  siteIds: readonly string[] | null,
): Promise<PlaceDbRow[]> {
  return rowsOf<PlaceDbRow>(
    await tx.execute(sql`
      select s.id as site_id, s.name as site_name, a.id as area_id, a.name as area_name,
             (select count(*)::int from visits v
               where v.entity_id = a.entity_id and v.area_id = a.id and v.state = 'on_site') as on_site
        from sites s
        left join areas a on a.entity_id = s.entity_id and a.site_id = s.id
       where s.entity_id = ${entityId} and ${inSites(sql`s.id`, siteIds)}
       order by s.name, s.id, a.name, a.id`),
  );
}

/** Of these sites (`s`) or areas (`a`), those of the company within the reader's sites. */
async function knownPlaces(
  tx: Executor,
  entityId: string,
  siteIds: readonly string[] | null,
  ids: readonly string[],
  kind: 'sites' | 'areas',
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const [table, siteColumn] = kind === 'sites' ? [sql`sites p`, sql`p.id`] : [sql`areas p`, sql`p.site_id`];
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      select p.id from ${table}
       where p.entity_id = ${entityId} and p.id = any(${sqlArray(ids, 'uuid')}) and ${inSites(siteColumn, siteIds)}`),
  );
  return new Set(rows.map((r) => r.id));
}

export const knownSites = (tx: Executor, entityId: string, siteIds: readonly string[] | null, ids: readonly string[]) =>
  knownPlaces(tx, entityId, siteIds, ids, 'sites');

export const knownAreas = (tx: Executor, entityId: string, siteIds: readonly string[] | null, ids: readonly string[]) =>
  knownPlaces(tx, entityId, siteIds, ids, 'areas');
