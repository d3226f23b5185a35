import { eq } from 'drizzle-orm';
import { PERMISSIONS } from '@app/shared/access/permissions';
import { DEFAULT_ROLE_PERMISSIONS, ROLE_KEYS, ROLE_NAMES, type RoleKey } from '@app/shared/access/roles';
import type { PackageName, PlanId, Subscription } from '@app/shared/constants';
import { withTenant, type Executor } from '../../db/client';
import { entities, memberships, rolePermissions, roles } from '../../db/schema/index';
import { newId } from '../../lib/ids';

export type CreatedEntity = { id: string; name: string; subdomain: string | null; roles: Record<RoleKey, string> };

/** A new company with the default roles, each carrying every permission with its allowed flag. */
export async function insertCompany(
  db: Executor,
  input: { name: string; subdomain?: string | null; package?: PackageName; plan?: PlanId; subscription?: Subscription },
): Promise<CreatedEntity> {
  const id = newId();
  const pkg = input.package ?? 'Cloud';
  await db.insert(entities).values({
    id,
    name: input.name,
    subdomain: input.subdomain ?? null,
    package: pkg,
    plan: input.plan ?? 3,
    subscription: input.subscription ?? (pkg === 'Cloud' ? 'cloud' : 'standalone'),
  });
  const roleIds = await withTenant(db, id, (tx) => insertDefaultRoles(tx, id));
  return { id, name: input.name, subdomain: input.subdomain ?? null, roles: roleIds };
}

async function insertDefaultRoles(tx: Executor, entityId: string): Promise<Record<RoleKey, string>> {
  const ids = {} as Record<RoleKey, string>;
  for (const key of ROLE_KEYS) ids[key] = newId();
  await tx.insert(roles).values(ROLE_KEYS.map((key) => ({ entityId, id: ids[key], name: ROLE_NAMES[key], key })));
  await tx.insert(rolePermissions).values(
    ROLE_KEYS.flatMap((key) =>
      PERMISSIONS.map((permission) => ({
        entityId,
        roleId: ids[key],
        permission,
        allowed: DEFAULT_ROLE_PERMISSIONS[key].includes(permission) ? 1 : 0,
      })),
    ),
  );
  return ids;
}

export async function insertMembership(
  db: Executor,
  entity: CreatedEntity,
  userId: string,
  role: RoleKey,
  opts: { isOwner?: boolean } = {},
): Promise<string> {
  const id = newId();
  await withTenant(db, entity.id, (tx) =>
    tx
      .insert(memberships)
      .values({ entityId: entity.id, id, userId, roleId: entity.roles[role], isOwner: opts.isOwner ?? false }),
  );
  if (opts.isOwner) await db.update(entities).set({ ownerId: userId }).where(eq(entities.id, entity.id));
  return id;
}
