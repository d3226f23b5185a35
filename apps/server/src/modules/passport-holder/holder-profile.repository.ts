import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { passportAccounts } from '../../db/schema/index';

// passport_accounts is a global table the tenant role may not read: this runs on the owner's
// connection, never inside a company's transaction (the embedded database has one connection, and a
// read inside would wait for the transaction that holds it).

/** What the holder shares of their passport with a company's form. */
export async function findHolderProfile(db: Executor, accountId: string) {
  const [row] = await db
    .select({
      firstName: passportAccounts.firstName,
      lastName: passportAccounts.lastName,
      email: passportAccounts.email,
      phone: passportAccounts.phone,
      photo: passportAccounts.photo,
    })
    .from(passportAccounts)
    .where(eq(passportAccounts.id, accountId))
    .limit(1);
  return row ?? null;
}
