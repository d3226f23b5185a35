// The people import case's measured side (bench/cases/people-import.ts), PostgreSQL: the app's own
// import (apps/server/src/modules/people-import) run in this process on the data set's working copy, as
// the company's API token imports: the sheet is read and checked into a task (`uploadImport`, what
// POST /people/import does after reading the upload), then run (`requestImportRun`, the job's work,
// here in-process as when the job runner is off) until done. The HTTP upload itself is left out: its
// 2 MB limit (spec §5) holds fewer than 100,000 rows of real data. Reports the rows per second of the
// whole (check and run) and this process's peak RSS, sampled every 50 ms; then removes what it made.
//   node --import tsx bench/load/people-import.ts <settings.json>
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_TOKEN_PERMISSIONS, permissionMapOf } from '@app/shared/access/permissions';
import { buildApp } from '../../apps/server/src/app';
import { loadEnv } from '../../apps/server/src/config/env';
import { openDatabase } from '../../apps/server/src/db/client';
import { findEntity } from '../../apps/server/src/modules/access/access.repository';
import type { AccessContext } from '../../apps/server/src/modules/access/access.types';
import { importRunsEnded, requestImportRun } from '../../apps/server/src/modules/people-import/import-run';
import { getImport, uploadImport } from '../../apps/server/src/modules/people-import/people-import.service';
import { readSettings, writeResult } from './child-io';
import { importSheet, removeImported } from './import-sheet';

export type PeopleImportSettings = {
  location: string;
  entityId: string;
  rows: number;
  tag: string;
  userType: string;
  site: string;
  out: string;
};

export type PeopleImportResult = {
  rows: number;
  sheetBytes: number;
  checkSeconds: number;
  runSeconds: number;
  seconds: number;
  rowsPerSecond: number;
  created: number;
  status: string;
  error: string | null;
  startRssMb: number;
  peakRssMb: number;
};

const rssMb = () => process.memoryUsage().rss / (1024 * 1024);

async function main() {
  const settings = readSettings<PeopleImportSettings>();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
  const db = await openDatabase({ url: settings.location, poolSize: 4 });
  const env = loadEnv({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    DATABASE_URL: settings.location,
    SEED_DEMO: 'false',
    JOBS: 'false',
  });
  const app = await buildApp({ env, db, logger: false });
  await app.ready();
  const entity = await findEntity(db.db, settings.entityId);
  if (!entity) throw new Error('the big company is not in the data set');
  const ctx: AccessContext = {
    entityId: entity.id,
    entity,
    actor: { kind: 'client' },
    role: null,
    permissions: permissionMapOf(API_TOKEN_PERMISSIONS),
    otpEnrolmentRequired: false,
    siteIds: null,
    userTypeIds: null,
  };
  const sheet = await importSheet(settings.rows, settings.tag, settings.userType, settings.site);
  global.gc?.();
  const startRssMb = rssMb();
  let peakRssMb = startRssMb;
  const sampler = setInterval(() => {
    peakRssMb = Math.max(peakRssMb, rssMb());
  }, 50);
  let taskId: string | null = null;
  try {
    const started = performance.now();
    const task = await uploadImport(app, ctx, 'en', { data: sheet, filename: 'people.xlsx' });
    taskId = task.id;
    const checked = performance.now();
    if (task.error_rows > 0) throw new Error(`${task.error_rows} rows have problems`);
    await requestImportRun(app, ctx, 'en', task.id);
    await importRunsEnded(app);
    const ended = performance.now();
    const done = await getImport(app, ctx, 'en', task.id);
    clearInterval(sampler);
    peakRssMb = Math.max(peakRssMb, rssMb());
    const seconds = (ended - started) / 1000;
    const result: PeopleImportResult = {
      rows: settings.rows,
      sheetBytes: sheet.length,
      checkSeconds: (checked - started) / 1000,
      runSeconds: (ended - checked) / 1000,
      seconds,
      rowsPerSecond: settings.rows / seconds,
      created: done.created_rows,
      status: done.status,
      error: done.error,
      startRssMb,
      peakRssMb,
    };
    writeResult(settings.out, result);
  } finally {
    clearInterval(sampler);
    await app.close();
    await db.close();
    await removeImported(settings.location, settings.entityId, settings.tag, taskId);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
