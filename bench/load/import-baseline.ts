// The baseline of the people import case (bench/cases/people-import.ts), PostgreSQL: the same people
// written by hand-made batched INSERTs — 500 people a transaction, as the app's role with the company
// set, each batch one multi-row INSERT into people and one each into their sites and user types — with
// nothing read or checked. Reports rows per second; then removes what it wrote.
//   node --import tsx bench/load/import-baseline.ts <settings.json>
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { placeholders } from '../dataset/sql-text';
import { readSettings, writeResult } from './child-io';
import { importPerson, removeImported } from './import-sheet';

export type ImportBaselineSettings = {
  location: string;
  entityId: string;
  rows: number;
  tag: string;
  roleId: string;
  userTypeId: string;
  siteId: string;
  out: string;
};

export type ImportBaselineResult = { rows: number; seconds: number; rowsPerSecond: number };

const BATCH = 500;
const COLUMNS = [
  'entity_id',
  'id',
  'role_id',
  'first_name',
  'last_name',
  'email',
  'phone_code',
  'phone',
  'company_name',
  'qr_code',
];

const s = readSettings<ImportBaselineSettings>();
const client = new pg.Client({ connectionString: s.location });
await client.connect();
const started = performance.now();
try {
  for (let from = 0; from < s.rows; from += BATCH) {
    const count = Math.min(BATCH, s.rows - from);
    const ids = Array.from({ length: count }, () => randomUUID());
    const people = ids.flatMap((id, k) => {
      const p = importPerson(from + k, s.tag);
      return [
        s.entityId,
        id,
        s.roleId,
        p.firstName,
        p.lastName,
        p.email,
        p.phoneCode.replace('+', ''),
        p.phone,
        p.companyName,
        randomBytes(18).toString('base64url'),
      ];
    });
    await client.query('begin');
    await client.query(`select set_config('app.entity_id', $1, true), set_config('role', 'app_user', true)`, [
      s.entityId,
    ]);
    await client.query(
      `insert into people (${COLUMNS.join(', ')}) values ${placeholders(count, COLUMNS.length)}`,
      people,
    );
    await client.query(
      `insert into person_sites (entity_id, person_id, site_id) values ${placeholders(count, 3)}`,
      ids.flatMap((id) => [s.entityId, id, s.siteId]),
    );
    await client.query(
      `insert into person_user_types (entity_id, person_id, user_type_id) values ${placeholders(count, 3)}`,
      ids.flatMap((id) => [s.entityId, id, s.userTypeId]),
    );
    await client.query('commit');
  }
} finally {
  await client.end();
}
const seconds = (performance.now() - started) / 1000;
await removeImported(s.location, s.entityId, s.tag, null);
const result: ImportBaselineResult = { rows: s.rows, seconds, rowsPerSecond: s.rows / seconds };
writeResult(s.out, result);
