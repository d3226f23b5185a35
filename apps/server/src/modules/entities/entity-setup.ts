import { eq } from 'drizzle-orm';
import { PERMISSIONS } from '@app/shared/access/permissions';
import { DEFAULT_ROLE_PERMISSIONS, ROLE_KEYS, ROLE_NAMES, type RoleKey } from '@app/shared/access/roles';
import type { PackageName, PlanId, Subscription } from '@app/shared/constants';
import { withTenant, type Executor } from '../../db/client';
import { entities, memberships, people, rolePermissions, roles, users } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { randomToken } from '../../lib/tokens';

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
  const [user] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw new Error(`no user ${userId}`);
  await withTenant(db, entity.id, async (tx) => {
    const isOwner = opts.isOwner ?? false;
    await tx.insert(memberships).values({ entityId: entity.id, id, userId, roleId: entity.roles[role], isOwner });
    // A dashboard member is also one of the company's people, linked to the membership.
    await tx.insert(people).values({
      entityId: entity.id,
      id: newId(),
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      roleId: entity.roles[role],
      qrCode: newQrCode(),
      isDefault: isOwner,
      dashboardAccess: 'active',
      membershipId: id,
      userId,
    });
  });
  if (opts.isOwner) await db.update(entities).set({ ownerId: userId }).where(eq(entities.id, entity.id));
  return id;
}

/** The code in a person's QR: unguessable, URL-safe, stable for the person. */
export const newQrCode = () => randomToken(24);
