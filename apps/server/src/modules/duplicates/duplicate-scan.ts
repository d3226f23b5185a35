import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { DUPLICATES } from '@app/shared/people/duplicates';
import { rowsOf, withTenant, type Executor } from '../../db/client';
import { newId } from '../../lib/ids';
import { defineJob } from '../../plugins/jobs';

// The duplicate scan (decision 032): one statement per company finds the pairs of people who are
// probably the same, by equal match keys (email, phone, id number: generated columns of `people`,
// migration 0036) and by names at least DUPLICATES.nameSimilarity alike with the same company. Names
// are compared only within blocks (the same company, the first three letters of one name and the
// first letter of the other, both ways round), never every pair: a typo in the first three letters of
// both names is what it gives up. Pairs keep their ids from scan to scan; those no longer found go, and
// two people an admin said are different are never paired again.

const weight = (n: number) => sql.raw(String(n));

function pairsStatement(entityId: string, scanId: string) {
  const first = sql`left(lower(btrim(p.first_name)), 3)`;
  const last = sql`left(lower(btrim(p.last_name)), 3)`;
  return sql`
    with blocked as (
      select p.id, p.name_key, p.company_key,
             ${first} as f3, left(${first}, 1) as f1, ${last} as l3, left(${last}, 1) as l1
        from people p
       where p.entity_id = ${entityId} and p.company_key is not null
    ),
    candidates as (
      select a.id as a_id, b.id as b_id, 'email' as reason
        from people a join people b on b.entity_id = a.entity_id and b.email_match = a.email_match and b.id > a.id
       where a.entity_id = ${entityId} and b.entity_id = ${entityId} and a.email_match is not null
      union all
      select a.id, b.id, 'phone'
        from people a join people b on b.entity_id = a.entity_id and b.phone_match = a.phone_match and b.id > a.id
       where a.entity_id = ${entityId} and b.entity_id = ${entityId} and a.phone_match is not null
      union all
      select a.id, b.id, 'id_number'
        from people a join people b
          on b.entity_id = a.entity_id and b.id_number_match = a.id_number_match and b.id > a.id
       where a.entity_id = ${entityId} and b.entity_id = ${entityId} and a.id_number_match is not null
      union all
      select a.id, b.id, 'name'
        from blocked a join blocked b
          on b.company_key = a.company_key and b.l3 = a.l3 and b.f1 = a.f1 and b.id > a.id
       where similarity(a.name_key, b.name_key) >= ${DUPLICATES.nameSimilarity}
      union all
      select a.id, b.id, 'name'
        from blocked a join blocked b
          on b.company_key = a.company_key and b.f3 = a.f3 and b.l1 = a.l1 and b.id > a.id
       where similarity(a.name_key, b.name_key) >= ${DUPLICATES.nameSimilarity}
    ),
    found as (
      select c.a_id, c.b_id, array_agg(distinct c.reason order by c.reason) as reasons
        from candidates c
       where not exists (
         select 1 from duplicate_dismissals d
          where d.entity_id = ${entityId} and d.person_a_id = c.a_id and d.person_b_id = c.b_id)
       group by c.a_id, c.b_id
    ),
    scored as (
      select f.a_id, f.b_id, f.reasons, similarity(pa.name_key, pb.name_key) as name_similarity,
             lower(pa.name_key || ' ' || coalesce(pa.company_key, '') || ' ' || coalesce(pa.email, '') || ' ' ||
                   pb.name_key || ' ' || coalesce(pb.company_key, '') || ' ' || coalesce(pb.email, '')) as search_text
        from found f
        join people pa on pa.entity_id = ${entityId} and pa.id = f.a_id
        join people pb on pb.entity_id = ${entityId} and pb.id = f.b_id
    )
    insert into duplicate_pairs
      (entity_id, id, person_a_id, person_b_id, score, reasons, name_similarity, search_text, scan_id, found_at)
    select ${entityId}, gen_random_uuid(), s.a_id, s.b_id,
           greatest(
             case when 'email' = any(s.reasons) then ${weight(DUPLICATES.scoreOf.email)} else 0 end,
             case when 'phone' = any(s.reasons) then ${weight(DUPLICATES.scoreOf.phone)} else 0 end,
             case when 'id_number' = any(s.reasons) then ${weight(DUPLICATES.scoreOf.id_number)} else 0 end,
             case when 'name' = any(s.reasons)
                  then round(s.name_similarity * ${weight(DUPLICATES.nameWeight * 100)})::int else 0 end
           ),
           s.reasons, s.name_similarity, s.search_text, ${scanId}, now()
      from scored s
    on conflict (entity_id, person_a_id, person_b_id) do update
       set score = excluded.score, reasons = excluded.reasons, name_similarity = excluded.name_similarity,
           search_text = excluded.search_text, scan_id = excluded.scan_id`;
}

/** Finds the company's pairs again, in one transaction; the board reads the old ones until it commits. */
export async function scanCompany(db: Executor, entityId: string, scanId: string) {
  const started = Date.now();
  return withTenant(db, entityId, async (tx) => {
    await tx.execute(
      sql`update duplicate_scans set status = 'running', started_at = now()
           where entity_id = ${entityId} and id = ${scanId}`,
    );
    await tx.execute(pairsStatement(entityId, scanId));
    await tx.execute(sql`delete from duplicate_pairs where entity_id = ${entityId} and scan_id <> ${scanId}`);
    const [counts] = rowsOf<{ people: number; pairs: number }>(
      await tx.execute(sql`
        select (select count(*)::int from people where entity_id = ${entityId}) as people,
               (select count(*)::int from duplicate_pairs where entity_id = ${entityId}) as pairs`),
    );
    const result = { people: counts?.people ?? 0, pairs: counts?.pairs ?? 0, durationMs: Date.now() - started };
    await tx.execute(
      sql`update duplicate_scans
             set status = 'done', finished_at = now(), people = ${result.people}, pairs = ${result.pairs},
                 duration_ms = ${result.durationMs}
           where entity_id = ${entityId} and id = ${scanId}`,
    );
    return result;
  });
}

/** A scan asked for (queued); null when one is already waiting or running, whose id is then given. */
export async function queueScan(db: Executor, entityId: string, requestedByPersonId: string | null) {
  return withTenant(db, entityId, async (tx) => {
    // One scan at a time per company: the lock makes two requests at once see each other.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('duplicate_scan'), hashtext(${entityId}))`);
    const [pending] = rowsOf<{ id: string }>(
      await tx.execute(sql`
        select id from duplicate_scans
         where entity_id = ${entityId} and status in ('queued', 'running')
           and requested_at > now() - interval '1 hour'
         limit 1`),
    );
    if (pending) return { id: pending.id, queued: false };
    const id = newId();
    await tx.execute(
      sql`insert into duplicate_scans (entity_id, id, status, requested_by_person_id)
          values (${entityId}, ${id}, 'queued', ${requestedByPersonId})`,
    );
    return { id, queued: true };
  });
}

async function markFailed(db: Executor, entityId: string, scanId: string) {
  await withTenant(db, entityId, (tx) =>
    tx.execute(
      sql`update duplicate_scans set status = 'failed', finished_at = now()
           where entity_id = ${entityId} and id = ${scanId} and status <> 'done'`,
    ),
  );
}

/** Runs a queued scan; a failed one is marked so, and the board shows the pairs found before. */
export async function runScan(app: FastifyInstance, entityId: string, scanId: string) {
  try {
    return await scanCompany(app.db.db, entityId, scanId);
  } catch (err) {
    await markFailed(app.db.db, entityId, scanId).catch(() => undefined);
    throw err;
  }
}

/**
 * Starts a scan where the job runner is off (tests, a server started without it): after the answer,
 * in this process. With the runner on, the job does it.
 */
export async function startScan(app: FastifyInstance, entityId: string, scanId: string) {
  const queued = await app.jobs.send(duplicateScanJob, { entity_id: entityId, scan_id: scanId });
  if (queued !== null) return;
  setImmediate(() => {
    runScan(app, entityId, scanId).catch((err: unknown) => app.log.error({ err, entityId }, 'duplicate scan failed'));
  });
}

const scanPayload = z.object({ entity_id: z.uuid().optional(), scan_id: z.uuid().optional() });

async function companiesWithPeople(db: Executor) {
  return rowsOf<{ id: string }>(
    await db.execute(sql`select e.id from entities e where exists (select 1 from people p where p.entity_id = e.id)`),
  );
}

/**
 * The scan job: one company's queued scan, or (nightly, without a payload) every company's, so that the
 * board is never more than a day behind people added by hand, by the directory sync or at kiosks.
 */
export const duplicateScanJob = defineJob({
  name: 'people.duplicate-scan',
  payload: scanPayload,
  cron: '30 2 * * *',
  cronPayload: {},
  retryLimit: 1,
  handler: async (payload, { app, log }) => {
    if (payload.entity_id && payload.scan_id) {
      await runScan(app, payload.entity_id, payload.scan_id);
      return;
    }
    for (const company of await companiesWithPeople(app.db.db)) {
      const { id, queued } = await queueScan(app.db.db, company.id, null);
      if (!queued) continue;
      const result = await runScan(app, company.id, id);
      log.info({ entityId: company.id, ...result }, 'duplicate scan');
    }
  },
});
