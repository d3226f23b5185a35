// Generates the bench's data set, or brings a working copy of it up to today. Run by bench/run.ts in a
// process of its own (PGlite is single-process, and the load would otherwise sit in the bench's heap):
//   node --import tsx bench/dataset/generate.ts <generate|top-up> <settings JSON file>
// generate: migrates an empty database, makes 20 companies (one big) and writes the world JSON.
// top-up:   on a working copy, adds the visits of the weekdays since the data set was made (so
//           "today" on the dashboard is a working day whatever day the bench runs), and recomputes who
//           can be signed in now; writes the run's world JSON.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createPglite } from '../../apps/server/src/db/pglite';
import pg from 'pg';
import { dayRange, localDay } from '@app/shared/visits/rules';
import { openDatabase, type Database } from '../../apps/server/src/db/client';
import { loadPeople } from './bulk-people';
import { loadVisits } from './bulk-visits';
import {
  ADMIN_PASSWORD,
  NO_QUESTIONS_TYPE,
  SIGN_IN_AREA,
  setUpCompany,
  setUpJourneys,
  type CompanySpec,
} from './company-setup';
import { GENERATOR_VERSION, SHAPE, scaled, type CompanyWorld, type RunWorld, type World } from './data-set';
import type { SqlSession } from './sql-text';

export type GenerateSettings = {
  kind: 'postgres' | 'embedded';
  /** PostgreSQL: the database URL; embedded: the DATA_DIR. */
  location: string;
  scale: number;
  hash: string;
  /** Where to write the world JSON. */
  out: string;
  /** top-up: the data set's world JSON. */
  world?: string;
};

/** How many people of the no-questions type the cases may sign in (each at most once per run). */
const POOL_MAX = 30_000;
/** People on site now, whatever the hour, as a share of a weekday's visits. */
const ON_SITE_SHARE = 0.1;
/** Pre-registered visits for the coming two weeks, as a share of a weekday's visits per day. */
const FUTURE_SHARE = 0.05;

const COMPANY_NAMES = [
  'Globex Holdings',
  'Initech',
  'Umbrella Logistics',
  'Stark Facilities',
  'Wayne Properties',
  'Hooli Campus',
  'Vandelay Imports',
  'Soylent Foods',
  'Cyberdyne Labs',
  'Tyrell Offices',
  'Wonka Works',
  'Gringotts Branch',
  'Oceanic Air',
  'Massive Dynamic',
  'Aperture Science',
  'Black Mesa',
  'Dunder Paper',
  'Pied Piper',
  'Monarch Solutions',
  'Sirius Cybernetics',
];
const TIMEZONES = ['Asia/Dubai', 'Europe/Madrid', 'Europe/London', 'Asia/Riyadh', 'UTC', 'America/New_York'];

const log = (line: string) => console.log(`[generate] ${line}`);

function companySpecs(): CompanySpec[] {
  return COMPANY_NAMES.slice(0, SHAPE.companies).map((name, index) => ({
    index,
    name,
    subdomain: name.toLowerCase().replace(/[^a-z]+/g, '-'),
    timezone: TIMEZONES[index % TIMEZONES.length]!,
    big: index === 0,
  }));
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const weekdaysBetween = (from: string, to: string) => {
  let n = 0;
  for (let d = from; d <= to; d = addDays(d, 1)) if (new Date(`${d}T00:00:00Z`).getUTCDay() % 6 !== 0) n++;
  return n;
};

type Opened = { database: Database; session: SqlSession; close: () => Promise<void> };

async function open(settings: GenerateSettings): Promise<Opened> {
  if (settings.kind === 'embedded') {
    mkdirSync(settings.location, { recursive: true });
    const pglite = await createPglite(path.join(settings.location, 'pgdata'));
    const database = await openDatabase({ pglite });
    return {
      database,
      session: {
        query: async (text, values) => ({ rows: (await pglite.query(text, values)).rows as Record<string, unknown>[] }),
      },
      close: () => pglite.close(),
    };
  }
  const database = await openDatabase({ url: settings.location, poolSize: 2 });
  const client = new pg.Client({ connectionString: settings.location });
  await client.connect();
  return {
    database,
    session: {
      query: async (text, values) => ({ rows: (await client.query(text, values)).rows as Record<string, unknown>[] }),
    },
    close: async () => {
      await client.end();
      await database.close();
    },
  };
}

/** Who of the no-questions type can be signed in now: active, not on site, not expected today. */
async function signInPool(session: SqlSession, company: CompanyWorld): Promise<string[]> {
  const today = localDay(new Date(), company.timezone);
  const { start, end } = dayRange(today, today, company.timezone);
  const res = await session.query(
    `select p.id from people p
     join person_user_types put on put.entity_id = p.entity_id and put.person_id = p.id
     join user_types t on t.entity_id = put.entity_id and t.id = put.user_type_id and t.name = $2
     where p.entity_id = $1 and p.status = 'active'
       and not exists (select 1 from visits v where v.entity_id = p.entity_id and v.person_id = p.id and v.state = 'on_site')
       and not exists (select 1 from visits v where v.entity_id = p.entity_id and v.person_id = p.id
                       and v.state = 'expected' and v.expected_at >= $3 and v.expected_at < $4)
     order by p.id limit ${POOL_MAX}`,
    [company.id, NO_QUESTIONS_TYPE, start.toISOString(), end.toISOString()],
  );
  return res.rows.map((r) => String(r.id));
}

async function generate(settings: GenerateSettings) {
  const started = Date.now();
  const { database, session, close } = await open(settings);
  try {
    await database.migrate();
    const companies: (CompanyWorld & { ownerPersonId: string })[] = [];
    for (const spec of companySpecs()) {
      const t0 = Date.now();
      const setup = await setUpCompany(database.db, spec);
      const peopleCount = scaled(spec.big ? SHAPE.bigPeople : SHAPE.smallPeople, settings.scale, 20);
      await loadPeople(session, {
        entityId: setup.entity.id,
        subdomain: spec.subdomain,
        count: peopleCount,
        employeeRoleId: setup.employeeRoleId,
      });
      await setUpJourneys(database.db, setup.entity.id);
      const today = localDay(new Date(), spec.timezone);
      const from = addDays(today, -SHAPE.days);
      const wanted = scaled(spec.big ? SHAPE.bigVisits : SHAPE.smallVisits, settings.scale, 50);
      const perWeekday = wanted / weekdaysBetween(from, today);
      let visits = await loadVisits(session, {
        entityId: setup.entity.id,
        timezone: spec.timezone,
        from,
        to: today,
        count: wanted,
        ownerPersonId: setup.ownerPersonId,
        onSiteNow: Math.round(perWeekday * ON_SITE_SHARE),
        onProgress: spec.big
          ? (n) => log(`${spec.name}: ${n} visits (${((Date.now() - t0) / 1000).toFixed(0)} s)`)
          : undefined,
      });
      visits += await loadVisits(session, {
        entityId: setup.entity.id,
        timezone: spec.timezone,
        from: addDays(today, 1),
        to: addDays(today, 14),
        count: Math.round(perWeekday * 10 * FUTURE_SHARE),
        ownerPersonId: setup.ownerPersonId,
      });
      const [area] = (
        await session.query(
          `select a.id from areas a join sites s on s.entity_id = a.entity_id and s.id = a.site_id
           where a.entity_id = $1 and a.name = $2 and s.name = 'Dubai Head Office'`,
          [setup.entity.id, SIGN_IN_AREA],
        )
      ).rows;
      companies.push({
        id: setup.entity.id,
        name: spec.name,
        subdomain: spec.subdomain,
        timezone: spec.timezone,
        big: spec.big,
        admin: { email: setup.adminEmail, password: ADMIN_PASSWORD },
        token: setup.token,
        signInAreaId: String(area!.id),
        signInTypeName: NO_QUESTIONS_TYPE,
        people: peopleCount,
        visits,
        visitsPerWeekday: perWeekday,
        lastDay: addDays(today, 14),
        generatedDay: today,
        ownerPersonId: setup.ownerPersonId,
      });
      log(`${spec.name}: ${peopleCount} people, ${visits} visits in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
    log('vacuum analyze');
    await session.query('vacuum analyze');
    const big = companies.find((c) => c.big)!;
    const world: World = {
      kind: settings.kind,
      hash: settings.hash,
      scale: settings.scale,
      generatorVersion: GENERATOR_VERSION,
      location: settings.kind === 'postgres' ? new URL(settings.location).pathname.slice(1) : settings.location,
      generatedAt: new Date().toISOString(),
      generationMs: Date.now() - started,
      companies,
      big: { entityId: big.id, signInPool: await signInPool(session, big), searches: await searches(session, big.id) },
    };
    writeFileSync(settings.out, JSON.stringify(world, null, 2));
    log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await close();
  }
}

/** A common last name, a visitor company, and one person's full name: searches that find people. */
async function searches(session: SqlSession, entityId: string): Promise<string[]> {
  const visitors = `from people where entity_id = $1 and status = 'active' and company_name is not null`;
  const [count] = (await session.query(`select count(*)::int as n ${visitors}`, [entityId])).rows;
  const [person] = (
    await session.query(`select first_name || ' ' || last_name as name ${visitors} order by id offset $2 limit 1`, [
      entityId,
      Math.floor(Number(count?.n ?? 0) / 2),
    ])
  ).rows;
  return ['Haddad', 'Northwind', ...(person ? [String(person.name)] : [])];
}

/**
 * The weekdays between the data set's last generated day and today get their visits (the future
 * pre-registrations already made stay, as real ones would), then who can be signed in is read again.
 */
async function topUp(settings: GenerateSettings) {
  const world = JSON.parse(readFileSync(settings.world!, 'utf8')) as World;
  const { session, close } = await open(settings);
  let added = 0;
  try {
    for (const company of world.companies) {
      const today = localDay(new Date(), company.timezone);
      // Days after the generation day that had only pre-registrations get a whole day's visits.
      const from = addDays(company.generatedDay, 1);
      if (from > today) continue;
      const count = Math.round(company.visitsPerWeekday * weekdaysBetween(from, today));
      if (count === 0) continue;
      const n = await loadVisits(session, {
        entityId: company.id,
        timezone: company.timezone,
        from,
        to: today,
        count,
        ownerPersonId: company.ownerPersonId,
        onSiteNow: Math.round(company.visitsPerWeekday * ON_SITE_SHARE),
      });
      added += n;
    }
    if (added > 0) await session.query('analyze visits');
    const big = world.companies.find((c) => c.big)!;
    const run: RunWorld = {
      ...world,
      toppedUp: added,
      big: { ...world.big, signInPool: await signInPool(session, big) },
    };
    writeFileSync(settings.out, JSON.stringify(run, null, 2));
    log(
      `top-up: ${added} visits since ${world.generatedAt.slice(0, 10)}; ${run.big.signInPool.length} people can be signed in`,
    );
  } finally {
    await close();
  }
}

const [mode, file] = process.argv.slice(2);
if ((mode !== 'generate' && mode !== 'top-up') || !file) {
  console.error('usage: generate.ts <generate|top-up> <settings.json>');
  process.exit(2);
}
const settings = JSON.parse(readFileSync(file, 'utf8')) as GenerateSettings;
await (mode === 'generate' ? generate(settings) : topUp(settings));
