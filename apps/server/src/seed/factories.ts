import { hashPassword } from '../lib/passwords';
import { newId } from '../lib/ids';
import { insertCompany, insertMembership, type CreatedEntity } from '../modules/entities/entity-setup';
import type { Executor } from '../db/client';
import { users } from '../db/schema/index';

// Factories shared by the demo seed, integration tests and browser tests.

export type { CreatedEntity };

export const createEntity = insertCompany;

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

export const addMember = insertMembership;
