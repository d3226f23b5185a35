import type { RoleKey } from '@app/shared/access/roles';
import type { PackageName, PlanId } from '@app/shared/constants';
import type { Executor } from '../../src/db/client';
import { addMember, createEntity, createUser, type CreatedEntity } from '../../src/seed/factories';
import { newId } from '../../src/lib/ids';

export const PASSWORD = 'correct horse battery staple';

const unique = () => newId().slice(-12);

/** A company with one person per role, all with the same password. Names are unique per call. */
export async function createCompany(
  db: Executor,
  opts: { package?: PackageName; plan?: PlanId; name?: string; subdomain?: string | null } = {},
) {
  const tag = unique();
  const entity = await createEntity(db, {
    name: opts.name ?? `Company ${tag}`,
    subdomain: opts.subdomain === undefined ? `c${tag}` : opts.subdomain,
    package: opts.package,
    plan: opts.plan,
  });
  const people = {} as Record<RoleKey, { id: string; email: string; membershipId: string }>;
  for (const role of ['admin', 'employee', 'employee_reporting', 'fire_warden', 'system_admin'] as RoleKey[]) {
    const user = await createUser(db, { email: `${role}.${tag}@example.test`, password: PASSWORD, firstName: role });
    const membershipId = await addMember(db, entity, user.id, role, { isOwner: role === 'admin' });
    people[role] = { id: user.id, email: user.email, membershipId };
  }
  return { entity, people, tag };
}

export async function createPerson(
  db: Executor,
  entities: CreatedEntity[],
  role: RoleKey = 'admin',
  extra: { isPlatformAdmin?: boolean; isSupport?: boolean } = {},
) {
  const user = await createUser(db, { email: `p.${unique()}@example.test`, password: PASSWORD, ...extra });
  for (const entity of entities) await addMember(db, entity, user.id, role);
  return user;
}
