import { and, eq, sql } from 'drizzle-orm';
import type { TableHead, TablePreferencePage, TableUrl } from '@app/shared/table-preferences/schemas';
import type { Executor } from '../../db/client';
import { tablePreferences } from '../../db/schema/index';
import { newId } from '../../lib/ids';

export type TablePreferenceRow = typeof tablePreferences.$inferSelect;

/** One member's row for one page; the member is part of the key, so nobody reads another's. */
const mine = (entityId: string, membershipId: string, pageUrl: TablePreferencePage) =>
  and(
    eq(tablePreferences.entityId, entityId),
    eq(tablePreferences.membershipId, membershipId),
    eq(tablePreferences.pageUrl, pageUrl),
  );

export async function findTablePreference(
  tx: Executor,
  entityId: string,
  membershipId: string,
  pageUrl: TablePreferencePage,
): Promise<TablePreferenceRow | null> {
  const [row] = await tx
    .select()
    .from(tablePreferences)
    .where(mine(entityId, membershipId, pageUrl))
    .limit(1);
  return row ?? null;
}

export async function upsertTablePreference(
  tx: Executor,
  input: { entityId: string; membershipId: string; pageUrl: TablePreferencePage; tableHead: TableHead; url: TableUrl },
): Promise<TablePreferenceRow> {
  const [row] = await tx
    .insert(tablePreferences)
    .values({
      entityId: input.entityId,
      id: newId(),
      membershipId: input.membershipId,
      pageUrl: input.pageUrl,
      tableHead: input.tableHead,
      url: input.url,
    })
    .onConflictDoUpdate({
      target: [tablePreferences.entityId, tablePreferences.membershipId, tablePreferences.pageUrl],
      set: { tableHead: input.tableHead, url: input.url, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

export async function deleteTablePreference(
  tx: Executor,
  entityId: string,
  membershipId: string,
  pageUrl: TablePreferencePage,
): Promise<void> {
  await tx.delete(tablePreferences).where(mine(entityId, membershipId, pageUrl));
}
