// An evacuation of the big company (issue 15), PostgreSQL: 5,000 people on site in its areas, fifty fire
// wardens signed in, one of them starting a session over every area through the API. Then:
// - the session page's data (GET /api/v1/emergency/sessions/:id, the whole roll) as a warden, p50/p95/p99
//   at the list cases' concurrency (bench/load/report-latency.ts), beside the same answer from
//   hand-written SQL (bench/load/emergency-sql.ts);
// - the fifty wardens' sockets watching the session (bench/load/emergency-wardens.ts, one process) while
//   marks are POSTed one per request at a steady rate from another (bench/load/emergency-marks.ts), a few
//   wardens taking turns: the time from each POST's send to each other warden's socket receiving
//   `updateEmergencySessionData` with that entry.
// The session is ended at the end, so nothing runs on in the working copy.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { and, eq } from 'drizzle-orm';
import type { SessionDetail } from '@app/shared/emergency/schemas';
import type { RoleKey } from '@app/shared/access/roles';
import { openDatabase, withTenant } from '../../apps/server/src/db/client';
import { memberships, people, personSites, roles, sites } from '../../apps/server/src/db/schema/index';
import { addMember, createUser } from '../../apps/server/src/seed/factories';
import { ADMIN_PASSWORD, NO_QUESTIONS_TYPE } from '../dataset/company-setup';
import { BENCH_DIR } from '../dataset/data-set';
import { uuid7 } from '../dataset/sql-text';
import { sleep } from '../load/child-io';
import type { EmergencySqlResult, EmergencySqlSettings } from '../load/emergency-sql';
import type { MarksResult, MarksSettings } from '../load/emergency-marks';
import type { WardensResult, WardensSettings } from '../load/emergency-wardens';
import type { ReportLatency, ReportLatencySettings } from '../load/report-latency';
import { start, stop, tail } from '../lib/processes';
import type { Row } from '../lib/report';
import { latency, ms, perSecond } from '../lib/stats';
import { big, file, finite, runLoad, signInCookie, waitUntilIdle, type CaseContext } from './context';
import { TARGETS } from './targets';
import { csrfOf } from '../lib/cookies';

/** Marks sent before the timed ones (the server's first marks compile its code). */
const WARM_UP_MARKS = 10;
/** Wardens whose sessions send the marks, in turn (their own sockets are not timed for their marks). */
const MARKERS = 5;
/** A socket that has not received a mark this long after its POST counts as missed. */
const MISSED_MS = 10_000;
/** How long the start's "evacuate now" mails may take to be written before the page is timed. */
const MAILS_WAIT_MS = 180_000;

const wardenEmail = (subdomain: string, i: number) => `warden${i}@${subdomain}.bench.test`;

type Prepared = { onSite: number; added: number; wardens: { email: string }[]; siteIds: string[] };

/**
 * As the database owner: people on site until the company has `wanted` (signed in during the last eight
 * hours at their home site's areas, never of the type the other cases sign in), and the fire wardens
 * (role fire_warden, assigned to every site of the company) made with the seed's factories.
 */
async function prepare(ctx: CaseContext): Promise<Prepared> {
  const company = big(ctx);
  const client = new pg.Client({ connectionString: ctx.copy.location });
  await client.connect();
  let added = 0;
  let onSite = 0;
  try {
    const count = async () =>
      Number(
        (
          await client.query<{ n: number }>(
            `select count(*)::int as n from visits where entity_id = $1 and state = 'on_site'`,
            [company.id],
          )
        ).rows[0]?.n ?? 0,
      );
    onSite = await count();
    const need = ctx.options.emergencyPeople - onSite;
    if (need > 0) {
      const res = await client.query(
        `with pick as (
           select * from (
             select distinct on (p.id) p.id as person_id, put.user_type_id,
               (select ps.site_id from person_sites ps where ps.entity_id = p.entity_id and ps.person_id = p.id
                order by ps.site_id limit 1) as site_id,
               now() - interval '1 minute' * (5 + floor(random() * 475)) as arrive, random() as ra
             from people p
             join person_user_types put on put.entity_id = p.entity_id and put.person_id = p.id
             join user_types t on t.entity_id = put.entity_id and t.id = put.user_type_id
             where p.entity_id = $1 and p.status = 'active' and p.dashboard_access = 'none' and t.name <> $3
               and not exists (select 1 from visits v where v.entity_id = p.entity_id and v.person_id = p.id
                               and v.state = 'on_site')
             order by p.id, put.user_type_id) candidates
           order by random() limit $2
         ), places as (
           select site_id, row_number() over (partition by site_id order by id) as k, id as area_id,
             count(*) over (partition by site_id) as cnt
           from areas where entity_id = $1 and active and login_mode = 'signIn_signOut'
         ), flows as (
           select distinct on (f.user_type_id, js.site_id) f.user_type_id, js.site_id, j.id as journey_id, f.id as flow_id
           from journey_flows f
           join journeys j on j.entity_id = f.entity_id and j.id = f.journey_id
           join journey_sites js on js.entity_id = f.entity_id and js.journey_id = f.journey_id
           where f.entity_id = $1 order by f.user_type_id, js.site_id, j.name, j.id
         )
         insert into visits (entity_id, id, person_id, user_type_id, site_id, area_id, journey_id, journey_flow_id,
           login_mode, state, signed_in_at, sign_in_source, created_at, updated_at)
         select $1, ${uuid7('w.arrive')}, w.person_id, w.user_type_id, w.site_id, a.area_id, f.journey_id, f.flow_id,
           'signIn_signOut', 'on_site', w.arrive, case when w.ra < 0.7 then 'kiosk' else 'dashboard' end, w.arrive, w.arrive
         from pick w
         join places a on a.site_id = w.site_id and a.k = 1 + floor(w.ra * a.cnt)::int
         left join flows f on f.user_type_id = w.user_type_id and f.site_id = w.site_id`,
        [company.id, need, NO_QUESTIONS_TYPE],
      );
      added = res.rowCount ?? 0;
      await client.query('analyze visits');
    }
    onSite = await count();
  } finally {
    await client.end();
  }

  const database = await openDatabase({ url: ctx.copy.location, poolSize: 2 });
  try {
    const db = database.db;
    const { roleIds, siteIds } = await withTenant(db, company.id, async (tx) => ({
      roleIds: await tx.select({ id: roles.id, key: roles.key }).from(roles).where(eq(roles.entityId, company.id)),
      siteIds: (await tx.select({ id: sites.id }).from(sites).where(eq(sites.entityId, company.id))).map((s) => s.id),
    }));
    const entity = {
      id: company.id,
      name: company.name,
      subdomain: company.subdomain,
      roles: Object.fromEntries(roleIds.map((r) => [r.key, r.id])) as Record<RoleKey, string>,
    };
    const wardens: { email: string }[] = [];
    for (let i = 0; i < ctx.options.wardens; i++) {
      const user = await createUser(db, {
        email: wardenEmail(company.subdomain, i),
        password: ADMIN_PASSWORD,
        firstName: 'Warden',
        lastName: String(i + 1),
      });
      const membershipId = await addMember(db, entity, user.id, 'fire_warden');
      await withTenant(db, company.id, async (tx) => {
        await tx
          .update(memberships)
          .set({ siteScope: 'assigned' })
          .where(and(eq(memberships.entityId, company.id), eq(memberships.id, membershipId)));
        const [person] = await tx
          .select({ id: people.id })
          .from(people)
          .where(and(eq(people.entityId, company.id), eq(people.membershipId, membershipId)));
        await tx
          .insert(personSites)
          .values(siteIds.map((siteId) => ({ entityId: company.id, personId: person!.id, siteId })));
      });
      wardens.push({ email: user.email });
    }
    return { onSite, added, wardens, siteIds };
  } finally {
    await database.close();
  }
}

async function post<T>(url: string, cookie: string, body: unknown): Promise<{ status: number; body: T; ms: number }> {
  const t0 = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { cookie, 'x-csrf-token': csrfOf(cookie), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const took = performance.now() - t0;
  if (!res.ok) throw new Error(`POST ${new URL(url).pathname}: ${res.status} ${text.slice(0, 300)}`);
  return { status: res.status, body: JSON.parse(text) as T, ms: took };
}

/**
 * The start's "evacuate now" mails in the outbox (a global table, read as the owner): those written since
 * the start to the roll's people, and how many the start sends (one per entry with a link).
 */
async function startMails(
  location: string,
  sessionId: string,
  since: string,
): Promise<{ written: number; expected: number }> {
  const client = new pg.Client({ connectionString: location });
  await client.connect();
  try {
    const res = await client.query<{ written: number; expected: number }>(
      `select (select count(*)::int from outbox_emails o where o.created_at >= $2::timestamptz
                 and o."to" in (select e.email from emergency_roll e where e.session_id = $1)) as written,
              (select count(*)::int from emergency_roll e where e.session_id = $1 and e.safe_token_hash is not null) as expected`,
      [sessionId, since],
    );
    return res.rows[0] ?? { written: 0, expected: 0 };
  } finally {
    await client.end();
  }
}

/** Waits until the start's mails are all in the outbox (or stop coming); the time taken and the counts. */
async function waitForMails(location: string, sessionId: string, since: string) {
  const t0 = performance.now();
  let last = -1;
  let stableSince = performance.now();
  let counts = { written: 0, expected: 0 };
  while (performance.now() - t0 < MAILS_WAIT_MS) {
    counts = await startMails(location, sessionId, since);
    if (counts.written >= counts.expected) break;
    if (counts.written !== last) {
      last = counts.written;
      stableSince = performance.now();
    } else if (performance.now() - stableSince > 5_000) break;
    await sleep(250);
  }
  return { ms: performance.now() - t0, ...counts };
}

/** The fifty sockets in their process, ready; `finish` stops them and reads what they received. */
async function openWardens(ctx: CaseContext, settings: WardensSettings) {
  rmSync(settings.readyFile, { force: true });
  rmSync(settings.stopFile, { force: true });
  const settingsFile = file(ctx, 'emergency-wardens-settings.json');
  writeFileSync(settingsFile, JSON.stringify(settings));
  const started = start(
    process.execPath,
    ['--import', 'tsx', path.join(BENCH_DIR, 'load/emergency-wardens.ts'), settingsFile],
    {
      logFile: file(ctx, 'emergency-wardens.log'),
    },
  );
  const openBy = performance.now() + 180_000;
  while (!existsSync(settings.readyFile)) {
    if (started.child.exitCode !== null) throw new Error(`the wardens' sockets ended early:\n${tail(started.logFile)}`);
    if (performance.now() > openBy) {
      await stop(started.child);
      throw new Error('the wardens did not all watch the session within 3 minutes');
    }
    await sleep(100);
  }
  return {
    finish: async (): Promise<WardensResult> => {
      writeFileSync(settings.stopFile, '');
      const code = await started.exited;
      if (code !== 0) throw new Error(`the wardens' sockets failed (exit ${code}):\n${tail(started.logFile)}`);
      return JSON.parse(readFileSync(settings.out, 'utf8')) as WardensResult;
    },
    abort: () => stop(started.child),
  };
}

export async function measureEmergency(ctx: CaseContext): Promise<Row[]> {
  if (ctx.kind !== 'postgres')
    return [
      {
        case: 'emergency',
        database: ctx.kind,
        figure: 'not run: the targets are for PostgreSQL',
        against: '–',
        met: null,
      },
    ];
  const company = big(ctx);
  const base = ctx.server.baseUrl;
  const t0 = performance.now();
  const prepared = await prepare(ctx);
  const prepareMs = performance.now() - t0;
  const cookies: string[] = [];
  for (const w of prepared.wardens) cookies.push(await signInCookie(base, w.email, ADMIN_PASSWORD));
  const [starter, reader] = [cookies[0]!, cookies[1] ?? cookies[0]!];

  // The start, as a warden starts it from the sessions page: every area they may see.
  const started = await post<SessionDetail>(`${base}/api/v1/emergency/sessions`, starter, {
    name: 'Evacuation (bench)',
    is_drill: false,
    site_ids: [],
    area_ids: [],
  });
  const sessionId = started.body.session.id;
  const rollSize = started.body.roll.length;
  const rows: Row[] = [];
  try {
    // The page is timed once the start's mails are written (they are sent after the answer).
    const mails = await waitForMails(ctx.copy.location, sessionId, started.body.session.started_at.at);
    rows.push({
      case: `emergency: start a session over ${rollSize.toLocaleString('en')} people on site`,
      database: ctx.kind,
      figure:
        `POST /emergency/sessions answered in ${ms(started.ms)} ms (${(JSON.stringify(started.body).length / 1e6).toFixed(1)} MB); ` +
        `${mails.written.toLocaleString('en')} of ${mails.expected.toLocaleString('en')} "evacuate now" mails in the outbox ${(mails.ms / 1000).toFixed(1)} s after the answer; ` +
        `set-up: ${prepared.added.toLocaleString('en')} people put on site (${prepared.onSite.toLocaleString('en')} in all), ${prepared.wardens.length} fire wardens, in ${(prepareMs / 1000).toFixed(0)} s`,
      against: '–',
      met: rollSize === prepared.onSite ? null : false,
    });

    // The session page's data: the app beside hand-written SQL, as a warden limited to the company's sites.
    const sqlSettings: EmergencySqlSettings = {
      location: ctx.copy.location,
      entityId: company.id,
      sessionId,
      siteIds: prepared.siteIds,
      concurrency: ctx.options.concurrency,
      seconds: ctx.options.latencySeconds,
      warmupSeconds: 1,
      out: file(ctx, 'emergency-sql.json'),
    };
    const raw = await runLoad<EmergencySqlResult>(
      ctx,
      path.join(BENCH_DIR, 'load/emergency-sql.ts'),
      'emergency-sql',
      sqlSettings,
    );
    const httpSettings: ReportLatencySettings = {
      baseUrl: base,
      cookie: reader,
      requests: [{ name: 'session page', path: `/api/v1/emergency/sessions/${sessionId}`, query: {} }],
      concurrency: ctx.options.concurrency,
      seconds: ctx.options.latencySeconds,
      warmupSeconds: 1,
      out: file(ctx, 'emergency-page.json'),
    };
    const [page] = await runLoad<(ReportLatency | { name: string; error: string })[]>(
      ctx,
      path.join(BENCH_DIR, 'load/report-latency.ts'),
      'emergency-page',
      httpSettings,
    );
    const pageAgainst = `p95 < ${TARGETS.emergencyPageP95Ms} ms (hand-written SQL beside it)`;
    if (!page || 'error' in page) {
      rows.push({
        case: 'emergency: session page',
        database: ctx.kind,
        figure: `failed: ${page && 'error' in page ? page.error.slice(0, 300) : 'no result'}`,
        against: pageAgainst,
        met: false,
      });
    } else {
      const p95 = finite(page.latency.p95);
      const sqlP95 = raw.error ? NaN : finite(raw.latency.p95);
      const ratio = p95 / sqlP95;
      rows.push({
        case: `emergency: session page (GET /emergency/sessions/:id, ${rollSize.toLocaleString('en')} entries)`,
        database: ctx.kind,
        figure:
          `p50 ${ms(finite(page.latency.p50))} / p95 ${ms(p95)} / p99 ${ms(finite(page.latency.p99))} ms over ${page.requests} requests at ${ctx.options.concurrency} concurrent; ` +
          (raw.error
            ? `SQL failed: ${raw.error.slice(0, 200)}`
            : `hand-written SQL p50 ${ms(finite(raw.latency.p50))} / p95 ${ms(sqlP95)} ms (${raw.statements} statements, ${raw.rows.toLocaleString('en')} rows); ${Number.isFinite(ratio) ? `${ratio.toFixed(1)}× SQL` : 'no ratio'}`) +
          (page.errors ? `; ${page.errors} errors (${page.firstError})` : ''),
        against: pageAgainst,
        met: page.errors === 0 && p95 < TARGETS.emergencyPageP95Ms,
      });
    }

    // Marks reaching the other wardens.
    const timedMarks = Math.round(ctx.options.markRate * ctx.options.markSeconds);
    const notPresent = started.body.roll.filter((e) => e.status === 'not_present').map((e) => e.id);
    const rollIds = notPresent.slice(0, WARM_UP_MARKS + timedMarks);
    const wardensSettings: WardensSettings = {
      baseUrl: base,
      entityId: company.id,
      sessionId,
      cookies,
      readyFile: file(ctx, 'emergency-wardens.ready'),
      stopFile: file(ctx, 'emergency-wardens.stop'),
      maxSeconds: 600,
      out: file(ctx, 'emergency-wardens.json'),
    };
    const wardens = await openWardens(ctx, wardensSettings);
    let marks: MarksResult;
    let received: WardensResult;
    try {
      // The page's load is over before the marks begin.
      await waitUntilIdle(ctx);
      const marksSettings: MarksSettings = {
        baseUrl: base,
        sessionId,
        markers: cookies.slice(0, MARKERS).map((cookie, socket) => ({ cookie, socket })),
        rollIds,
        warmup: WARM_UP_MARKS,
        rate: ctx.options.markRate,
        out: file(ctx, 'emergency-marks.json'),
      };
      marks = await runLoad<MarksResult>(
        ctx,
        path.join(BENCH_DIR, 'load/emergency-marks.ts'),
        'emergency-marks',
        marksSettings,
      );
      await sleep(3_000);
      received = await wardens.finish();
    } catch (error) {
      await wardens.abort();
      throw error;
    }
    const samples: number[] = [];
    let missed = 0;
    const timed = marks.marks.filter((m) => !m.warmup);
    const failed = timed.filter((m) => m.error !== null);
    for (const m of timed) {
      if (m.error !== null) continue;
      const row = received.received[m.rollId] ?? [];
      for (let s = 0; s < received.sockets; s++) {
        if (s === m.socket) continue;
        const at = row[s] ?? null;
        if (at === null || at - m.sentAt > MISSED_MS) {
          missed++;
          samples.push(Infinity);
        } else samples.push(at - m.sentAt);
      }
    }
    const lat = latency(samples);
    const at = (value: number) => (Number.isFinite(value) ? `${ms(value)} ms` : `> ${MISSED_MS / 1000} s`);
    const problems = [
      failed.length ? `${failed.length} marks refused (${failed[0]!.error})` : '',
      missed ? `${missed} not received within ${MISSED_MS / 1000} s` : '',
      received.disconnects > 0 ? `${received.disconnects} sockets dropped` : '',
    ].filter(Boolean);
    rows.push({
      case: `emergency: mark → the other wardens (${received.sockets} sockets watching)`,
      database: ctx.kind,
      figure:
        `p50 ${at(lat.p50)} / p95 ${at(lat.p95)} / p99 ${at(lat.p99)} / max ${at(lat.max)} over ${lat.n.toLocaleString('en')} socket receipts ` +
        `(${timed.length} marks at ${perSecond(marks.rate)}/s from ${MARKERS} wardens, each to the ${received.sockets - 1} others; ` +
        `POST answered p50 ${ms(finite(marks.answer.p50))} / p95 ${ms(finite(marks.answer.p95))} ms; ${received.entryEvents.toLocaleString('en')} entry events, ${received.notices.toLocaleString('en')} list notices)` +
        (problems.length ? `; ${problems.join('; ')}` : ''),
      against: `p95 < ${TARGETS.emergencyMarkP95Ms} ms`,
      met: failed.length === 0 && finite(lat.p95) < TARGETS.emergencyMarkP95Ms,
    });
  } finally {
    // Nothing left running in the working copy (a running session makes every sign-out do more).
    await post(`${base}/api/v1/emergency/sessions/${sessionId}/end`, starter, {}).catch((error: unknown) => {
      console.error(
        `[${ctx.kind}] ending the bench's session: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
  }
  return rows;
}
