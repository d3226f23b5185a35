import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { passportAccounts } from '../../db/schema/index';

/**
 * The active passports whose verified address is one of `emails` (lower case): address → account id.
 * A global table the app's tenant role cannot read: run it on the owner's connection, outside any
 * company's transaction. One statement for a whole page of people, through the unique index on
 * `lower(email)`.
 */
export async function activePassportsByEmail(db: Executor, emails: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(emails)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: passportAccounts.id, email: sql<string>`lower(${passportAccounts.email})` })
    .from(passportAccounts)
    .where(
      and(
        sql`lower(${passportAccounts.email}) in (${sql.join(
          wanted.map((email) => sql`${email}`),
          sql`, `,
        )})`,
        isNotNull(passportAccounts.emailVerifiedAt),
        eq(passportAccounts.status, 'active'),
      ),
    );
  return new Map(rows.map((r) => [r.email, r.id]));
}

/** The verified address (lower case) of an active passport, or null (unknown, unverified, deactivated). */
export async function activePassportEmail(db: Executor, accountId: string): Promise<string | null> {
  const [row] = await db
    .select({ email: passportAccounts.email })
    .from(passportAccounts)
    .where(
      and(
        eq(passportAccounts.id, accountId),
        isNotNull(passportAccounts.emailVerifiedAt),
        eq(passportAccounts.status, 'active'),
      ),
    )
    .limit(1);
  return row ? row.email.toLowerCase() : null;
}
