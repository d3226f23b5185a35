import { planHasCustomFields } from '@app/shared/custom-fields/schemas';
import { DASHBOARD_ACCESS, type DashboardAccess, type Person } from '@app/shared/people/schemas';
import type { Executor } from '../../db/client';
import type { AccessContext } from '../access/access.types';
import { personRefsOf, type PersonWithRefs } from './people.repository';

// A person as the API shows it, built from the row and what the person has. Any number of people
// costs the same four queries (sites, user types, labels, custom values), never one per person.

export const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

const toAccess = (value: string): DashboardAccess =>
  (DASHBOARD_ACCESS as readonly string[]).includes(value) ? (value as DashboardAccess) : 'none';

/** The photo's version is the random name of its file, so the URL changes whenever the photo does. */
export const photoVersion = (image: string | null) => image?.match(/([\w-]+)\.(?:png|jpg)$/)?.[1] ?? null;

export const photoUrl = (personId: string, image: string | null) => {
  const version = photoVersion(image);
  return version ? `/api/v1/people/${personId}/photo?v=${version}` : null;
};

export const isSelf = (ctx: AccessContext, person: { membershipId: string | null }) =>
  ctx.actor.kind === 'user' && person.membershipId !== null && person.membershipId === ctx.actor.membershipId;

/** Whether the person can open (or has been invited to) the company's dashboard. */
export const usesDashboard = (person: { dashboardAccess: string }) =>
  person.dashboardAccess === 'active' || person.dashboardAccess === 'invited';

/**
 * The API token leaves people who use the dashboard to the admins (decision 017): their profile, role,
 * user types, labels, photo and status change only in the dashboard.
 */
export const tokenMayNotChange = (ctx: AccessContext, person: { dashboardAccess: string }) =>
  ctx.actor.kind === 'client' && usesDashboard(person);

/** Rows by person, in their query order. */
export function groupBy<T extends { personId: string }>(rows: T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const list = map.get(row.personId);
    if (list) list.push(row);
    else map.set(row.personId, [row]);
  }
  return map;
}

export async function toPeople(tx: Executor, ctx: AccessContext, rows: PersonWithRefs[]): Promise<Person[]> {
  const ids = rows.map((r) => r.person.id);
  const withCustomFields = planHasCustomFields(ctx.entity.plan);
  const refs = await personRefsOf(tx, ctx.entityId, ids, { withFields: withCustomFields });
  const siteRows = groupBy(refs.sites);
  const typeRows = groupBy(refs.userTypes);
  const labelRows = groupBy(refs.labels);
  const valueRows = groupBy(refs.fieldValues);
  const accessible = (siteId: string) => ctx.siteIds === null || ctx.siteIds.includes(siteId);
  return rows.map(({ person: p, roleName, departmentName }) => ({
    id: p.id,
    first_name: p.firstName,
    last_name: p.lastName,
    full_name: fullName(p),
    email: p.email,
    phone_code: p.phoneCode,
    phone: p.phone,
    id_number: p.idNumber,
    company_name: p.companyName,
    role: { id: p.roleId, name: roleName },
    department: p.departmentId && departmentName !== null ? { id: p.departmentId, name: departmentName } : null,
    status: p.status === 'archived' ? 'archived' : 'active',
    has_photo: p.image !== null,
    photo_url: photoUrl(p.id, p.image),
    has_rfid: p.rfid !== null,
    sites: (siteRows.get(p.id) ?? []).map((s) => ({ id: s.id, name: s.name, accessible: accessible(s.id) })),
    user_types: (typeRows.get(p.id) ?? []).map((t) => ({ id: t.id, name: t.name })),
    labels: (labelRows.get(p.id) ?? []).map((l) => ({ id: l.id, name: l.name, color: l.color })),
    dashboard_access: toAccess(p.dashboardAccess),
    is_default: p.isDefault,
    is_self: isSelf(ctx, p),
    custom_fields: (valueRows.get(p.id) ?? []).map((v) => ({
      custom_field_id: v.fieldId,
      type: v.type,
      value: v.value,
    })),
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  }));
}
