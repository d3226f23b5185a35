import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../src/db/client';
import { outboxEmails } from '../../src/db/schema/index';

// What the server mailed during a test: without SMTP_URL every mail stays in the outbox.

/** The mails sent to an address, newest first. */
export async function mailsTo(db: Executor, to: string) {
  return db.select().from(outboxEmails).where(eq(outboxEmails.to, to)).orderBy(desc(outboxEmails.createdAt));
}

/** The newest mail sent to an address, or null. */
export async function newestMailTo(db: Executor, to: string) {
  const [mail] = await db
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.to, to))
    .orderBy(desc(outboxEmails.createdAt))
    .limit(1);
  return mail ?? null;
}
