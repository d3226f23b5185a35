import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { rowsOf, sqlArray, withTenant } from '../../db/client';
import type { IntegrationMapping } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { defineJob } from '../../plugins/jobs';
import { CONNECTORS, isReadDirectory } from './connectors/index';
import { connectTo, credentialsOf, sealSecrets } from './directory-access';
import { findIntegration, updateIntegration } from './integrations.repository';

// The write-back (issue 27 item 5; spec §7 writeBack scans, sync scans): sign-ins and sign-outs of the
// people an integration keeps in step, written back to a directory that has a place for them (Wonde's
// session attendance). Every minute each such integration collects the visits since it last looked
// (a little behind the clock, so a visit committed a moment late is not missed) into scans, then sends
// the pending ones; a scan that fails is tried again on the next minutes, up to `MAX_ATTEMPTS`, and stays
// listed with its error for the admin to ignore, re-code or send again.

export const MAX_ATTEMPTS = 5;
/** How far behind the clock collection stays: visits commit within this of their sign-in time. */
const COLLECT_LAG_MS = 60_000;
const SEND_BATCH = 100;

type Due = { entityId: string; id: string; dirCode: string; mapping: IntegrationMapping };

/** The integrations that write back (across companies, on the owner's connection). */
async function writingIntegrations(app: FastifyInstance): Promise<Due[]> {
  return rowsOf<Due>(
    await app.db.db.execute(sql`
      select entity_id as "entityId", id, dir_code as "dirCode", mapping from integrations
       where status in ('active', 'active_with_errors') and migrated_at is not null
         and (mapping ->> 'writeBack')::boolean is true`),
  ).filter((i) => isReadDirectory(i.dirCode) && CONNECTORS[i.dirCode].writesBack);
}

/** Collects the visits of linked people since the integration last looked; answers the scans made. */
export async function collectScans(app: FastifyInstance, entityId: string, integrationId: string, now: Date) {
  return withTenant(app.db.db, entityId, async (tx) => {
    const integration = await findIntegration(tx, entityId, integrationId, { lock: true });
    if (!integration?.migratedAt) return 0;
    const until = new Date(now.getTime() - COLLECT_LAG_MS);
    const since = integration.scansCollectedUntil ?? integration.migratedAt;
    if (until <= since) return 0;
    const areaIds = integration.mapping.writeBackAreaIds ?? [];
    const inAreas = areaIds.length ? sql`and v.area_id = any(${sqlArray(areaIds, 'uuid')})` : sql``;
    const codes = sql`(select c.code_id from integration_attendance_codes c
      where c.entity_id = v.entity_id and c.integration_id = ${integrationId} and c.reason_id = r.id)`;
    const labels = sql`(select c.code_label from integration_attendance_codes c
      where c.entity_id = v.entity_id and c.integration_id = ${integrationId} and c.reason_id = r.id)`;
    const present = integration.mapping.presentCode ?? null;
    const found = rowsOf<Record<string, string | null>>(
      await tx.execute(sql`
        select v.id as visit_id, v.person_id, l.external_id, x.kind, x.at, x.reason_id,
               coalesce(${codes}, case when x.kind = 'sign_in' and x.reason_id is null then ${present?.id ?? null}::text end) as code_id,
               coalesce(${labels}, case when x.kind = 'sign_in' and x.reason_id is null then ${present?.label ?? null}::text end) as code_label
          from visits v
          join directory_links l on l.entity_id = v.entity_id and l.integration_id = ${integrationId}
                                and l.person_id = v.person_id and not l.archived_by_sync
          cross join lateral (values ('sign_in', v.signed_in_at, v.late_reason_id),
                                     ('sign_out', v.signed_out_at, v.early_reason_id)) as x(kind, at, reason_id)
          left join attendance_reasons r on r.entity_id = v.entity_id and r.id = x.reason_id
         where v.entity_id = ${entityId} ${inAreas}
           and x.at > ${since.toISOString()}::timestamptz and x.at <= ${until.toISOString()}::timestamptz
           -- A sign-out is a mark only when it says why the person left early.
           and (x.kind = 'sign_in' or x.reason_id is not null)`),
    );
    let made = 0;
    if (found.length) {
      made = rowsOf<{ id: string }>(
        await tx.execute(sql`
          insert into integration_scans (entity_id, id, integration_id, visit_id, person_id, external_id, kind,
                                         happened_at, reason_id, code_id, code_label)
          select ${entityId}, x.id, ${integrationId}, x.visit_id, x.person_id, x.external_id, x.kind, x.at, x.reason_id,
                 x.code_id, x.code_label
            from jsonb_to_recordset(${JSON.stringify(found.map((f) => ({ ...f, id: newId() })))}::jsonb)
                 as x(id uuid, visit_id uuid, person_id uuid, external_id text, kind text, at timestamptz, reason_id uuid,
                      code_id text, code_label text)
          on conflict (entity_id, integration_id, visit_id, kind) do nothing
          returning id`),
      ).length;
    }
    await updateIntegration(tx, entityId, integrationId, { scansCollectedUntil: until });
    return made;
  });
}

type Pending = {
  id: string;
  externalId: string;
  kind: 'sign_in' | 'sign_out';
  happenedAt: Date;
  codeId: string | null;
  reasonName: string | null;
};

/** Sends the integration's pending scans (oldest first); answers how many were sent. */
export async function sendScans(app: FastifyInstance, entityId: string, integrationId: string) {
  const loaded = await withTenant(app.db.db, entityId, async (tx) => {
    const integration = await findIntegration(tx, entityId, integrationId);
    if (!integration) return null;
    const [entity] = rowsOf<{ timezone: string }>(
      await tx.execute(sql`select timezone from entities where id = ${entityId}`),
    );
    const pending = rowsOf<Pending>(
      await tx.execute(sql`
        select s.id, s.external_id as "externalId", s.kind, s.happened_at as "happenedAt", s.code_id as "codeId",
               r.name as "reasonName"
          from integration_scans s
          left join attendance_reasons r on r.entity_id = s.entity_id and r.id = s.reason_id
         where s.entity_id = ${entityId} and s.integration_id = ${integrationId} and s.status = 'pending'
           and s.attempts < ${MAX_ATTEMPTS}
         order by s.happened_at limit ${SEND_BATCH}`),
    );
    return { integration, pending, timeZone: entity?.timezone ?? 'UTC' };
  });
  if (!loaded || loaded.pending.length === 0) return 0;
  const session = await connectTo(app, loaded.integration.dirCode, credentialsOf(app, loaded.integration));
  if (!session.writeScans) return 0;
  const refreshed = session.refreshedSecrets();
  let results;
  try {
    results = await session.writeScans(
      loaded.pending.map((p) => ({
        id: p.id,
        externalId: p.externalId,
        kind: p.kind,
        happenedAt: new Date(p.happenedAt),
        timeZone: loaded.timeZone,
        codeId: p.codeId,
        note: p.reasonName,
      })),
    );
  } catch (err) {
    results = loaded.pending.map((p) => ({
      id: p.id,
      ok: false as const,
      problem: err instanceof Error ? err.message : String(err),
    }));
  }
  const sent = results.filter((r) => r.ok).map((r) => r.id);
  const failed = results.flatMap((r) => (r.ok ? [] : [{ id: r.id, error: r.problem.slice(0, 500) }]));
  await withTenant(app.db.db, entityId, async (tx) => {
    if (refreshed) {
      await updateIntegration(tx, entityId, integrationId, {
        secrets: sealSecrets(app, refreshed),
        tokenRefreshedAt: new Date(),
      });
    }
    if (sent.length) {
      await tx.execute(sql`
        update integration_scans set status = 'sent', sent_at = now(), error = null, attempts = attempts + 1, updated_at = now()
         where entity_id = ${entityId} and id = any(${sqlArray(sent, 'uuid')})`);
    }
    if (failed.length) {
      // Still pending until the attempts run out; then failed, for the admin.
      await tx.execute(sql`
        update integration_scans s set error = x.error, attempts = s.attempts + 1, updated_at = now(),
               status = case when s.attempts + 1 >= ${MAX_ATTEMPTS} then 'failed' else 'pending' end
          from jsonb_to_recordset(${JSON.stringify(failed)}::jsonb) as x(id uuid, error text)
         where s.entity_id = ${entityId} and s.id = x.id`);
    }
  });
  return sent.length;
}

export const integrationWriteBackJob = defineJob({
  name: 'integration-write-back',
  payload: z.object({}),
  cron: '* * * * *',
  handler: async (_data, { app, now }) => {
    await writeBackAll(app, now);
  },
});

export async function writeBackAll(app: FastifyInstance, now: Date) {
  for (const integration of await writingIntegrations(app)) {
    try {
      await collectScans(app, integration.entityId, integration.id, now);
      await sendScans(app, integration.entityId, integration.id);
    } catch (err) {
      app.log.warn({ err, integrationId: integration.id }, 'integration write-back failed');
    }
  }
}
