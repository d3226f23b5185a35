// The directory sync (issue 27 "Speed", decision 048): a new company's first sync of 50,000 Microsoft
// Entra ID users (the Graph fake, in a process of its own: bench/load/directory-sync-fake.ts) into
// people, driven through the API by another process as the admin would (bench/load/directory-sync.ts):
// save the mapping with sync on (every user becomes a temporary user), then migrate (they become
// people). Beside it, the same people, sites, user types and directory links written by raw batched
// INSERTs (bench/load/directory-sync-baseline.ts). The figure compared is the whole path, first sync
// and migration, since that is when the sync has "completed". The server's peak RSS for 50,000 users
// against a quarter of them (each sync on a fresh server, pointed at its own fake). Then two re-syncs
// of the unchanged directory, PostgreSQL's pg_stat_user_tables read around each: one following Graph's
// delta link, one after Graph reset its synchronization so that the whole tenant is read again; both
// must write no row of people, sites, user types, departments, links or temporary users.
// The case makes its own companies (directory-sync-setup.ts), so it needs none of the data set: run on
// its own, it gets an empty database (emptyDatabase below). It runs with no other server up: the job
// runner of another server on the same database could take its runs.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BENCH_DIR, DATA_ROOT, dataSetHash, postgresDatabaseName, type DatabaseKind } from '../dataset/data-set';
import type { Options } from '../lib/options';
import { createDatabase, databaseUrl, dropDatabase } from '../lib/postgres-admin';
import { onCleanupOnce, start, stop, tail } from '../lib/processes';
import type { Row } from '../lib/report';
import { startServer, type RunningServer } from '../lib/server-under-test';
import { perSecond } from '../lib/stats';
import { sleep } from '../load/child-io';
import type { DirectoryBaselineResult, DirectoryBaselineSettings } from '../load/directory-sync-baseline';
import type { DirectoryFakeResult, DirectoryFakeSettings } from '../load/directory-sync-fake';
import type {
  DirectoryCheckResult,
  DirectorySetupResult,
  DirectorySetupSettings,
  SyncCompany,
} from '../load/directory-sync-setup';
import type { DirectorySyncResult, DirectorySyncSettings, ResyncFigures, RunFigures } from '../load/directory-sync';
import { file, runLoad } from './context';

/** Issue 27: a first sync at half the rows per second of raw batched INSERTs, in flat memory. */
const TARGET_VS_INSERT = 0.5;
const TARGET_MEMORY_GROWTH = 1.5;
/** The memory reference: a quarter of the users (one in four), as the import compares 25,000 rows with 100,000. */
const SMALL_SHARE = 4;

export type DirectorySyncContext = { kind: DatabaseKind; options: Options; location: string; workDir: string };

const script = (name: string) => path.join(BENCH_DIR, 'load', name);
const n = (value: number) => value.toLocaleString('en');

/**
 * The database of a run that needs none of the data set: PostgreSQL's bench_<hash>_run<pid> made
 * empty, or an empty DATA_DIR; migrated by the case's setup, dropped at the end.
 */
export async function emptyDatabase(
  kind: DatabaseKind,
  options: Options,
): Promise<{ location: string; drop: () => Promise<void> }> {
  let drop: () => Promise<void>;
  let location: string;
  if (kind === 'postgres') {
    const name = `${postgresDatabaseName(dataSetHash(options.scale))}_run${process.pid}`;
    await dropDatabase(options.postgresUrl, name);
    await createDatabase(options.postgresUrl, name);
    location = databaseUrl(options.postgresUrl, name);
    drop = () => dropDatabase(options.postgresUrl, name);
  } else {
    location = path.join(DATA_ROOT, 'runs', String(process.pid));
    rmSync(location, { recursive: true, force: true });
    mkdirSync(location, { recursive: true });
    drop = async () => rmSync(location, { recursive: true, force: true });
  }
  const dropOnce = onCleanupOnce(drop);
  return { location, drop: dropOnce };
}

/** The Graph fakes' process: started, and its URLs once it listens. */
async function startFakes(c: DirectorySyncContext, users: number[]) {
  const settings: DirectoryFakeSettings = { users, out: file(c, 'directory-fake.json') };
  rmSync(settings.out, { force: true });
  const settingsFile = file(c, 'directory-fake-settings.json');
  writeFileSync(settingsFile, JSON.stringify(settings));
  const started = start(process.execPath, ['--import', 'tsx', script('directory-sync-fake.ts'), settingsFile], {
    logFile: file(c, 'directory-fake.log'),
  });
  const deadline = Date.now() + 60_000;
  while (!existsSync(settings.out)) {
    if (started.child.exitCode !== null || Date.now() > deadline) {
      await stop(started.child);
      throw new Error(`the Graph fake did not start:\n${tail(started.logFile)}`);
    }
    await sleep(100);
  }
  const result = JSON.parse(readFileSync(settings.out, 'utf8')) as DirectoryFakeResult;
  return { ...result, stop: () => stop(started.child) };
}

/** A server of its own for one sync, its Microsoft endpoints pointed at the fake (server-under-test takes them from the environment). */
async function startSyncServer(c: DirectorySyncContext, fakeUrl: string, label: string): Promise<RunningServer> {
  const saved = { login: process.env.MICROSOFT_LOGIN_URL, graph: process.env.MICROSOFT_GRAPH_URL };
  process.env.MICROSOFT_LOGIN_URL = fakeUrl;
  process.env.MICROSOFT_GRAPH_URL = fakeUrl;
  try {
    return await startServer(c.kind, c.location, file(c, `directory-sync-${label}-server.log`));
  } finally {
    for (const [key, value] of [
      ['MICROSOFT_LOGIN_URL', saved.login],
      ['MICROSOFT_GRAPH_URL', saved.graph],
    ] as const) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

async function syncRun(
  c: DirectorySyncContext,
  company: SyncCompany,
  fakes: DirectoryFakeResult,
  users: number,
  label: string,
): Promise<DirectorySyncResult> {
  const fake = fakes.fakes.find((f) => f.users === users)!;
  const server = await startSyncServer(c, fake.url, label);
  try {
    const settings: DirectorySyncSettings = {
      kind: c.kind,
      location: c.location,
      baseUrl: server.baseUrl,
      serverPid: server.pid,
      company,
      users,
      resetSyncUrl: `${fakes.control}/reset-sync`,
      resyncs: label === 'all',
      out: file(c, `directory-sync-${label}.json`),
    };
    return await runLoad<DirectorySyncResult>(c, script('directory-sync.ts'), `directory-sync-${label}`, settings);
  } finally {
    await server.stop();
  }
}

const phase = (r: RunFigures, rows: number) =>
  `${r.seconds.toFixed(1)} s = ${perSecond(rows / r.seconds)} rows/s (${r.queuedSeconds.toFixed(1)} s queued)`;

const syncFigure = (r: DirectorySyncResult) =>
  `first sync ${n(r.sync.read)} read → temporary users in ${phase(r.sync, r.sync.read)}; ` +
  `migration ${n(r.migrate.created)} people in ${phase(r.migrate, r.migrate.created)}; ` +
  `together ${r.seconds.toFixed(1)} s = ${perSecond(r.rowsPerSecond)} rows/s; ` +
  `server peak RSS ${Math.round(r.peakRssMb)} MB (${Math.round(r.startRssMb)} MB before)`;

const complete = (r: DirectorySyncResult) =>
  r.sync.read === r.users && r.sync.failed + r.sync.errors + r.sync.duplicates === 0 && r.migrate.created === r.users;

/** Rows written per table during a re-sync, by pg_stat_user_tables (inserted + updated + deleted). */
function writesOf(r: ResyncFigures): { text: string; total: number } | null {
  if (!r.writes) return null;
  const entries = Object.entries(r.writes);
  const total = entries.reduce((sum, [, w]) => sum + w.ins + w.upd + w.del, 0);
  const text = entries.map(([table, w]) => `${table} ${w.ins}/${w.upd}/${w.del}`).join(', ');
  return { text, total };
}

function resyncRow(c: DirectorySyncContext, name: string, r: ResyncFigures, check: DirectoryCheckResult | null): Row {
  const writes = writesOf(r);
  const untouched = check !== null && check.peopleWritten === 0 && check.linksWritten === 0;
  const figure =
    `${r.seconds.toFixed(1)} s (${r.queuedSeconds.toFixed(1)} s queued), code ${r.code}; read ${n(r.read)}, unchanged ${n(r.unchanged)}, ` +
    `created ${r.created}, updated ${r.updated}, archived ${r.archived}; ` +
    (writes
      ? `rows inserted/updated/deleted (pg_stat): ${writes.text}`
      : "pg_stat not read (the embedded database is the server's alone): rows checked after, by their times");
  return {
    case: name,
    database: c.kind,
    figure,
    against: 'no row of people, their sites, user types, departments, links or temporary users written',
    met: r.code === 15 && r.created + r.updated + r.archived === 0 && (writes ? writes.total === 0 : untouched),
  };
}

export async function measureDirectorySync(c: DirectorySyncContext): Promise<Row[]> {
  const all = c.options.directoryUsers;
  const small = Math.max(1, Math.round(all / SMALL_SHARE));
  const setupSettings: DirectorySetupSettings = {
    mode: 'setup',
    kind: c.kind,
    location: c.location,
    out: file(c, 'directory-setup.json'),
  };
  const companies = await runLoad<DirectorySetupResult>(
    c,
    script('directory-sync-setup.ts'),
    'directory-setup',
    setupSettings,
  );

  const baselineSettings: DirectoryBaselineSettings = {
    kind: c.kind,
    location: c.location,
    company: companies.baseline,
    rows: all,
    out: file(c, 'directory-baseline.json'),
  };
  const baseline = await runLoad<DirectoryBaselineResult>(
    c,
    script('directory-sync-baseline.ts'),
    'directory-baseline',
    baselineSettings,
  );

  const fakes = await startFakes(c, [small, all]);
  let smallRun: DirectorySyncResult;
  let allRun: DirectorySyncResult;
  let check: DirectoryCheckResult | null = null;
  try {
    smallRun = await syncRun(c, companies.small, fakes, small, 'small');
    allRun = await syncRun(c, companies.all, fakes, all, 'all');
  } finally {
    await fakes.stop();
  }
  if (allRun.unchanged) {
    const checkSettings: DirectorySetupSettings = {
      mode: 'check',
      kind: c.kind,
      location: c.location,
      entityId: companies.all.entityId,
      integrationId: allRun.integrationId,
      since: allRun.unchanged.startedAt,
      out: file(c, 'directory-check.json'),
    };
    check = await runLoad<DirectoryCheckResult>(c, script('directory-sync-setup.ts'), 'directory-check', checkSettings);
  }

  const rateRatio = allRun.rowsPerSecond / baseline.rowsPerSecond;
  const memoryRatio = allRun.peakRssMb / smallRun.peakRssMb;
  const rows: Row[] = [
    {
      case: 'directory sync: raw batched INSERT (baseline)',
      database: c.kind,
      figure: `${n(baseline.rows)} people in ${baseline.seconds.toFixed(1)} s = ${perSecond(baseline.rowsPerSecond)} rows/s (500 a transaction: people, their site, user type and directory link)`,
      against: 'the reference of the first sync',
      met: null,
    },
    {
      case: `directory sync: first sync of ${n(small)} users`,
      database: c.kind,
      figure: syncFigure(smallRun),
      against: 'the memory reference of the large sync',
      met: complete(smallRun) ? null : false,
    },
    {
      case: `directory sync: first sync of ${n(all)} users`,
      database: c.kind,
      figure: `${syncFigure(allRun)}; ${rateRatio.toFixed(2)}× baseline rows/s (first sync + migration); peak RSS ${memoryRatio.toFixed(2)}× the ${n(small)}-user sync's`,
      against: `≥ ${TARGET_VS_INSERT}× raw INSERT rows/s (first sync + migration, as the admin waits for them); peak RSS ≤ ${TARGET_MEMORY_GROWTH}× the ${n(small)}-user sync's`,
      met: complete(allRun) && rateRatio >= TARGET_VS_INSERT && memoryRatio <= TARGET_MEMORY_GROWTH,
    },
  ];
  if (allRun.unchanged && allRun.fullRead) {
    const checked =
      check &&
      `; afterwards ${n(check.people)} people, ${n(check.links)} links, ${check.temps} temporary users, ` +
        `${check.peopleWritten} people and ${check.linksWritten} links created or updated since the first re-sync began`;
    rows.push(resyncRow(c, `directory sync: unchanged re-sync of ${n(all)} (delta link)`, allRun.unchanged, check));
    const full = resyncRow(c, `directory sync: unchanged re-sync of ${n(all)} (full re-read)`, allRun.fullRead, check);
    rows.push({ ...full, figure: `${full.figure}${checked ?? ''}` });
  }
  return rows;
}
