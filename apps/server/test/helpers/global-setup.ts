import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client';
import { createPglite } from '../../src/db/pglite';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * PostgreSQL: the URL of this run's database, and of the migrated template it was made from (a file
     * that needs a database of its own makes one from it). PGlite: a dump of a migrated data folder.
     */
    testDb: { kind: 'postgres'; url: string; templateUrl: string } | { kind: 'pglite'; dumpPath: string };
  }
}

/**
 * One migrated database per run. On PostgreSQL (TEST_DATABASE_URL) a migrated `test_<random>_tpl`
 * template nobody connects to, and the run's `test_<random>` database copied from it, both dropped
 * afterwards; on PGlite a migrated data folder dumped once and loaded by each file.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const template = `${name}_tpl`;
    const urlOf = (database: string) => Object.assign(new URL(serverUrl), { pathname: `/${database}` }).toString();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    const db = await openDatabase({ url: urlOf(template), poolSize: 2 });
    await db.migrate();
    await db.close();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.end();
    const url = urlOf(name);
    project.provide('testDb', { kind: 'postgres', url, templateUrl: urlOf(template) });
    return async () => {
      const drop = new pg.Client({ connectionString: serverUrl });
      await drop.connect();
      // Databases files made for themselves are dropped by those files; one left by a crash goes here.
      const own = await drop.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE '${name}%' ORDER BY datname = '${template}'`,
      );
      for (const { datname } of own.rows) await drop.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
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
