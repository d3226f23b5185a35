// The performance bench: `npm run bench`. It generates (or reuses) a realistic data set, runs every case
// against PostgreSQL and against the embedded database (PGlite), each time with the app's server in its
// own process and the load in others, and prints one table of figures beside their baselines or
// targets. The same table is written to bench/.results/latest.md; the processes' logs and figures stay
// in bench/.results/last-run/. What each case measures and why: docs/performance.md.
//
// Options (environment variables):
//   BENCH_DB=postgres,embedded     which databases, in that order (default both)
//   BENCH_CASES=auth-me,sites,people,logbook,reports,summary,exports,sign-ins,live,duplicates,import,emergency,web,kiosk-app,kiosk-scan,kiosk-replay,startup,directory-sync,faces,watchlist,cluster
//                                  which cases (default all); directory-sync and cluster alone need no
//                                  data set, faces no database at all (it runs once, before the databases)
//   BENCH_SECONDS=10               seconds of each wrk case (hello baseline, auth-me, sites)
//   BENCH_LATENCY_SECONDS=5        seconds of each people/logbook variant (after 1 s of warm-up, 4 s for the first)
//   BENCH_CONCURRENCY=4            concurrent requests of the people/logbook cases (and their raw SQL)
//   BENCH_WRK_THREADS=1, BENCH_WRK_CONNECTIONS=32   wrk's settings, the same for the baseline
//   BENCH_SIGNIN_RATE=315          sign-ins offered per second (the target, 300, plus 5 %)
//   BENCH_SIGNIN_SECONDS=15        how long they are sustained
//   BENCH_DASHBOARDS=100, BENCH_LIVE_SIGNINS=10, BENCH_LIVE_BACKGROUND_RATE=10   the live case
//   BENCH_EMERGENCY_PEOPLE=5000, BENCH_WARDENS=50, BENCH_MARK_RATE=10, BENCH_MARK_SECONDS=20   the
//                                  emergency case: people on site, wardens watching, marks per second
//   BENCH_KIOSK_SCANS=200          timed QR scans of the kiosk-scan case (one kiosk, one after another)
//   BENCH_DIRECTORY_USERS=50000    users of the directory-sync case's Microsoft Graph fake (a quarter of
//                                  them for its memory reference)
//   BENCH_CLUSTER_SECONDS=10, BENCH_CLUSTER_CONCURRENCY=16   the cluster case: how long each run of
//                                  sign-ins (one node, two nodes) is counted, by how many callers at once
//   BENCH_REDIS_URL=redis://127.0.0.1:6379   the Redis the cluster case's nodes share (else REDIS_URL)
//   KIOSK_DIST=apps/kiosk/dist     the built kiosk app the server serves under /kiosk/ (the kiosk-app case)
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres   the PostgreSQL server; the bench makes
//                                  and uses only databases named bench_<hash> (kept) and
//                                  bench_<hash>_run<pid> (one run's working copy, dropped)
//   BENCH_SCALE=1                  data scale (0.01 to try the bench quickly)
//   BENCH_REGENERATE=1             generate the data set again even when a complete one is kept
//   BENCH_SERVER_PROFILE=<dir>     the server under test writes a CPU profile (.cpuprofile) there
//
// The data set: 20 companies, one with 100,000 people and 1,000,000 visits over two years, the others
// with 1,000 and 10,000 (times BENCH_SCALE). It is kept in the database bench_<hash> and in
// bench/.data/<hash>/ (hash of the migrations, the generator's version and the scale) and reused.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_DIR, dataSetHash, type DatabaseKind } from './dataset/data-set';
import { bigCompany, failedRow, guard, signInCookie, waitUntilIdle, type CaseContext } from './cases/context';
import { measureStartupCase, measureWeb } from './cases/external';
import { listVariants, measureLists, measureRawSql } from './cases/list-latency';
import { liveBackgroundSeconds, measureLive } from './cases/live';
import { measureEmergency } from './cases/emergency';
import { measureDuplicates } from './cases/duplicates';
import { emptyDatabase, measureDirectorySync } from './cases/directory-sync';
import { measureFaces } from './cases/faces';
import { measureWatchlist, watchlistPeopleNeed } from './cases/watchlist';
import { measureCluster } from './cases/cluster';
import { measurePeopleImport } from './cases/people-import';
import { measureReports } from './cases/reports';
import { measureVisitSummary } from './cases/visit-summary';
import { measureSignIns, SIGN_IN_WARM_UP } from './cases/sign-ins';
import {
  kioskPeopleNeed,
  measureKioskApp,
  measureKioskReplay,
  measureKioskScans,
  reserveKioskPeople,
} from './cases/kiosk';
import { measureFrameworkFloor, measureHello, measureRatio } from './cases/throughput';
import type { VariantSql } from './load/raw-sql';
import { ensureDataSet, makeWorkingCopy, removeStaleCopies, type WorkingCopy } from './lib/data-sets';
import { readOptions, type CaseName, type Options } from './lib/options';
import { checkServer, dropStaleCopies } from './lib/postgres-admin';
import { cleanUp, installExitHandlers } from './lib/processes';
import { consoleTable, writeMarkdown, type Row } from './lib/report';
import { serverEntry, startServer } from './lib/server-under-test';
import { wrkMissing } from './lib/wrk';

const RESULTS_DIR = path.join(BENCH_DIR, '.results');
const WORK_DIR = path.join(RESULTS_DIR, 'last-run');

/** Cases that make their own company and start their own servers: they need neither the data set nor the shared server. */
const OWN_DATA: readonly CaseName[] = ['directory-sync', 'faces', 'cluster'];

const seconds = (msValue: number) => `${(msValue / 1000).toFixed(0)} s`;
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** Everything measured on one database, in an order that keeps the cases from disturbing each other. */
async function runDatabase(kind: DatabaseKind, options: Options, copy: WorkingCopy, context: string[]): Promise<Row[]> {
  const rows: Row[] = [];
  const wants = (name: Options['cases'][number]) => options.cases.includes(name);
  const base = { kind, options, copy, workDir: WORK_DIR };
  // Each person is signed in once. The kiosk cases take theirs first (only those the kiosk reaches will
  // do). The live case's timed sign-ins come next (they are few); when the rest cannot cover both the
  // sign-ins case and the live case's background (a small scale), they share.
  const kiosk = await reserveKioskPeople(copy, copy.world.big.signInPool, kioskPeopleNeed(kind, options));
  const reserved = new Set([...kiosk.scans.map((p) => p.id), ...kiosk.replay]);
  const pool = copy.world.big.signInPool.filter((id) => !reserved.has(id));
  const live = wants('live') ? pool.splice(0, options.liveSignIns) : [];
  const watchlist = wants('watchlist') && kind === 'postgres' ? pool.splice(0, watchlistPeopleNeed) : [];
  const backgroundNeed = wants('live') ? Math.ceil(options.liveBackgroundRate * liveBackgroundSeconds(options)) : 0;
  const signInNeed =
    wants('sign-ins') && kind === 'postgres'
      ? Math.ceil(options.signInRate * (options.signInSeconds + SIGN_IN_WARM_UP.seconds * SIGN_IN_WARM_UP.rateShare))
      : 0;
  const share = Math.min(1, pool.length / Math.max(1, backgroundNeed + signInNeed));
  const people = {
    live,
    liveBackground: pool.splice(0, Math.floor(backgroundNeed * share)),
    signIns: pool.splice(0, Math.floor(signInNeed * share)),
    kioskScans: kiosk.scans,
    kioskReplay: kiosk.replay,
    watchlist,
  };

  // The lists' raw SQL first, with no server: the embedded database has room for one process.
  const variants = wants('people') || wants('logbook') ? listVariants(base) : [];
  let raw: Map<string, VariantSql> | Error = new Map();
  if (variants.length) {
    console.log(`[${kind}] raw SQL of the list cases…`);
    raw = await measureRawSql(base, variants).catch((error: unknown) =>
      error instanceof Error ? error : new Error(String(error)),
    );
  }

  const needsServer = options.cases.some((c) => c !== 'startup' && !OWN_DATA.includes(c));
  if (needsServer) {
    console.log(`[${kind}] starting the server (${serverEntry().entry})…`);
    const server = await startServer(kind, copy.location, path.join(WORK_DIR, `${kind}-server.log`));
    context.push(`${kind}: server ${server.entry}`);
    try {
      const company = bigCompany(copy.world);
      const ctx: CaseContext = {
        ...base,
        server,
        cookie: await signInCookie(server.baseUrl, company.admin.email, company.admin.password),
        people,
      };
      if (wants('auth-me') || wants('sites')) {
        console.log(`[${kind}] hello baseline, auth-me, sites (wrk)…`);
        const hello = await measureHello(ctx).catch((error: unknown) => error as Error);
        if (hello instanceof Error) rows.push(failedRow('hello (baseline)', kind, hello));
        else {
          rows.push(hello.row);
          if (wants('auth-me'))
            rows.push(...(await guard('floor', kind, () => measureFrameworkFloor(ctx, hello.result))));
          for (const name of ['auth-me', 'sites'] as const) {
            if (wants(name))
              rows.push(...(await guard(name, kind, async () => [await measureRatio(ctx, name, hello.result)])));
          }
        }
      }
      if (variants.length) {
        console.log(`[${kind}] people and logbook latency…`);
        rows.push(...(await guard('people / logbook', kind, () => measureLists(ctx, variants, raw))));
      }
      if (wants('reports') || wants('exports')) {
        console.log(`[${kind}] reports and exports…`);
        rows.push(...(await guard('reports / exports', kind, () => measureReports(ctx))));
      }
      if (wants('summary')) {
        console.log(`[${kind}] visit summary of a year…`);
        rows.push(...(await guard('summary', kind, () => measureVisitSummary(ctx))));
      }
      if (wants('web')) {
        console.log(`[${kind}] web weight and Lighthouse…`);
        rows.push(...(await guard('web', kind, () => measureWeb(ctx))));
      }
      if (wants('kiosk-app')) {
        console.log(`[${kind}] kiosk app's first load (Lighthouse)…`);
        rows.push(...(await guard('kiosk-app', kind, () => measureKioskApp(ctx))));
      }
      // Each writing case starts on a server with nothing left over from the one before.
      const settle = async () => {
        const waited = await waitUntilIdle(ctx);
        if (waited > 2_000)
          console.log(`[${kind}] waited ${seconds(waited)} for the server to finish earlier requests`);
      };
      if (wants('sign-ins')) {
        if (kind === 'postgres') {
          await settle();
          console.log(`[${kind}] sign-ins…`);
          rows.push(...(await guard('sign-ins', kind, async () => [await measureSignIns(ctx)])));
        } else {
          rows.push({
            case: 'sign-ins',
            database: kind,
            figure: 'not run: the target is for PostgreSQL',
            against: '–',
            met: null,
          });
        }
      }
      if (wants('live')) {
        await settle();
        console.log(`[${kind}] live dashboards…`);
        rows.push(...(await guard('live', kind, async () => [await measureLive(ctx)])));
      }
      // The kiosk at the door: scans to "Welcome", then an offline queue replayed (PostgreSQL).
      for (const name of ['kiosk-scan', 'kiosk-replay'] as const) {
        if (!wants(name)) continue;
        if (kind !== 'postgres') {
          rows.push({
            case: name,
            database: kind,
            figure: 'not run: the target is for PostgreSQL',
            against: '–',
            met: null,
          });
          continue;
        }
        await settle();
        console.log(`[${kind}] ${name}…`);
        rows.push(
          ...(await guard(name, kind, async () =>
            name === 'kiosk-scan' ? [await measureKioskScans(ctx)] : measureKioskReplay(ctx),
          )),
        );
      }
      // Screening's cost to a sign-in: an empty watchlist, then one of 10,000 entries (removed after).
      if (wants('watchlist')) {
        if (kind === 'postgres') {
          await settle();
          console.log(`[${kind}] watchlist screening…`);
          rows.push(...(await guard('watchlist', kind, () => measureWatchlist(ctx))));
        } else {
          rows.push({
            case: 'watchlist',
            database: kind,
            figure: 'not run: the target is for PostgreSQL',
            against: '–',
            met: null,
          });
        }
      }
      // People data: a scan of the big company for duplicates, then its board.
      if (wants('duplicates') && kind === 'postgres') {
        await settle();
        console.log(`[${kind}] duplicate scan…`);
        rows.push(...(await guard('duplicates', kind, () => measureDuplicates(ctx))));
      }
      // The people import: 100,000 new people, beside raw INSERTs of the same rows; removed after.
      if (wants('import') && kind === 'postgres') {
        await settle();
        console.log(`[${kind}] people import…`);
        rows.push(...(await guard('import', kind, () => measurePeopleImport(ctx))));
      }
      // Last of the writing cases: it puts 5,000 people on site in the big company.
      if (wants('emergency')) {
        await settle();
        console.log(`[${kind}] emergency session…`);
        rows.push(...(await guard('emergency', kind, () => measureEmergency(ctx))));
      }
    } finally {
      await server.stop();
    }
  }
  if (wants('startup')) {
    console.log(`[${kind}] startup…`);
    rows.push(...(await guard('startup', kind, () => measureStartupCase(kind, copy.location))));
  }
  // Last: 62,500 people in companies of its own, each sync on a server of its own.
  if (wants('directory-sync')) rows.push(...(await measureDirectorySyncCase(kind, options, copy.location)));
  // Its own company and nodes, on the working copy, with nothing else running.
  if (wants('cluster')) rows.push(...(await measureClusterCase(kind, options, copy.location)));
  return rows;
}

async function measureClusterCase(kind: DatabaseKind, options: Options, location: string): Promise<Row[]> {
  console.log(`[${kind}] cluster…`);
  return guard('cluster', kind, () => measureCluster({ kind, options, location, workDir: WORK_DIR }));
}

async function measureDirectorySyncCase(kind: DatabaseKind, options: Options, location: string): Promise<Row[]> {
  console.log(`[${kind}] directory sync…`);
  return guard('directory-sync', kind, () => measureDirectorySync({ kind, options, location, workDir: WORK_DIR }));
}

async function main(): Promise<number> {
  installExitHandlers();
  const options = readOptions();
  if (options.cases.some((c) => c === 'auth-me' || c === 'sites')) {
    const missing = wrkMissing();
    if (missing) {
      console.error(missing);
      return 1;
    }
  }
  if (options.databases.includes('postgres')) {
    const version = await checkServer(options.postgresUrl);
    if (!version) {
      console.error(
        `No PostgreSQL server answers at ${options.postgresUrl}. Start one, set BENCH_PG_URL to another, or run BENCH_DB=embedded.`,
      );
      return 1;
    }
    const stale = await dropStaleCopies(options.postgresUrl);
    if (stale.length) console.log(`Dropped working copies left by earlier runs: ${stale.join(', ')}`);
  }
  const staleFolders = removeStaleCopies();
  if (staleFolders.length)
    console.log(`Removed embedded working copies left by earlier runs: ${staleFolders.join(', ')}`);
  rmSync(WORK_DIR, { recursive: true, force: true });
  mkdirSync(WORK_DIR, { recursive: true });

  const startedAt = new Date();
  const hash = dataSetHash(options.scale);
  const context: string[] = [
    `${startedAt.toISOString()}; ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim() ?? '?'}), ${Math.round(os.totalmem() / 2 ** 30)} GB; Node ${process.version}`,
    `data set ${hash} at scale ${options.scale}; ${options.concurrency} concurrent requests in the list cases`,
    `load average before: ${loadAverage()} (the machine is shared: figures move with it)`,
  ];
  const rows: Row[] = [];
  // Only cases with data of their own: an empty database, no data set generated or copied.
  const needsDataSet = options.cases.some((c) => !OWN_DATA.includes(c));
  if (options.cases.includes('faces')) {
    console.log('face IDs and matching…');
    rows.push(...(await guard('faces', '–', measureFaces)));
  }
  for (const kind of options.databases) {
    if (!options.cases.some((c) => c !== 'faces')) break;
    if (!needsDataSet) {
      const empty = await emptyDatabase(kind, options);
      context.push(`${kind}: no data set needed; an empty database`);
      try {
        if (options.cases.includes('directory-sync'))
          rows.push(...(await measureDirectorySyncCase(kind, options, empty.location)));
        if (options.cases.includes('cluster')) rows.push(...(await measureClusterCase(kind, options, empty.location)));
      } finally {
        await empty.drop();
      }
      continue;
    }
    let copy: WorkingCopy | null = null;
    try {
      const set = await ensureDataSet(kind, options, WORK_DIR);
      const w = set.world;
      const company = bigCompany(w);
      context.push(
        `${kind}: ${w.companies.length} companies, the big one with ${company.people.toLocaleString('en')} people and ${company.visits.toLocaleString('en')} visits; ` +
          `generated ${set.generated ? 'in this run' : `on ${w.generatedAt.slice(0, 10)}`} in ${seconds(w.generationMs)}`,
      );
      console.log(`[${kind}] working copy of the data set…`);
      copy = await makeWorkingCopy(kind, options, set, WORK_DIR);
      context.push(
        `${kind}: working copy in ${seconds(copy.copyMs)}, ${copy.world.toppedUp.toLocaleString('en')} visits added up to today in ${seconds(copy.topUpMs)}`,
      );
      rows.push(...(await runDatabase(kind, options, copy, context)));
    } catch (error) {
      console.error(`[${kind}]`, error instanceof Error ? error.message : error);
      rows.push(failedRow('data set / server', kind, error));
    } finally {
      await copy?.drop();
    }
  }

  context.push(`load average after: ${loadAverage()}`);
  console.log(`\n${context.join('\n')}\n\n${consoleTable(rows)}\n`);
  const file = path.join(RESULTS_DIR, 'latest.md');
  writeMarkdown(file, 'Bench results', context, rows);
  writeFileSync(path.join(RESULTS_DIR, 'latest.json'), JSON.stringify({ context, rows }, null, 2));
  console.log(`Written to ${path.relative(process.cwd(), file)} (logs in ${path.relative(process.cwd(), WORK_DIR)}/).`);
  return 0;
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error(error);
} finally {
  await cleanUp();
}
process.exit(code);
