// What the add-expected-visitor form reads (spec §7 Pre-registration calls used by the admin:
// /api/hosts/settings, /host/search, /users/search): the places and user types to choose from, the
// host settings of the flow a user type follows at a site, hosts by name and existing visitors by
// name, email or phone. All within the caller's sites and user types (spec §6), under the dashboard
// permission that guards expected visits.
import type { FastifyInstance } from 'fastify';
import { isAllowed } from '@app/shared/access/permissions';
import type { z } from 'zod';
import type {
  ExpectedVisitOptions,
  expectedVisitHostSearchBodySchema,
  expectedVisitHostSettingsQuerySchema,
  expectedVisitPeopleSearchBodySchema,
} from '@app/shared/expected-visits/form-options';
import type { HostSettings } from '@app/shared/pre-registration/schemas';
import type { PROFILE_FIELDS, RegistrationMethod } from '@app/shared/user-types/schemas';
import type { Executor } from '../../db/client';
import type { AccessContext } from '../access/access.types';
import { companyZone } from '../access/company-zone';
import { findPeoplePage } from '../people/people-list.repository';
import { userTypesOf } from '../people/people.repository';
import { siteInScope, typeInScope } from '../people/person-rules';
import { personInScope } from '../people/person-scope';
import { listSitesWithAreas } from '../sites/sites.repository';
import { listUserTypes } from '../user-types/user-types.repository';
import { findUserType, listedHostIds, searchHosts } from './expected-visits.repository';
import { flowFor, hostSettingsOf } from './visit-rules';
import { inTenant } from '../access/in-tenant';

const RESULTS_MAX = 10;

/** The form's choices: sites with their active areas, and user types, as far as the caller's scope reaches. */
export async function getExpectedVisitOptions(app: FastifyInstance, ctx: AccessContext): Promise<ExpectedVisitOptions> {
  return inTenant(app, ctx, async (tx) => {
    const { siteRows, areaRows } = await listSitesWithAreas(tx, ctx.entityId, ctx.siteIds);
    const types = await listUserTypes(tx, ctx.entityId, ctx.userTypeIds);
    return {
      timezone: companyZone(ctx),
      sites: siteRows.map((site) => ({
        id: site.id,
        name: site.name,
        areas: areaRows.filter((a) => a.siteId === site.id && a.active).map((a) => ({ id: a.id, name: a.name })),
      })),
      user_types: types.map(({ row }) => ({
        id: row.id,
        name: row.name,
        registration_method: row.registrationMethod as RegistrationMethod,
        mandatory_profile_data: row.mandatoryProfileData as (typeof PROFILE_FIELDS)[number][],
      })),
    };
  });
}

/** The flow a user type follows at a site, when both are the caller's to use. */
async function scopedFlow(tx: Executor, ctx: AccessContext, userTypeId: string, siteId: string) {
  if (!typeInScope(ctx, userTypeId) || !siteInScope(ctx, siteId)) return null;
  if (!(await findUserType(tx, ctx.entityId, userTypeId))) return null;
  return flowFor(tx, ctx.entityId, userTypeId, siteId);
}

/** Spec /api/hosts/settings: whether the flow asks a host, requires one, or allows only its listed hosts. */
export async function getExpectedVisitHostSettings(
  app: FastifyInstance,
  ctx: AccessContext,
  q: z.output<typeof expectedVisitHostSettingsQuerySchema>,
): Promise<HostSettings> {
  return inTenant(app, ctx, async (tx) => {
    const flow = await scopedFlow(tx, ctx, q.user_type_id, q.site_id);
    return hostSettingsOf(flow?.settings ?? null);
  });
}

/**
 * Spec /host/search: names only, after a first name and two letters of the second. The flow's (and the
 * user type's) listed hosts when it lists any or allows only those, otherwise the company's people who
 * use the dashboard: the same choice the visitor's own form offers, and what the save accepts.
 */
export async function searchExpectedVisitHosts(
  app: FastifyInstance,
  ctx: AccessContext,
  body: z.output<typeof expectedVisitHostSearchBodySchema>,
) {
  return inTenant(app, ctx, async (tx) => {
    const flow = body.user_type_id && body.site_id ? await scopedFlow(tx, ctx, body.user_type_id, body.site_id) : null;
    const settings = hostSettingsOf(flow?.settings ?? null);
    const listed = await listedHostIds(
      tx,
      ctx.entityId,
      flow?.flowId ?? null,
      flow ? (body.user_type_id ?? null) : null,
    );
    const ids = [...new Set([...listed.flow, ...listed.userType])];
    const rows = await searchHosts(
      tx,
      ctx.entityId,
      ids.length || settings.only_listed ? ids : null,
      body.query,
      RESULTS_MAX,
    );
    return { data: rows.map((r) => ({ id: r.id, full_name: r.fullName, email: r.email })) };
  });
}

/** Spec /users/search: the active people the caller may expect, by name, email, phone or company. */
export async function searchExpectedVisitors(
  app: FastifyInstance,
  ctx: AccessContext,
  body: z.output<typeof expectedVisitPeopleSearchBodySchema>,
) {
  // The directory's contact details belong to people management (decision 018): others find people by
  // name or company, and see no email.
  const contacts = ctx.actor.kind === 'client' || isAllowed(ctx.permissions, 'users');
  return inTenant(app, ctx, async (tx) => {
    const { rows } = await findPeoplePage(
      tx,
      ctx.entityId,
      personInScope(ctx),
      { search: body.query, status: 'active', page: 1, limit: RESULTS_MAX, sortField: 'name', orderBy: 'asc' },
      { searchContacts: contacts },
    );
    const types = await userTypesOf(
      tx,
      ctx.entityId,
      rows.map((r) => r.person.id),
    );
    return {
      data: rows.map(({ person }) => ({
        id: person.id,
        full_name: `${person.firstName} ${person.lastName}`.trim(),
        first_name: person.firstName,
        last_name: person.lastName,
        email: contacts ? person.email : null,
        company_name: person.companyName,
        user_types: types.filter((x) => x.personId === person.id).map((x) => ({ id: x.id, name: x.name })),
      })),
    };
  });
}
