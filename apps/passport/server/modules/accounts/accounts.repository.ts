import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { tables, type Executor } from '../../platform';

const { passportAccounts, passportEmailTokens } = tables;

export type AccountRow = typeof passportAccounts.$inferSelect;
export type EmailTokenPurpose = 'verify' | 'reset';

export async function findAccountByEmail(db: Executor, email: string): Promise<AccountRow | null> {
  const [row] = await db
    .select()
    .from(passportAccounts)
    .where(sql`lower(${passportAccounts.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

export async function findAccount(db: Executor, id: string): Promise<AccountRow | null> {
  const [row] = await db.select().from(passportAccounts).where(eq(passportAccounts.id, id)).limit(1);
  return row ?? null;
}

/** A new account; null when the address was taken at the same moment (the unique index decides). */
export async function insertAccount(db: Executor, row: typeof passportAccounts.$inferInsert) {
  const [made] = await db.insert(passportAccounts).values(row).onConflictDoNothing().returning();
  return made ?? null;
}

export async function updateAccount(db: Executor, id: string, patch: Partial<typeof passportAccounts.$inferInsert>) {
  const [row] = await db
    .update(passportAccounts)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(passportAccounts.id, id))
    .returning();
  return row ?? null;
}

export async function insertEmailToken(
  db: Executor,
  row: { tokenHash: string; accountId: string; purpose: EmailTokenPurpose; expiresAt: Date },
) {
  await db.insert(passportEmailTokens).values(row);
}

/** Spends a link: the account it was for, once, while it is in date; every other link of that purpose ends. */
export async function consumeEmailToken(db: Executor, tokenHash: string, purpose: EmailTokenPurpose) {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(passportEmailTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passportEmailTokens.tokenHash, tokenHash),
          eq(passportEmailTokens.purpose, purpose),
          isNull(passportEmailTokens.usedAt),
          gt(passportEmailTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ accountId: passportEmailTokens.accountId });
    if (!used) return null;
    await tx
      .update(passportEmailTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passportEmailTokens.accountId, used.accountId),
          eq(passportEmailTokens.purpose, purpose),
          isNull(passportEmailTokens.usedAt),
        ),
      );
    return used.accountId;
  });
}
