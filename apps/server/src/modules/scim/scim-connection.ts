import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { SYNC_CODES } from '@app/shared/integrations/status';
import { rowsOf, withTenant, type Executor } from '../../db/client';
import type { IntegrationMapping } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import type { AccessContext } from '../access/access.types';
import { visitorRoleId } from '../expected-visits/expected-visits.repository';
import { asScimError, unauthorized } from './scim-errors';
import type { ListQuery } from './scim-request';
import type { ScimCaller } from './scim-token';

// What a SCIM request works with inside its company's transaction: the integration's mapping and
// sites, the role its people get, and the day's log row. A write locks the integration's row first, so
// the writes of one connection go one at a time (two creates of one person cannot both adopt them, and
// the day's log row is made once).

export type ScimConnection = ScimCaller & {
  mapping: IntegrationMapping;
  siteIds: string[];
  /** The person fields the integration takes besides the names (null: all of them). */
  fields: ReadonlySet<string> | null;
  /** The absolute address of /scim/v2, for `meta.location` and `$ref`. */
  baseUrl: string;
};

/** Who the audit rows of a SCIM request name (decision 048: the directory, by its integration). */
export const auditActor = (caller: ScimCaller): Pick<AccessContext, 'entityId' | 'actor'> => ({
  entityId: caller.entityId,
  actor: { kind: 'directory', integrationId: caller.integrationId },
});

export async function openConnection(
  tx: Executor,
  caller: ScimCaller,
  baseUrl: string,
  { write }: { write: boolean },
): Promise<ScimConnection> {
  const [row] = rowsOf<{ mapping: IntegrationMapping }>(
    await tx.execute(sql`
      select mapping from integrations
       where entity_id = ${caller.entityId} and id = ${caller.integrationId} and dir_code = 'scim'
       ${write ? sql`for update` : sql``}`),
  );
  // Deleted since the token was looked up.
  if (!row) throw unauthorized();
  const sites = rowsOf<{ siteId: string }>(
    await tx.execute(sql`
      select site_id as "siteId" from integration_sites
       where entity_id = ${caller.entityId} and integration_id = ${caller.integrationId} order by site_id`),
  );
  const fields = row.mapping.fields?.length ? new Set(row.mapping.fields) : null;
  return { ...caller, mapping: row.mapping, siteIds: sites.map((s) => s.siteId), fields, baseUrl };
}

/**
 * The role a SCIM user's new person gets: the company's employee role (else its first), as the
 * directory syncs and expected visits choose it. People adopted by email keep the role they have.
 */
export const roleForNewPeople = (tx: Executor, conn: ScimConnection): Promise<string> =>
  visitorRoleId(tx, conn.entityId);

export type RunCounter = 'created' | 'updated' | 'archived' | 'unchanged' | 'failed';

/**
 * Counts one SCIM write in the integration's log: one row of kind `scim` per UTC day (status done),
 * made by the day's first write. The caller holds the integration's row lock (openConnection's write),
 * so the row is found or made once.
 */
export async function countChange(tx: Executor, caller: ScimCaller, counter: RunCounter, now = new Date()) {
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const dayEnd = new Date(dayStart.getTime() + 24 * 60 * 60 * 1000);
  const column = sql.identifier(counter);
  const updated = rowsOf<{ id: string }>(
    await tx.execute(sql`
      update integration_runs
         set ${column} = ${column} + 1, heartbeat_at = ${now.toISOString()}::timestamptz,
             finished_at = ${now.toISOString()}::timestamptz
       where entity_id = ${caller.entityId} and integration_id = ${caller.integrationId} and kind = 'scim'
         and started_at >= ${dayStart.toISOString()}::timestamptz and started_at < ${dayEnd.toISOString()}::timestamptz
      returning id`),
  );
  if (updated.length === 0) {
    await tx.execute(sql`
      insert into integration_runs (entity_id, id, integration_id, kind, status_code, progress, ${column},
                                    heartbeat_at, started_at, finished_at)
      values (${caller.entityId}, ${newId()}, ${caller.integrationId}, 'scim', ${SYNC_CODES.done}, 100, 1,
              ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)`);
  }
  // The integration's page shows when its directory last wrote (a refused write is no success).
  await tx.execute(sql`
    update integrations set last_sync_at = ${now.toISOString()}::timestamptz
         ${counter === 'failed' ? sql`` : sql`, last_success_at = ${now.toISOString()}::timestamptz`}
     where entity_id = ${caller.entityId} and id = ${caller.integrationId}`);
}

// ---- the transactions of SCIM requests ----

export type Attributes = Pick<ListQuery, 'attributes' | 'excludedAttributes'>;

export const scimBaseUrl = (app: FastifyInstance) => `${app.env.appUrl.replace(/\/$/, '')}/scim/v2`;

const inCompany = <T>(app: FastifyInstance, caller: ScimCaller, fn: (tx: Executor) => Promise<T>) =>
  withTenant(app.db.db, caller.entityId, fn);

/** A read in the company's transaction (nothing global is read inside it: one connection may be all there is). */
export const reading = <T>(
  app: FastifyInstance,
  caller: ScimCaller,
  fn: (tx: Executor, conn: ScimConnection) => Promise<T>,
) => inCompany(app, caller, async (tx) => fn(tx, await openConnection(tx, caller, scimBaseUrl(app), { write: false })));

/** A write: the integration locked, the change counted; a refusal counted as failed once rolled back. */
export async function writing<T>(
  app: FastifyInstance,
  caller: ScimCaller,
  fn: (tx: Executor, conn: ScimConnection) => Promise<{ result: T; counter: RunCounter }>,
): Promise<T> {
  try {
    return await inCompany(app, caller, async (tx) => {
      const conn = await openConnection(tx, caller, scimBaseUrl(app), { write: true });
      const { result, counter } = await fn(tx, conn);
      await countChange(tx, caller, counter);
      return result;
    });
  } catch (error) {
    const refusal = asScimError(error);
    if (refusal && refusal.status >= 400 && refusal.status < 500 && refusal.status !== 401 && refusal.status !== 403) {
      await countFailure(app, caller);
    }
    throw error;
  }
}

/** Counts a refused write in its own transaction (the write's own was rolled back), locking as writes do. */
async function countFailure(app: FastifyInstance, caller: ScimCaller) {
  await inCompany(app, caller, async (tx) => {
    await tx.execute(sql`
      select 1 from integrations where entity_id = ${caller.entityId} and id = ${caller.integrationId} for update`);
    await countChange(tx, caller, 'failed');
  });
}
