import { count } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { randomToken } from '../../lib/tokens';
import type { Executor } from '../client';
import { entities } from '../schema/index';
import { addMember, createEntity, createUser } from './factories';

export type DemoLogins = { admin: { email: string; password: string }; system: { email: string; password: string } };

/** On an empty database: a demo company (Cloud, enterprise) with an admin, and a platform system admin. */
export async function seedDemoIfEmpty(db: Executor, log: FastifyBaseLogger): Promise<DemoLogins | null> {
  const [row] = await db.select({ n: count() }).from(entities);
  if (Number(row?.n ?? 0) > 0) return null;
  const company = await createEntity(db, { name: 'Demo Company', subdomain: 'demo', package: 'Cloud', plan: 3 });
  const adminPassword = randomToken(9);
  const systemPassword = randomToken(9);
  const admin = await createUser(db, {
    email: 'admin@demo.localhost',
    password: adminPassword,
    firstName: 'Dana',
    lastName: 'Admin',
  });
  const system = await createUser(db, {
    email: 'system@demo.localhost',
    password: systemPassword,
    firstName: 'Sam',
    lastName: 'System',
    isPlatformAdmin: true,
  });
  await addMember(db, company, admin.id, 'admin', { isOwner: true });
  await addMember(db, company, system.id, 'system_admin');
  const logins = {
    admin: { email: admin.email, password: adminPassword },
    system: { email: system.email, password: systemPassword },
  };
  log.info({ admin: admin.email, system: system.email }, 'seeded the demo company');
  return logins;
}
