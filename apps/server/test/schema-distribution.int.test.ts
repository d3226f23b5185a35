// Ready to distribute by company (decision 055, docs/scale-out.md): the migrated schema, read from the
// catalogue, keeps to the co-location rules of Citus distributed tables. A tenant table (one with
// entity_id) has every primary and unique key include entity_id, and every foreign key to another tenant
// table composite with entity_id on both sides; every other table is listed in GLOBAL_TABLES as a
// reference, local or self-distributed table with its reason; every trigger's behaviour on a cluster is
// declared. Values that arrive without their company stay unique across companies through
// capability_keys, failing as the tenant table's own key did.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Database, type Executor } from '../src/db/client';
import {
  citusPlan,
  distributionProblems,
  GLOBAL_TABLES,
  readSchemaShape,
  TRIGGER_FUNCTIONS,
  type SchemaShape,
} from '../src/db/distribution';
import { CAPABILITY_KINDS } from '../src/db/schema/capability-keys';
import { newId } from '../src/lib/ids';
import { reportFigure } from './helpers/figures';
import { openTestDatabase } from './helpers/test-app';

let db: Database;
let shape: SchemaShape;
let readMs = 0;
beforeAll(async () => {
  db = await openTestDatabase();
  const started = performance.now();
  shape = await readSchemaShape((text) => db.query(text));
  readMs = Math.round(performance.now() - started);
});
afterAll(() => db.close());

const tenantTables = () => shape.tables.filter((t) => t.hasEntityId && !GLOBAL_TABLES[t.name]).map((t) => t.name);

describe('the schema, as Citus would distribute it by company', () => {
  it('keeps every key of a tenant table within one company, and foreign keys between them composite', () => {
    expect(distributionProblems(shape)).toEqual([]);
    const tenant = new Set(tenantTables());
    expect(tenant.size).toBeGreaterThan(90);
    const between = shape.foreignKeys.filter((fk) => tenant.has(fk.table) && tenant.has(fk.references));
    expect(between.length).toBeGreaterThan(100);
    figures.schema = `${tenant.size} tenant tables, ${shape.uniqueKeys.filter((k) => tenant.has(k.table)).length} keys with entity_id, ${between.length} composite foreign keys between them, ${Object.keys(GLOBAL_TABLES).length} global tables`;
  });

  it('lists every other table, and the two with entity_id that are not a company’s, with a reason', () => {
    for (const [name, placement] of Object.entries(GLOBAL_TABLES)) {
      expect(placement.reason.length, name).toBeGreaterThan(20);
    }
    // A session exists before a company is chosen; capability keys are found before it is known.
    expect(GLOBAL_TABLES.sessions?.citus).toBe('local');
    expect(GLOBAL_TABLES.capability_keys).toMatchObject({ citus: 'distributed', by: 'value' });
    expect(GLOBAL_TABLES.entities?.citus).toBe('reference');
  });

  it('names the table and the key when a rule is broken', () => {
    const broken: SchemaShape = {
      tables: [...shape.tables, { name: 'gadgets', hasEntityId: false }],
      uniqueKeys: [
        ...shape.uniqueKeys,
        { table: 'people', name: 'people_badge_key', primary: false, columns: ['badge'] },
      ],
      foreignKeys: [
        ...shape.foreignKeys,
        {
          table: 'visits',
          name: 'visits_badge_person_fkey',
          columns: ['badge_person_id'],
          references: 'people',
          referencedColumns: ['id'],
          definition: '',
        },
        {
          table: 'kiosks',
          name: 'kiosks_pairing_fkey',
          columns: ['pairing_id'],
          references: 'kiosk_pairings',
          referencedColumns: ['id'],
          definition: '',
        },
      ],
      triggers: [...shape.triggers, { table: 'people', name: 'people_shout', fn: 'app_shout', notifies: true }],
    };
    const live = new Set(distributionProblems(shape));
    expect(distributionProblems(broken).filter((p) => !live.has(p))).toEqual([
      'gadgets: no entity_id and not in GLOBAL_TABLES (say whether it is a reference or a local table)',
      'people: unique key people_badge_key (badge) does not include entity_id',
      'visits: foreign key visits_badge_person_fkey (badge_person_id) → people (id) is not composite with entity_id on both sides',
      'kiosks: foreign key kiosks_pairing_fkey (pairing_id) → kiosk_pairings (id): a tenant table may reference only reference tables here, not a local one',
      'people: trigger people_shout calls app_shout, not in TRIGGER_FUNCTIONS',
    ]);
  });

  it('declares what each trigger does on a cluster, and keeps each capability value in step', () => {
    const fns = new Set(shape.triggers.map((t) => t.fn));
    // Nothing listed that the schema no longer has.
    expect(Object.keys(TRIGGER_FUNCTIONS).filter((fn) => !fns.has(fn))).toEqual([]);
    for (const kind of CAPABILITY_KINDS) {
      const [table, column] = kind.split('.') as [string, string];
      const names = shape.triggers
        .filter((t) => t.table === table && t.fn === 'capability_keys_sync')
        .map((t) => t.name)
        .filter((n) => n.startsWith(`${table}_${column}_key_`));
      expect(names.sort(), kind).toEqual(['delete', 'insert', 'update'].map((op) => `${table}_${column}_key_${op}`));
    }
  });

  it('writes a plan that places every table once and puts every foreign key back', () => {
    const plan = citusPlan(shape);
    const placed = [
      ...plan.matchAll(
        /(?:create_reference_table|citus_add_local_table_to_metadata|create_distributed_table)\('(\w+)'/g,
      ),
    ].map((m) => m[1]);
    expect(placed.sort()).toEqual(shape.tables.map((t) => t.name).sort());
    expect(plan).toContain("SELECT create_distributed_table('roles', 'entity_id', colocate_with => 'none');");
    expect(plan).toContain("SELECT create_distributed_table('capability_keys', 'value', colocate_with => 'none');");
    expect(plan.match(/DROP CONSTRAINT/g)?.length).toBe(shape.foreignKeys.length);
    expect(plan.match(/ADD CONSTRAINT/g)?.length).toBe(shape.foreignKeys.length);
  });
});

/** SQLSTATE and constraint of a database error, however the driver wrapped it. */
function violation(error: unknown) {
  for (
    let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code) return { code: e.code, constraint: e.constraint };
  }
  return null;
}

const ROLLBACK = new Error('rollback');

/** Work as app_user in the given company, inside `tx` (the caller's transaction is rolled back). */
const asCompany = (tx: Executor, entityId: string) =>
  tx.execute(sql`select set_config('app.entity_id', ${entityId}, true), set_config('role', 'app_user', true)`);

describe('a value that arrives without its company', () => {
  it('stays unique across companies, failing as the tenant table’s key did, and its key follows the row', async () => {
    const [a, b, roleA, roleB, personA, personB] = [newId(), newId(), newId(), newId(), newId(), newId()];
    const qr = `qr-${newId()}`;
    const keysOf = async (tx: Executor) => {
      await tx.execute(sql`set local role none`);
      const rows = rowsOf<{ value: string; entity_id: string; row_id: string }>(
        await tx.execute(
          sql`select value, entity_id, row_id from capability_keys where kind = 'people.qr_code' and entity_id in (${a}, ${b}) order by value`,
        ),
      );
      return rows;
    };
    const insertPerson = (tx: Executor, entityId: string, id: string, roleId: string, code: string) =>
      tx.execute(sql`insert into people (entity_id, id, first_name, last_name, role_id, qr_code)
                     values (${entityId}, ${id}, 'Q', 'R', ${roleId}, ${code})`);
    const refused = async (tx: Executor, work: (sp: Executor) => Promise<unknown>) => {
      try {
        await tx.transaction(async (sp) => {
          await work(sp);
        });
      } catch (error) {
        return violation(error);
      }
      return null;
    };

    await expect(
      db.db.transaction(async (tx) => {
        await tx.execute(sql`insert into entities (id, name) values (${a}, 'A'), (${b}, 'B')`);
        await tx.execute(
          sql`insert into roles (entity_id, id, name) values (${a}, ${roleA}, 'r'), (${b}, ${roleB}, 'r')`,
        );
        await asCompany(tx, a);
        await insertPerson(tx, a, personA, roleA, qr);
        // The same code in the same company: the tenant table's own key refuses it.
        expect(await refused(tx, (sp) => insertPerson(sp, a, newId(), roleA, qr))).toEqual({
          code: '23505',
          constraint: 'people_qr_code_key',
        });
        // In another company: capability_keys refuses it, under the same name the code maps.
        await asCompany(tx, b);
        expect(await refused(tx, (sp) => insertPerson(sp, b, personB, roleB, qr))).toEqual({
          code: '23505',
          constraint: 'people_qr_code_key',
        });
        await insertPerson(tx, b, personB, roleB, `${qr}-b`);
        expect(await keysOf(tx)).toEqual([
          { value: qr, entity_id: a, row_id: personA },
          { value: `${qr}-b`, entity_id: b, row_id: personB },
        ]);
        // Changed, the old value is free for another company; deleted, the key goes.
        await asCompany(tx, a);
        await tx.execute(sql`update people set qr_code = ${`${qr}-a`} where entity_id = ${a} and id = ${personA}`);
        await asCompany(tx, b);
        await tx.execute(sql`update people set qr_code = ${qr} where entity_id = ${b} and id = ${personB}`);
        await tx.execute(sql`delete from people where entity_id = ${b} and id = ${personB}`);
        expect(await keysOf(tx)).toEqual([{ value: `${qr}-a`, entity_id: a, row_id: personA }]);
        throw ROLLBACK;
      }),
    ).rejects.toBe(ROLLBACK);
  });
});

const figures: { schema?: string } = {};
afterAll(() =>
  reportFigure('schema distribution', `${figures.schema ?? 'not checked'}; catalogue read in ${readMs} ms`),
);
