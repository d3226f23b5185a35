// The one way to find which company holds a value that arrives without its company (decision 055): a
// read of capability_keys by its key, on the owner's connection, before the company's transaction
// opens. Distributed by company, the tenant tables could only answer it by asking every shard.
import { and, eq } from 'drizzle-orm';
import type { Executor } from './client';
import { capabilityKeys, type CapabilityKind } from './schema/capability-keys';

/** The company and row holding `value` as a `kind` (MAC addresses lower-cased by the caller), or null. */
export async function findCapabilityKey(
  db: Executor,
  kind: CapabilityKind,
  value: string,
): Promise<{ entityId: string; id: string } | null> {
  const [row] = await db
    .select({ entityId: capabilityKeys.entityId, id: capabilityKeys.rowId })
    .from(capabilityKeys)
    .where(and(eq(capabilityKeys.kind, kind), eq(capabilityKeys.value, value)))
    .limit(1);
  return row ?? null;
}
