// The emergency list (spec §2 `/emergency-list`, §7 GET emergency_list): everyone on site now in the
// reader's sites, by site and area, with counts; and the places to filter it by or start a session over.
import type { FastifyInstance } from 'fastify';
import type { EmergencyList, EmergencyPlaces } from '@app/shared/emergency/schemas';
import { AppError } from '../../lib/app-error';
import type { AccessContext } from '../access/access.types';
import { companyZone } from '../access/company-zone';
import { inTenant } from '../access/in-tenant';
import { fullName, photoUrl } from '../people/person-view';
import { assertEmergencyAllowed } from './emergency-access';
import { findOnSite, findPlaces, knownAreas, knownSites } from './emergency-list.repository';
import { momentOf } from './roll-view';

type ListFilters = { site_id?: string[]; area_id?: string[] };

export async function emergencyList(app: FastifyInstance, ctx: AccessContext, q: ListFilters): Promise<EmergencyList> {
  assertEmergencyAllowed(ctx);
  const siteIds = [...new Set(q.site_id ?? [])];
  const areaIds = [...new Set(q.area_id ?? [])];
  const rows = await inTenant(app, ctx, async (tx) => {
    // A site or area the reader cannot see is refused naming the filter, as an unknown one.
    if ((await knownSites(tx, ctx.entityId, ctx.siteIds, siteIds)).size < siteIds.length) {
      throw new AppError('validation_failed', { field: 'site_id', messageKey: 'emergency_unknown_site' });
    }
    if ((await knownAreas(tx, ctx.entityId, ctx.siteIds, areaIds)).size < areaIds.length) {
      throw new AppError('validation_failed', { field: 'area_id', messageKey: 'emergency_unknown_area' });
    }
    return findOnSite(tx, ctx.entityId, ctx.siteIds, { siteIds, areaIds });
  });
  const zone = companyZone(ctx);
  const sites: EmergencyList['sites'] = [];
  for (const r of rows) {
    let site = sites.at(-1);
    if (site?.id !== r.site_id) sites.push((site = { id: r.site_id, name: r.site_name, count: 0, areas: [] }));
    let area = site.areas.at(-1);
    if (area?.id !== r.area_id) site.areas.push((area = { id: r.area_id, name: r.area_name, count: 0, people: [] }));
    area.people.push({
      visit_id: r.visit_id,
      person: {
        id: r.person_id,
        full_name: fullName({ firstName: r.first_name, lastName: r.last_name }),
        photo_url: photoUrl(r.person_id, r.image),
        phone: r.phone,
        company_name: r.company_name || null,
      },
      user_type: r.user_type_id && r.user_type_name !== null ? { id: r.user_type_id, name: r.user_type_name } : null,
      hosts: r.hosts ?? [],
      signed_in: momentOf(r.signed_in_at, zone),
      login_mode: r.login_mode,
    });
    area.count += 1;
    site.count += 1;
  }
  return { sites, total: rows.length, read_at: momentOf(new Date(), zone) };
}

/** The reader's sites and areas with how many are on site in each (the filters, the start modal). */
export async function emergencyPlaces(app: FastifyInstance, ctx: AccessContext): Promise<EmergencyPlaces> {
  assertEmergencyAllowed(ctx);
  const rows = await inTenant(app, ctx, (tx) => findPlaces(tx, ctx.entityId, ctx.siteIds));
  const sites: EmergencyPlaces['sites'] = [];
  for (const r of rows) {
    let site = sites.at(-1);
    if (site?.id !== r.site_id) sites.push((site = { id: r.site_id, name: r.site_name, areas: [] }));
    if (r.area_id && r.area_name !== null) site.areas.push({ id: r.area_id, name: r.area_name, on_site: r.on_site });
  }
  return { sites };
}
