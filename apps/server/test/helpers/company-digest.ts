// A digest of everything one company holds: its rows in every table with an `entity_id` column (found
// from the catalogue, so a new table is covered without touching this file), the global rows tied to
// it, and its files. Two digests taken around a sweep must be equal. Rows are read as the connecting
// role, which owns the tables, so row-level security hides nothing.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../../src/db/client';

/**
 * Columns left out of the digest because reading alone may change them. None so far: the sweep never
 * acts as the company it digests, so even `sessions.last_seen_at` of its members stays put.
 */
export const UNDIGESTED_COLUMNS: Record<string, string[]> = {};

/** Global tables (no `entity_id`) and which of their rows are the company's. */
const GLOBAL_ROWS: { table: string; where: string }[] = [
  { table: 'entities', where: 'id = $1' },
  { table: 'users', where: 'id in (select user_id from memberships where entity_id = $1)' },
  { table: 'sessions', where: 'user_id in (select user_id from memberships where entity_id = $1)' },
  { table: 'password_resets', where: 'user_id in (select user_id from memberships where entity_id = $1)' },
  { table: 'login_devices', where: 'user_id in (select user_id from memberships where entity_id = $1)' },
  { table: 'kiosk_pairings', where: 'claimed_entity_id = $1' },
  {
    table: 'outbox_emails',
    where: `lower("to") in (select lower(email) from users where id in (select user_id from memberships where entity_id = $1)
      union select lower(email) from people where entity_id = $1 and email is not null)`,
  },
];

export type CompanyDigest = { rows: Record<string, string>; files: Record<string, string> };

async function tenantTables(database: Database): Promise<string[]> {
  const res = await database.query(
    `select table_name from information_schema.columns
      where column_name = 'entity_id' and table_schema = current_schema()
        and table_name in (select table_name from information_schema.tables
                            where table_schema = current_schema() and table_type = 'BASE TABLE')
      order by table_name`,
  );
  return res.rows.map((r) => r.table_name as string);
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const rowsOf = (table: string, where: string) => {
  const drop = (UNDIGESTED_COLUMNS[table] ?? []).map((c) => ` - '${c}'`).join('');
  return `(select coalesce(md5(string_agg((to_jsonb(t)${drop})::text, '|' order by (to_jsonb(t)${drop})::text)), '')
             || ':' || count(*) from ${quote(table)} t where ${where})`;
};

/** Every part of the company, each as `md5:count` (rows) or sha256 (files). */
export async function digestCompany(database: Database, dataDir: string, entityId: string): Promise<CompanyDigest> {
  const parts = [
    ...(await tenantTables(database)).map((table) => ({ name: table, sql: rowsOf(table, 'entity_id = $1') })),
    ...GLOBAL_ROWS.map(({ table, where }) => ({ name: `${table} (global)`, sql: rowsOf(table, where) })),
  ];
  const res = await database.query(`select ${parts.map((p, i) => `${p.sql} as p${i}`).join(', ')}`, [entityId]);
  const row = res.rows[0]!;
  const rows = Object.fromEntries(parts.map((p, i) => [p.name, String(row[`p${i}`])]));
  return { rows, files: filesOf(dataDir, entityId) };
}

/** The company's files: every key the file store makes for it starts with `entities/<id>/`. */
function filesOf(dataDir: string, entityId: string): Record<string, string> {
  const root = path.join(dataDir, 'files', 'entities', entityId);
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else out[path.relative(root, full)] = createHash('sha256').update(readFileSync(full)).digest('hex');
    }
  };
  walk(root);
  return out;
}

/** What differs between two digests, e.g. ["visits", "file people/…/a.png"]. */
export function digestChanges(before: CompanyDigest, after: CompanyDigest): string[] {
  const changed: string[] = [];
  for (const name of new Set([...Object.keys(before.rows), ...Object.keys(after.rows)])) {
    if (before.rows[name] !== after.rows[name]) changed.push(name);
  }
  for (const name of new Set([...Object.keys(before.files), ...Object.keys(after.files)])) {
    if (before.files[name] !== after.files[name]) changed.push(`file ${name}`);
  }
  return changed;
}

/** The number of rows and files a digest covers, for the report line. */
export const digestSize = (d: CompanyDigest) => ({
  tables: Object.keys(d.rows).length,
  rows: Object.values(d.rows).reduce((n, v) => n + Number(v.split(':')[1] ?? 0), 0),
  files: Object.keys(d.files).length,
});

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** Text columns whose values are secrets or capabilities: tokens, codes, hashes, card numbers. */
const SECRET_COLUMN = /(^|_)(token|code|codes|hash|secret|rfid|mac_address)($|_)/;

/**
 * What would give the company away if another company's response contained it: every uuid in its
 * rows (its own ids, its members' user ids, its entity id) and the values of its secret-looking text
 * columns (link tokens, QR and enrolment codes, card numbers).
 */
export async function companyMarkers(database: Database, entityId: string) {
  const tables = await tenantTables(database);
  const ids = new Set<string>();
  const secrets = new Set<string>();
  const columns = await database.query(
    `select table_name, column_name from information_schema.columns
      where table_schema = current_schema() and data_type = 'text'`,
  );
  const secretColumns = new Map<string, string[]>();
  for (const r of columns.rows) {
    const [t, c] = [r.table_name as string, r.column_name as string];
    if (SECRET_COLUMN.test(c)) secretColumns.set(t, [...(secretColumns.get(t) ?? []), c]);
  }
  const sources = [
    ...tables.map((table) => ({ table, where: 'entity_id = $1' })),
    ...GLOBAL_ROWS.filter((g) => g.table !== 'outbox_emails'),
  ];
  for (const { table, where } of sources) {
    const res = await database.query(`select to_jsonb(t)::text as j from ${quote(table)} t where ${where}`, [entityId]);
    for (const r of res.rows) for (const id of (r.j as string).match(UUID) ?? []) ids.add(id.toLowerCase());
    for (const c of secretColumns.get(table) ?? []) {
      const vals = await database.query(`select ${quote(c)} as v from ${quote(table)} where ${where}`, [entityId]);
      for (const v of vals.rows) if (typeof v.v === 'string' && v.v.length >= 8) secrets.add(v.v);
    }
  }
  return { ids, secrets };
}
