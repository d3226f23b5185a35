import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client';
import { createPglite } from '../../src/db/pglite';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the URL of this run's database. PGlite: a dump of a migrated data folder. */
    testDb: { kind: 'postgres'; url: string } | { kind: 'pglite'; dumpPath: string };
  }
}

/**
 * One migrated database per run. On PostgreSQL (TEST_DATABASE_URL) a fresh `test_<random>` database
 * that is dropped afterwards; on PGlite a migrated data folder dumped once and loaded by each file.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const db = await openDatabase({ url: url.toString(), poolSize: 2 });
    await db.migrate();
    await db.close();
    project.provide('testDb', { kind: 'postgres', url: url.toString() });
    return async () => {
      const drop = new pg.Client({ connectionString: serverUrl });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fd-test-'));
  const client = await createPglite();
  const db = await openDatabase({ pglite: client });
  await db.migrate();
  const dump = await client.dumpDataDir('none');
  const dumpPath = path.join(dir, 'migrated.tar');
  writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('testDb', { kind: 'pglite', dumpPath });
  return () => rmSync(dir, { recursive: true, force: true });
}
