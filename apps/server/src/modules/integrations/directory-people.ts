import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { rowsOf, sqlArray, withTenant, type Executor } from '../../db/client';
import { newId } from '../../lib/ids';
import { newQrCode } from '../entities/entity-setup';
import {
  estimatedPeople,
  findPeopleByValues,
  insertPeople,
  replacePeopleRefs,
  updatePeople,
  type MatchedPerson,
} from '../people-import/import-people.repository';
import type { Candidate } from './directory-record';
import { departmentIdsOf, setDepartments, upsertLinks } from './sync-records.repository';

// Directory records written as people: the company's people they may already be (a duplicate), the
// people created from records, and the people updated from records read again. A person and the link
// to their record are written in one transaction, so a run that stops never creates a person twice.

export type Where = { entityId: string; integrationId: string; siteIds: string[]; roleId: string };

/**
 * A run creating people grows the company's people, maybe from nothing (a new installation's first
 * company, or a new company beside others), and the integration's links from nothing. The planner is
 * told (ANALYZE, on the owner's connection, outside any company's transaction; a failure only costs
 * speed) before the first batch when people were never analysed, then each time the company's people
 * or the integration's links created since may have doubled what there were at the last look:
 * - the foreign-key checks of people's sites, user types and links, and the access-notice triggers,
 *   keep the plan a connection made when people was small (a scan of it for every row written) until
 *   its statistics change (as the import, people-import/import-run.ts); a first sync of 50,000 people
 *   slowed to under 200 a second without this;
 * - the look-up of people by name, planned on statistics taken before the company had people or the
 *   integration links (each counted as one row), matched every person against every name one by one
 *   and read all the links again for every person (one look-up took 40–50 s at 50,000 people).
 * Only the columns those plans are chosen by are analysed (the table's size is counted whatever the
 * columns): 160 ms at 50,000 people where the whole table takes 750 ms.
 */
const COLUMNS = {
  people: 'people (entity_id, name_key)',
  links: 'directory_links (entity_id, integration_id)',
};

export function peopleGrowthWatch(app: FastifyInstance, where: Where, batchSize: number) {
  let known: { people: number; links: number } | null = null;
  const since = { people: 0, links: 0 };
  const analyze = (tables: string) =>
    app.db.db
      .execute(sql.raw(`analyze ${tables}`))
      .catch((err: unknown) => app.log.warn({ err, tables }, 'integration run: statistics not refreshed'));
  return {
    beforeBatch: async () => {
      if (!known) {
        known = await companyCounts(app, where);
        if ((await estimatedPeople(app.db.db).catch(() => null)) === null) await analyze(COLUMNS.people);
      }
      const tables = (['people', 'links'] as const).filter((t) => since[t] >= Math.max(known![t], batchSize));
      if (tables.length === 0) return;
      await analyze(tables.map((t) => COLUMNS[t]).join(', '));
      for (const t of tables) {
        known[t] += since[t];
        since[t] = 0;
      }
    },
    created: (count: number) => {
      since.people += count;
      since.links += count;
    },
  };
}

/** The company's people and the integration's links, by their indexes. */
async function companyCounts(app: FastifyInstance, where: Where) {
  const [row] = await withTenant(app.db.db, where.entityId, async (tx) =>
    rowsOf<{ people: number; links: number }>(
      await tx.execute(sql`
        select (select count(*)::int from people where entity_id = ${where.entityId}) as people,
               (select count(*)::int from directory_links
                 where entity_id = ${where.entityId} and integration_id = ${where.integrationId}) as links`),
    ),
  );
  return row ?? { people: 0, links: 0 };
}

/**
 * The temporary users' statistics, taken again before a migration reads them: the sync wrote them
 * since, maybe into a table the statistics counted empty or held by other integrations only. Planned on
 * such statistics, each batch's delete of 500 of them read all of this integration's (450 ms a batch
 * at 50,000). ANALYZE reads a sample of at most 30,000 rows (some 30 ms). On the owner's connection,
 * outside any company's transaction; a failure only costs speed.
 */
export async function refreshTempUserStatistics(app: FastifyInstance) {
  await app.db.db
    .execute(sql.raw('analyze integration_temp_users'))
    .catch((err: unknown) => app.log.warn({ err }, 'integration run: statistics not refreshed'));
}

export type Clash = { ids: string[]; reasons: string[] };

/**
 * The company's people each record may be: by email, phone or id number (the company's unique values,
 * which a new person could not take), and by full name (a person the admin may recognise). People
 * already linked to this integration are other records, not this one.
 */
export async function findClashes(tx: Executor, where: Where, list: Candidate[]): Promise<Map<string, Clash>> {
  const clashes = new Map<string, Clash>();
  if (list.length === 0) return clashes;
  const found = await findPeopleByValues(tx, where.entityId, undefined, {
    emails: list.flatMap((c) => (c.email ? [c.email.toLowerCase()] : [])),
    phones: list.flatMap((c) => (c.phone && c.phoneCode ? [{ code: c.phoneCode, phone: c.phone }] : [])),
    idNumbers: list.flatMap((c) => (c.idNumber ? [c.idNumber.toLowerCase()] : [])),
  });
  const byName = await peopleByName(tx, where, list);
  const add = (externalId: string, person: { id: string }, reason: string) => {
    const clash = clashes.get(externalId) ?? { ids: [], reasons: [] };
    if (!clash.ids.includes(person.id)) clash.ids.push(person.id);
    if (!clash.reasons.includes(reason)) clash.reasons.push(reason);
    clashes.set(externalId, clash);
  };
  for (const c of list) {
    for (const p of found) {
      if (c.email && p.emailLower === c.email.toLowerCase()) add(c.externalId, p, 'email');
      if (c.phone && c.phoneCode && p.phone === c.phone && p.phoneCode === c.phoneCode) add(c.externalId, p, 'phone');
      if (c.idNumber && p.idNumberLower === c.idNumber.toLowerCase()) add(c.externalId, p, 'id_number');
    }
    for (const p of byName.get(nameKeyOf(c)) ?? []) add(c.externalId, p, 'name');
  }
  return clashes;
}

/** Whether a clash is on a unique value: the record cannot become a new person beside it. */
export const blocksNew = (clash: Clash | undefined) => clash?.reasons.some((r) => r !== 'name') ?? false;

const nameKeyOf = (c: { firstName: string | null; lastName: string | null }) =>
  `${c.firstName ?? ''} ${c.lastName ?? ''}`.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The company's people with the records' full names, not linked to this integration: found by the
 * people's (entity_id, name_key) index, the names as one parameter each; the links of the people found
 * are then read by person. (Joined, the anti-join planned on statistics taken before the integration had
 * links read all of them again for every batch: 2 s of a 50,000-user migration.)
 */
async function peopleByName(tx: Executor, where: Where, list: Candidate[]) {
  const keys = [...new Set(list.map(nameKeyOf).filter(Boolean))];
  const byName = new Map<string, { id: string }[]>();
  if (keys.length === 0) return byName;
  const named = rowsOf<{ id: string; nameKey: string }>(
    await tx.execute(sql`
      select p.id, p.name_key as "nameKey" from people p
       where p.entity_id = ${where.entityId}
         and p.name_key in (${sql.join(
           keys.map((k) => sql`${k}`),
           sql`, `,
         )})`),
  );
  if (named.length === 0) return byName;
  const linked = rowsOf<{ personId: string }>(
    await tx.execute(sql`
      select person_id as "personId" from directory_links
       where entity_id = ${where.entityId} and integration_id = ${where.integrationId}
         and person_id = any(${sqlArray(
           named.map((p) => p.id),
           'uuid',
         )})`),
  );
  const skip = new Set(linked.map((l) => l.personId));
  for (const row of named) {
    if (!skip.has(row.id)) byName.set(row.nameKey, [...(byName.get(row.nameKey) ?? []), row]);
  }
  return byName;
}

/**
 * Of records to create, those whose unique values another of the same batch already takes (two
 * records of one directory with one email): the first keeps them, the others wait as duplicates of it.
 */
export function sameBatchClashes(list: Candidate[]): Set<string> {
  const seen = new Set<string>();
  const clashing = new Set<string>();
  for (const c of list) {
    const keys = [
      c.email ? `e:${c.email.toLowerCase()}` : null,
      c.phone && c.phoneCode ? `p:${c.phoneCode}:${c.phone}` : null,
      c.idNumber ? `i:${c.idNumber.toLowerCase()}` : null,
    ].filter((k): k is string => k !== null);
    if (keys.some((k) => seen.has(k))) clashing.add(c.externalId);
    else keys.forEach((k) => seen.add(k));
  }
  return clashing;
}

/** Creates people from records and links them; answers the new people's ids by record. */
export async function createPeopleFrom(tx: Executor, where: Where, list: Candidate[]) {
  const ids = new Map<string, string>();
  if (list.length === 0) return ids;
  const departments = await departmentIdsOf(
    tx,
    where.entityId,
    list.map((c) => c.department),
  );
  const people = list.map((c) => {
    const id = newId();
    ids.set(c.externalId, id);
    return {
      id,
      firstName: c.firstName!,
      lastName: c.lastName!,
      email: c.email,
      phoneCode: c.phone ? c.phoneCode : null,
      phone: c.phone,
      idNumber: c.idNumber,
      companyName: null,
      image: null,
      qrCode: newQrCode(),
      departmentId: c.department ? (departments.get(c.department.toLowerCase()) ?? null) : null,
    };
  });
  await insertPeople(tx, where.entityId, where.roleId, people);
  await replacePeopleRefs(
    tx,
    where.entityId,
    list.map((c) => ({
      personId: ids.get(c.externalId)!,
      siteIds: where.siteIds,
      typeIds: [c.userTypeId!],
      isNew: true,
    })),
    null,
  );
  await upsertLinks(
    tx,
    where.entityId,
    where.integrationId,
    list.map((c) => ({ externalId: c.externalId, personId: ids.get(c.externalId)!, hash: c.hash })),
  );
  return ids;
}

/**
 * Updates linked people from their records read again: names, the values the integration takes
 * (a value the directory no longer gives keeps what is stored), the mapped user type, and the
 * integration's sites (other sites an admin gave them stay).
 */
export async function updatePeopleFrom(tx: Executor, where: Where, list: { candidate: Candidate; personId: string }[]) {
  if (list.length === 0) return;
  await updatePeople(
    tx,
    where.entityId,
    list.map(({ candidate: c, personId }) => ({
      id: personId,
      firstName: c.firstName!,
      lastName: c.lastName!,
      email: c.email,
      phoneCode: c.phone ? c.phoneCode : null,
      phone: c.phone,
      idNumber: c.idNumber,
      companyName: null,
      image: null,
    })),
  );
  await replacePeopleRefs(
    tx,
    where.entityId,
    list.map(({ candidate: c, personId }) => ({
      personId,
      siteIds: where.siteIds,
      typeIds: [c.userTypeId!],
      isNew: false,
    })),
    where.siteIds,
  );
  await setDepartments(
    tx,
    where.entityId,
    list
      .filter(({ candidate }) => candidate.department)
      .map(({ candidate, personId }) => ({ personId, name: candidate.department })),
  );
  await upsertLinks(
    tx,
    where.entityId,
    where.integrationId,
    list.map(({ candidate, personId }) => ({ externalId: candidate.externalId, personId, hash: candidate.hash })),
  );
}

/** Of people matched by values, those who are not the given person (an update would take their value). */
export const takenByOthers = (found: MatchedPerson[], personId: string) => found.filter((p) => p.id !== personId);
