// The bench's databases on the PostgreSQL server: bench_<hash> (a generated data set, kept) and
// bench_<hash>_run<pid> (a working copy for one run, dropped at its end). No other database is touched.
import pg from 'pg';
import { sleep } from '../load/child-io';

const OURS = /^bench_[0-9a-f]{12}(_run\d+)?$/;

function assertOurs(name: string) {
  if (!OURS.test(name)) throw new Error(`refusing to touch database "${name}": not one of the bench's`);
}

export const databaseUrl = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

async function withAdmin<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Whether the server answers at all (the bench says how to reach one when it does not). */
export async function checkServer(serverUrl: string): Promise<string | null> {
  try {
    return await withAdmin(serverUrl, async (c) => {
      const res = await c.query<{ server_version: string }>('show server_version');
      return res.rows[0]?.server_version ?? '?';
    });
  } catch {
    return null;
  }
}

export async function databaseExists(serverUrl: string, name: string): Promise<boolean> {
  return withAdmin(
    serverUrl,
    async (c) => (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1,
  );
}

export async function createDatabase(serverUrl: string, name: string): Promise<void> {
  assertOurs(name);
  await withAdmin(serverUrl, (c) => c.query(`create database "${name}"`));
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  assertOurs(name);
  await withAdmin(serverUrl, (c) => c.query(`drop database if exists "${name}" with (force)`));
}

/**
 * A copy of a data set for one run: CREATE DATABASE … TEMPLATE copies the files (FILE_COPY is much
 * quicker than WAL_LOG for a large database). The template must have no connections; autovacuum may
 * hold one for a moment, so a refusal is tried again.
 */
export async function copyDatabase(serverUrl: string, template: string, name: string): Promise<void> {
  assertOurs(template);
  assertOurs(name);
  for (let attempt = 1; ; attempt++) {
    try {
      await withAdmin(serverUrl, (c) => c.query(`create database "${name}" template "${template}" strategy file_copy`));
      return;
    } catch (error) {
      if (attempt >= 10 || !/being accessed by other users/.test(String(error))) throw error;
      await sleep(1_000);
    }
  }
}

/** Working copies of runs that died without cleaning up (their process is gone). */
export async function dropStaleCopies(serverUrl: string): Promise<string[]> {
  const names = await withAdmin(serverUrl, async (c) =>
    (
      await c.query<{ datname: string }>(
        `select datname from pg_database where datname ~ '^bench_[0-9a-f]{12}_run[0-9]+$'`,
      )
    ).rows.map((r) => r.datname),
  );
  const stale = names.filter((name) => {
    const pid = Number(name.slice(name.lastIndexOf('_run') + 4));
    try {
      process.kill(pid, 0);
      return false;
    } catch {
      return true;
    }
  });
  for (const name of stale) await dropDatabase(serverUrl, name);
  return stale;
}
