import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { buildApp, type App } from '../../src/app';
import { loadEnv } from '../../src/config/env';
import { openDatabase, type Database } from '../../src/db/client';
import { createPglite } from '../../src/db/pglite';

export type TestContext = { app: App; db: Database; dataDir: string; close: () => Promise<void> };

/** A database for one test file: this run's PostgreSQL database, or a fresh PGlite from the migrated dump. */
export async function openTestDatabase(): Promise<Database> {
  const testDb = inject('testDb');
  if (testDb.kind === 'postgres') return openDatabase({ url: testDb.url, poolSize: 4 });
  const blob = new Blob([readFileSync(testDb.dumpPath)]);
  return openDatabase({ pglite: await createPglite(undefined, { loadDataDir: blob }) });
}

export async function createTestApp(
  overrides: Record<string, string> = {},
  shared?: { db: Database },
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fd-app-'));
  const db = shared?.db ?? (await openTestDatabase());
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    APP_URL: 'http://localhost:3000',
    WEB_DIST: path.join(dataDir, 'no-web'),
    PUBLIC_RATE_LIMIT: '100000',
    API_RATE_LIMIT: '100000',
    ...overrides,
  });
  const app = await buildApp({ env, db, logger: false });
  await app.ready();
  return {
    app,
    db,
    dataDir,
    close: async () => {
      await app.close();
      if (!shared) await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
