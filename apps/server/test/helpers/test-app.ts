import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App } from '../../src/app';
import { loadEnv } from '../../src/config/env';
import { openDatabase, type Database } from '../../src/db/client';
import { createPglite } from '../../src/db/pglite';
import type { DirectoryHttp } from '../../src/modules/integrations/connectors/http';

/** 32 bytes, as an operator sets SECRETS_KEY. */
export const TEST_SECRETS_KEY = '7f'.repeat(32);

export type TestContext = { app: App; db: Database; dataDir: string; close: () => Promise<void> };

/**
 * A database for one test file: this run's PostgreSQL database, or a fresh PGlite from the migrated dump.
 * `own`: on PostgreSQL too, a database of the file's own, copied from the run's migrated template and
 * dropped when closed: for tests whose planner must see only their own rows' statistics.
 */
export async function openTestDatabase({ own = false }: { own?: boolean } = {}): Promise<Database> {
  const testDb = inject('testDb');
  if (testDb.kind === 'postgres' && own) return openOwnDatabase(testDb.templateUrl);
  if (testDb.kind === 'postgres') return openDatabase({ url: testDb.url, poolSize: 4 });
  const blob = new Blob([readFileSync(testDb.dumpPath)]);
  return openDatabase({ pglite: await createPglite(undefined, { loadDataDir: blob }) });
}

async function openOwnDatabase(templateUrl: string): Promise<Database> {
  const template = new URL(templateUrl);
  const name = `${template.pathname.slice(1)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(templateUrl), { pathname: '/postgres' }).toString(),
  });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.pathname.slice(1)}`);
  } finally {
    await admin.end();
  }
  const db = await openDatabase({ url: Object.assign(template, { pathname: `/${name}` }).toString(), poolSize: 4 });
  return {
    ...db,
    close: async () => {
      await db.close();
      const drop = new pg.Client({
        connectionString: Object.assign(new URL(templateUrl), { pathname: '/postgres' }).toString(),
      });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => drop.end());
    },
  };
}

export async function createTestApp(
  overrides: Record<string, string> = {},
  shared?: { db: Database },
  { ownDatabase = false, directoryHttp }: { ownDatabase?: boolean; directoryHttp?: DirectoryHttp } = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fd-app-'));
  const db = shared?.db ?? (await openTestDatabase({ own: ownDatabase }));
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    APP_URL: 'http://localhost:3000',
    WEB_DIST: path.join(dataDir, 'no-web'),
    PUBLIC_RATE_LIMIT: '100000',
    API_RATE_LIMIT: '100000',
    SESSION_RATE_LIMIT: '100000',
    API_TOKEN_RATE_LIMIT: '100000',
    DEVICE_RATE_LIMIT: '100000',
    // One installation secret for every test app: on PostgreSQL the files share a database, and the
    // passport's signing keys one app seals another must open.
    SECRETS_KEY: TEST_SECRETS_KEY,
    ...overrides,
  });
  const app = await buildApp({ env, db, logger: false, directoryHttp });
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
