import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { entities, memberships, passwordResets, roles, users } from '../../db/schema/index';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function updateUser(db: Executor, id: string, values: Partial<typeof users.$inferInsert>) {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

/**
 * A person's active companies. A global look-up made before any company is chosen, so it runs as the
 * owner role; it is keyed by the person, never by a company the caller names.
 */
export async function listUserMemberships(db: Executor, userId: string) {
  return db
    .select({
      entityId: entities.id,
      name: entities.name,
      subdomain: entities.subdomain,
      logo: entities.logo,
      package: entities.package,
      role: roles.name,
    })
    .from(memberships)
    .innerJoin(entities, eq(entities.id, memberships.entityId))
    .innerJoin(roles, and(eq(roles.entityId, memberships.entityId), eq(roles.id, memberships.roleId)))
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 'active')))
    .orderBy(entities.name);
}

export async function insertPasswordReset(db: Executor, values: typeof passwordResets.$inferInsert) {
  await db.insert(passwordResets).values(values);
}

export async function findUsablePasswordReset(db: Executor, tokenHash: string) {
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        sql`${passwordResets.usedAt} is null`,
        sql`${passwordResets.expiresAt} > now()`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Uses a link and ends every other outstanding link of the same person, in one statement: of two
 * links used at once, or one link used twice, exactly one succeeds. Returns the person, or null.
 */
export async function consumePasswordLink(db: Executor, tokenHash: string): Promise<string | null> {
  const rows = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        sql`${passwordResets.usedAt} is null`,
        sql`${passwordResets.userId} = (select r.user_id from password_resets r
          where r.token_hash = ${tokenHash} and r.used_at is null and r.expires_at > now())`,
      ),
    )
    .returning({ userId: passwordResets.userId, tokenHash: passwordResets.tokenHash });
  return rows.find((r) => r.tokenHash === tokenHash)?.userId ?? null;
}

/** Ends every outstanding link of a person (after a password change). */
export async function endPasswordLinks(db: Executor, userId: string) {
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), sql`${passwordResets.usedAt} is null`));
}

/**
 * Spends a TOTP time step: true only for the one request that moves the last accepted step forward,
 * so a code cannot serve twice however many requests send it at once.
 */
export async function spendTotpStep(db: Executor, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ otpLastStep: step, updatedAt: new Date() })
    .where(
      and(
        eq(users.id, userId),
        sql`${users.otpEnabled}`,
        sql`(${users.otpLastStep} is null or ${users.otpLastStep} < ${step})`,
      ),
    )
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Spends a recovery code (by its hash): true only for the one request that removes it. */
export async function spendRecoveryCode(db: Executor, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ otpRecoveryCodes: sql`${users.otpRecoveryCodes} - ${codeHash}::text`, updatedAt: new Date() })
    .where(and(eq(users.id, userId), sql`${users.otpRecoveryCodes} @> jsonb_build_array(${codeHash}::text)`))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Turns two-step on with the secret being enrolled; false when another request did it first. */
export async function enableTwoStep(
  db: Executor,
  userId: string,
  values: { secret: string; lastStep: number | null; recoveryCodeHashes: string[] },
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({
      otpEnabled: true,
      otpSecret: values.secret,
      otpPendingSecret: null,
      otpLastStep: values.lastStep,
      otpRecoveryCodes: values.recoveryCodeHashes,
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, userId), sql`not ${users.otpEnabled}`, eq(users.otpPendingSecret, values.secret)))
    .returning({ id: users.id });
  return rows.length === 1;
}
