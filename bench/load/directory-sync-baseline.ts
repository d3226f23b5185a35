// The baseline of the directory-sync case (bench/cases/directory-sync.ts): the people a first sync
// ends with, written by hand-made batched INSERTs with no server, no directory read and nothing
// checked. The same users as the Microsoft Graph fake holds, judged as the sync judges them
// (directory-sync-data.ts, before the clock starts), written 500 a transaction as the app's role with
// the company set, each batch one multi-row INSERT into people (the columns the sync fills, the
// department included), their sites, their user types and their directory links. Tables that grow
// from (nearly) nothing are analysed whenever the people written may have doubled what the statistics
// count, as the app's import does: foreign-key checks and triggers keep the plan made when the table
// was small (a scan of it for every row) until its statistics change. Reports rows per second; then
// removes what it wrote (and vacuums), so the syncs after find the tables as they were.
//   node --import tsx bench/load/directory-sync-baseline.ts <settings.json>
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { createPglite } from '../../apps/server/src/db/pglite';
import { newId } from '../../apps/server/src/lib/ids';
import type { DatabaseKind } from '../dataset/data-set';
import { placeholders, type SqlSession } from '../dataset/sql-text';
import { readSettings, writeResult } from './child-io';
import { directoryCandidates } from './directory-sync-data';
import type { SyncCompany } from './directory-sync-setup';

export type DirectoryBaselineSettings = {
  kind: DatabaseKind;
  location: string;
  company: SyncCompany;
  rows: number;
  out: string;
};

export type DirectoryBaselineResult = { rows: number; seconds: number; rowsPerSecond: number };

const BATCH = 500;
const GROWING = 'people, person_sites, person_user_types, directory_links';
const PEOPLE_COLUMNS = [
  'entity_id',
  'id',
  'role_id',
  'first_name',
  'last_name',
  'email',
  'phone_code',
  'phone',
  'id_number',
  'department_id',
  'qr_code',
];

async function open(kind: DatabaseKind, location: string): Promise<SqlSession & { close: () => Promise<void> }> {
  if (kind === 'postgres') {
    const client = new pg.Client({ connectionString: location });
    await client.connect();
    return {
      query: async (text, values) => ({ rows: (await client.query(text, values)).rows as Record<string, unknown>[] }),
      close: () => client.end(),
    };
  }
  const pglite = await createPglite(path.join(location, 'pgdata'));
  return {
    query: async (text, values) => ({ rows: (await pglite.query(text, values)).rows as Record<string, unknown>[] }),
    close: () => pglite.close(),
  };
}

const s = readSettings<DirectoryBaselineSettings>();
const { entityId, siteId, roleId, userTypeIds } = s.company;
const db = await open(s.kind, s.location);
try {
  // Before the clock: the rows' values, an integration to link them to, and the departments they name.
  const people = [...directoryCandidates(s.rows, userTypeIds)].map((c) => ({
    ...c,
    id: newId(),
    qrCode: randomBytes(18).toString('base64url'),
  }));
  const integrationId = newId();
  await db.query(`insert into integrations (entity_id, id, name, dir_code) values ($1, $2, 'Baseline', 'azureAD')`, [
    entityId,
    integrationId,
  ]);
  const departments = new Map(
    [...new Set(people.flatMap((p) => (p.department ? [p.department] : [])))].map((name) => [name, newId()]),
  );
  for (const [name, id] of departments)
    await db.query('insert into departments (entity_id, id, name) values ($1, $2, $3)', [entityId, id, name]);

  const counted = async () =>
    Number(
      (await db.query(`select greatest(reltuples, 0)::float8 as n from pg_class where oid = 'people'::regclass`))
        .rows[0]!.n,
    );
  const started = performance.now();
  let known = await counted();
  let since = 0;
  for (let from = 0; from < people.length; from += BATCH) {
    if (since >= Math.max(known, BATCH)) {
      await db.query(`analyze ${GROWING}`);
      known = await counted();
      since = 0;
    }
    since += Math.min(BATCH, people.length - from);
    const batch = people.slice(from, from + BATCH);
    await db.query('begin');
    await db.query(`select set_config('app.entity_id', $1, true), set_config('role', 'app_user', true)`, [entityId]);
    await db.query(
      `insert into people (${PEOPLE_COLUMNS.join(', ')}) values ${placeholders(batch.length, PEOPLE_COLUMNS.length)}`,
      batch.flatMap((p) => [
        entityId,
        p.id,
        roleId,
        p.firstName,
        p.lastName,
        p.email,
        p.phone ? p.phoneCode : null,
        p.phone,
        p.idNumber,
        p.department ? departments.get(p.department)! : null,
        p.qrCode,
      ]),
    );
    await db.query(
      `insert into person_sites (entity_id, person_id, site_id) values ${placeholders(batch.length, 3)}`,
      batch.flatMap((p) => [entityId, p.id, siteId]),
    );
    await db.query(
      `insert into person_user_types (entity_id, person_id, user_type_id) values ${placeholders(batch.length, 3)}`,
      batch.flatMap((p) => [entityId, p.id, p.userTypeId]),
    );
    await db.query(
      `insert into directory_links (entity_id, integration_id, external_id, person_id, source_hash)
       values ${placeholders(batch.length, 5)}`,
      batch.flatMap((p) => [entityId, integrationId, p.externalId, p.id, p.hash]),
    );
    await db.query('commit');
  }
  const seconds = (performance.now() - started) / 1000;

  const mine = 'select id from people where entity_id = $1 and not is_default';
  await db.query('delete from directory_links where entity_id = $1', [entityId]);
  await db.query(`delete from person_sites where entity_id = $1 and person_id in (${mine})`, [entityId]);
  await db.query(`delete from person_user_types where entity_id = $1 and person_id in (${mine})`, [entityId]);
  await db.query('delete from people where entity_id = $1 and not is_default', [entityId]);
  await db.query('delete from integrations where entity_id = $1', [entityId]);
  await db.query('delete from departments where entity_id = $1', [entityId]);
  await db.query('vacuum analyze people, person_sites, person_user_types, directory_links, departments');
  const result: DirectoryBaselineResult = { rows: people.length, seconds, rowsPerSecond: people.length / seconds };
  writeResult(s.out, result);
} finally {
  await db.close();
}
