// The cluster case's own company (bench/cases/cluster.ts), in a process of its own before any node starts:
// migrates the database (a no-op on the data set's working copy; an empty database otherwise), makes a
// company as the bench makes every company (company-setup.ts) with its API token, and adds the people the
// case signs in, each once: couriers of the no-questions type (its flow asks nothing) at the Dubai office,
// written in one statement (the data set's bulk load would make eight times as many of other types).
//   node --import tsx bench/load/cluster-setup.ts <settings.json>
import { openDatabase } from '../../apps/server/src/db/client';
import { ADMIN_PASSWORD, NO_QUESTIONS_TYPE, SIGN_IN_AREA, setUpCompany, setUpJourneys } from '../dataset/company-setup';
import { literal, uuid7 } from '../dataset/sql-text';
import { readSettings, writeResult } from './child-io';

export type ClusterSetupSettings = {
  location: string;
  /** People to sign in. */
  signInPeople: number;
  out: string;
};

export type ClusterCompany = {
  entityId: string;
  admin: { email: string; password: string };
  token: string;
  areaId: string;
  /** People of the no-questions type, none on site: each signed in at most once. */
  people: string[];
};

/**
 * Kiosks' MAC addresses are unique across companies and made from this index: past the data set's and the
 * directory-sync case's, and another each run (a working copy may keep an earlier run's company).
 */
const INDEX = 300 + Math.floor(Math.random() * 3_000);
const OFFICE = 'Dubai Head Office';

const settings = readSettings<ClusterSetupSettings>();
const database = await openDatabase({ url: settings.location, poolSize: 2 });
try {
  await database.migrate();
  const tag = `${process.pid.toString(36)}${Date.now().toString(36)}`;
  const setup = await setUpCompany(database.db, {
    index: INDEX,
    name: `Cluster bench ${tag}`,
    subdomain: `cluster-bench-${tag}`,
    timezone: 'UTC',
    big: false,
  });
  const entityId = setup.entity.id;
  await setUpJourneys(database.db, entityId);
  const e = `${literal(entityId)}::uuid`;
  const made = await database.query(
    `with made as (
       insert into people (entity_id, id, first_name, last_name, email, company_name, role_id, status, qr_code,
         created_at, updated_at)
       select ${e}, ${uuid7('now()')}, 'Dee', 'Courier ' || n, 'courier.' || n || '@couriers.example',
         'Couriers Ltd', ${literal(setup.employeeRoleId)}::uuid, 'active', replace(gen_random_uuid()::text, '-', ''),
         now(), now()
       from generate_series(1, ${Math.ceil(settings.signInPeople)}) n
       returning id
     ), typed as (
       insert into person_user_types (entity_id, person_id, user_type_id)
       select ${e}, made.id, (select id from user_types where entity_id = ${e} and name = ${literal(NO_QUESTIONS_TYPE)})
       from made
     ), placed as (
       insert into person_sites (entity_id, person_id, site_id)
       select ${e}, made.id, (select id from sites where entity_id = ${e} and name = ${literal(OFFICE)}) from made
     )
     select id from made order by id`,
  );
  const area = await database.query(
    `select a.id from areas a join sites s on s.entity_id = a.entity_id and s.id = a.site_id
     where a.entity_id = $1 and a.name = $2 and s.name = $3`,
    [entityId, SIGN_IN_AREA, OFFICE],
  );
  await database.query('analyze people');
  const company: ClusterCompany = {
    entityId,
    admin: { email: setup.adminEmail, password: ADMIN_PASSWORD },
    token: setup.token,
    areaId: String(area.rows[0]!.id),
    people: made.rows.map((r) => String(r.id)),
  };
  writeResult(settings.out, company);
} finally {
  await database.close();
}
process.exit(0);
