import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { passportAccounts, passportOneTimeCodes, users } from '../../db/schema/index';

// The dashboard's reads and writes of the passport's global tables: one-time codes, and what it needs of
// an account (status, email, two-step). Never inside a company's transaction. Sign-ins in flight are
// oidc-sign-in's.

export async function insertOneTimeCode(db: Executor, row: typeof passportOneTimeCodes.$inferInsert) {
  await db.insert(passportOneTimeCodes).values(row);
}

export async function findUsableCode(db: Executor, codeHash: string) {
  const [row] = await db
    .select()
    .from(passportOneTimeCodes)
    .where(
      and(
        eq(passportOneTimeCodes.codeHash, codeHash),
        isNull(passportOneTimeCodes.usedAt),
        gt(passportOneTimeCodes.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Spends a code; false when another request spent it first. */
export async function spendCode(db: Executor, codeHash: string) {
  const rows = await db
    .update(passportOneTimeCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(passportOneTimeCodes.codeHash, codeHash), isNull(passportOneTimeCodes.usedAt)))
    .returning({ codeHash: passportOneTimeCodes.codeHash });
  return rows.length === 1;
}

export async function findPassport(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: passportAccounts.id,
      email: passportAccounts.email,
      emailVerifiedAt: passportAccounts.emailVerifiedAt,
      status: passportAccounts.status,
      deactivatedAt: passportAccounts.deactivatedAt,
      otpEnabledAt: passportAccounts.otpEnabledAt,
    })
    .from(passportAccounts)
    .where(eq(passportAccounts.id, id))
    .limit(1);
  return row ?? null;
}
export type PassportRow = NonNullable<Awaited<ReturnType<typeof findPassport>>>;

export async function reactivatePassport(db: Executor, id: string) {
  await db
    .update(passportAccounts)
    .set({ status: 'active', deactivatedAt: null, updatedAt: new Date() })
    .where(eq(passportAccounts.id, id));
}

/**
 * The dashboard login of a passport: the one linked to it, else the one with its verified email, which is
 * then linked (users.passport_id). Null when neither exists.
 */
export async function linkedUserId(db: Executor, passport: PassportRow): Promise<string | null> {
  const [linked] = await db.select({ id: users.id }).from(users).where(eq(users.passportId, passport.id)).limit(1);
  if (linked) return linked.id;
  if (!passport.emailVerifiedAt) return null;
  const [byEmail] = await db
    .update(users)
    .set({ passportId: passport.id, updatedAt: new Date() })
    .where(and(sql`lower(${users.email}) = ${passport.email.toLowerCase()}`, isNull(users.passportId)))
    .returning({ id: users.id });
  return byEmail?.id ?? null;
}

/** The dashboard logins linked to a passport (two-step turned on there ends their sessions). */
export async function usersOfPassport(db: Executor, passportId: string) {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.passportId, passportId));
  return rows.map((r) => r.id);
}
