// The people import (issue 16, decision 034), PostgreSQL: 100,000 new people of the big company imported
// by the app's own import (bench/load/people-import.ts: the sheet read, checked and run, in a process
// of its own) beside the same rows written by raw batched INSERTs (bench/load/import-baseline.ts); and
// the import's peak memory for 100,000 rows beside 25,000 (the sheet is read as a stream, the rows are
// checked and written in batches). Each run
// removes what it made, so the data set is as it was for the cases after.
import path from 'node:path';
import pg from 'pg';
import { BENCH_DIR } from '../dataset/data-set';
import type { Row } from '../lib/report';
import { perSecond } from '../lib/stats';
import type { ImportBaselineResult, ImportBaselineSettings } from '../load/import-baseline';
import type { PeopleImportResult, PeopleImportSettings } from '../load/people-import';
import { big, file, runLoad, type CaseContext } from './context';
import { TARGETS } from './targets';

const ROWS = 100_000;
const SMALL_ROWS = 25_000;

type Names = { roleId: string; userTypeId: string; userType: string; siteId: string; site: string };

/** The big company's employee role and a user type and site of it, by id and by name. */
async function companyNames(ctx: CaseContext): Promise<Names> {
  const client = new pg.Client({ connectionString: ctx.copy.location });
  await client.connect();
  try {
    const entityId = big(ctx).id;
    const one = async (query: string) => {
      const row = (await client.query<{ id: string; name: string }>(query, [entityId])).rows[0];
      if (!row) throw new Error(`nothing for ${query}`);
      return row;
    };
    const role = await one(
      `select id, key as name from roles where entity_id = $1 order by (key = 'employee') desc, created_at limit 1`,
    );
    const type = await one(
      `select id, name from user_types where entity_id = $1 and parent_id is null order by name limit 1`,
    );
    const site = await one(`select id, name from sites where entity_id = $1 order by name limit 1`);
    return { roleId: role.id, userTypeId: type.id, userType: type.name, siteId: site.id, site: site.name };
  } finally {
    await client.end();
  }
}

const importRun = (ctx: CaseContext, names: Names, rows: number, label: string) => {
  const settings: PeopleImportSettings = {
    location: ctx.copy.location,
    entityId: big(ctx).id,
    rows,
    tag: `${label}${process.pid}`,
    userType: names.userType,
    site: names.site,
    out: file(ctx, `people-import-${label}.json`),
  };
  return runLoad<PeopleImportResult>(
    ctx,
    path.join(BENCH_DIR, 'load/people-import.ts'),
    `people-import-${label}`,
    settings,
  );
};

const importFigure = (r: PeopleImportResult) =>
  `${r.rows.toLocaleString('en')} rows (${(r.sheetBytes / 1e6).toFixed(1)} MB sheet) in ${r.seconds.toFixed(1)} s ` +
  `(checked ${r.checkSeconds.toFixed(1)} s, run ${r.runSeconds.toFixed(1)} s) = ${perSecond(r.rowsPerSecond)} rows/s, ` +
  `${r.created.toLocaleString('en')} created; peak RSS ${Math.round(r.peakRssMb)} MB (${Math.round(r.startRssMb)} MB before)`;

export async function measurePeopleImport(ctx: CaseContext): Promise<Row[]> {
  const names = await companyNames(ctx);
  const baselineSettings: ImportBaselineSettings = {
    location: ctx.copy.location,
    entityId: big(ctx).id,
    rows: ROWS,
    tag: `baseline${process.pid}`,
    roleId: names.roleId,
    userTypeId: names.userTypeId,
    siteId: names.siteId,
    out: file(ctx, 'import-baseline.json'),
  };
  const baseline = await runLoad<ImportBaselineResult>(
    ctx,
    path.join(BENCH_DIR, 'load/import-baseline.ts'),
    'import-baseline',
    baselineSettings,
  );
  const small = await importRun(ctx, names, SMALL_ROWS, 'small');
  const all = await importRun(ctx, names, ROWS, 'all');
  const rateRatio = all.rowsPerSecond / baseline.rowsPerSecond;
  const memoryRatio = all.peakRssMb / small.peakRssMb;
  const complete = (r: PeopleImportResult) => r.status === 'done' && r.created === r.rows;
  return [
    {
      case: 'people import: raw batched INSERT (baseline)',
      database: ctx.kind,
      figure: `${baseline.rows.toLocaleString('en')} people in ${baseline.seconds.toFixed(1)} s = ${perSecond(baseline.rowsPerSecond)} rows/s (500 a transaction: people, their sites and user types)`,
      against: 'the reference of the import',
      met: null,
    },
    {
      case: `people import: ${SMALL_ROWS.toLocaleString('en')} rows`,
      database: ctx.kind,
      figure: importFigure(small),
      against: 'the memory reference of the large import',
      met: complete(small) ? null : false,
    },
    {
      case: `people import: ${ROWS.toLocaleString('en')} rows`,
      database: ctx.kind,
      figure: `${importFigure(all)}; ${rateRatio.toFixed(2)}× baseline rows/s; peak RSS ${memoryRatio.toFixed(2)}× the ${SMALL_ROWS.toLocaleString('en')}-row import's`,
      against: `≥ ${TARGETS.importVsInsert}× raw INSERT rows/s; peak RSS ≤ ${TARGETS.importMemoryGrowth}× the ${SMALL_ROWS.toLocaleString('en')}-row import's`,
      met: complete(all) && rateRatio >= TARGETS.importVsInsert && memoryRatio <= TARGETS.importMemoryGrowth,
    },
  ];
}
