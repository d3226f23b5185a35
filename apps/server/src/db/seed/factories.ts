import { eq } from 'drizzle-orm';
import { DEFAULT_ROLE_PERMISSIONS, ROLE_KEYS, ROLE_NAMES, type RoleKey } from '@app/shared/access/roles';
import { PERMISSIONS } from '@app/shared/access/permissions';
import type { PackageName, PlanId, Subscription } from '@app/shared/constants';
import { hashPassword } from '../../lib/passwords';
import { newId } from '../../lib/ids';
import { withTenant, type Executor } from '../client';
import { entities, memberships, rolePermissions, roles, users } from '../schema/index';

// Factories shared by the demo seed, integration tests and browser tests.

export type CreatedEntity = { id: string; name: string; subdomain: string | null; roles: Record<RoleKey, string> };

export async function createEntity(
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
  const roleIds = await withTenant(db, id, (tx) => createDefaultRoles(tx, id));
  return { id, name: input.name, subdomain: input.subdomain ?? null, roles: roleIds };
}

/** The roles a new company starts with, each with every permission and its allowed flag. */
export async function createDefaultRoles(tx: Executor, entityId: string): Promise<Record<RoleKey, string>> {
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

export type CreatedUser = { id: string; email: string; password: string };

export async function createUser(
  db: Executor,
  input: {
    email: string;
    password: string;
    firstName?: string;
    lastName?: string;
    lang?: string;
    isPlatformAdmin?: boolean;
    isSupport?: boolean;
    image?: string | null;
  },
): Promise<CreatedUser> {
  const id = newId();
  await db.insert(users).values({
    id,
    email: input.email.toLowerCase(),
    passwordHash: await hashPassword(input.password),
    firstName: input.firstName ?? 'Test',
    lastName: input.lastName ?? 'Person',
    lang: input.lang ?? 'en',
    isPlatformAdmin: input.isPlatformAdmin ?? false,
    isSupport: input.isSupport ?? false,
    image: input.image ?? null,
  });
  return { id, email: input.email.toLowerCase(), password: input.password };
}

export async function addMember(
  db: Executor,
  entity: CreatedEntity,
  userId: string,
  role: RoleKey,
  opts: { isOwner?: boolean } = {},
): Promise<string> {
  const id = newId();
  await withTenant(db, entity.id, (tx) =>
    tx.insert(memberships).values({ entityId: entity.id, id, userId, roleId: entity.roles[role], isOwner: opts.isOwner ?? false }),
  );
  if (opts.isOwner) {
    await db.update(entities).set({ ownerId: userId }).where(eq(entities.id, entity.id));
  }
  return id;
}
