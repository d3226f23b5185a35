import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { createPglite } from './pglite';

// The embedded database's first start (decision 021). initdb and the migrations run once, at build
// time, into a template data folder; a fresh DATA_DIR gets a copy of it. Copying the folder costs a
// fraction of loading PGlite's tar dump (loadDataDir unpacks it in JS memory, and the process keeps
// that memory afterwards). Migrations still run at every start, so an older template is still right.

const MODULE_DIR = path.dirname(fileURLToPath(import.meta.url));
/** apps/server/dist: where this module runs when bundled, and where the template is written. */
const SERVER_DIST = path.basename(MODULE_DIR) === 'dist' ? MODULE_DIR : path.resolve(MODULE_DIR, '../../dist');

/** A data folder is only valid for the PostgreSQL build that made it: the name carries PGlite's version. */
export function templateDir(dist = SERVER_DIST): string {
  return path.join(dist, `pgdata-template-pglite-${pgliteVersion()}`);
}

function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = path.join(path.dirname(entry), '..', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

const isMissingOrEmpty = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/**
 * Opens `DATA_DIR/pgdata`. A missing data folder starts as a copy of the template when there is one,
 * made beside it and renamed into place, so an interrupted copy never passes for a database.
 * Without a template (a source checkout never built) PGlite runs initdb itself.
 */
export async function openEmbeddedDatabase(dataDir: string, template = templateDir()): Promise<PGlite> {
  mkdirSync(dataDir, { recursive: true });
  const pgdata = path.join(dataDir, 'pgdata');
  if (isMissingOrEmpty(pgdata) && existsSync(path.join(template, 'PG_VERSION'))) {
    const partial = path.join(dataDir, 'pgdata.partial');
    rmSync(partial, { recursive: true, force: true });
    cpSync(template, partial, { recursive: true });
    rmSync(pgdata, { recursive: true, force: true });
    renameSync(partial, pgdata);
  }
  return createPglite(pgdata);
}

/**
 * Makes the template in `dist`: a new data folder, `migrate` run on it, closed cleanly (a checkpoint:
 * the files alone are then the database), and put in place of any earlier template. The earlier one
 * is renamed away before it is removed, so a server starting meanwhile finds a whole template or none.
 */
export async function writeEmbeddedTemplate(
  migrate: (client: PGlite) => Promise<void>,
  dist = SERVER_DIST,
): Promise<string> {
  const target = templateDir(dist);
  const building = `${target}.building`;
  const replaced = `${target}.replaced`;
  for (const leftover of [building, replaced]) rmSync(leftover, { recursive: true, force: true });
  mkdirSync(dist, { recursive: true });
  const client = await createPglite(building);
  try {
    await migrate(client);
  } finally {
    await client.close();
  }
  if (existsSync(target)) renameSync(target, replaced);
  renameSync(building, target);
  // Templates of other PGlite versions, and the one just replaced.
  for (const name of readdirSync(dist)) {
    if (name.startsWith('pgdata-template-') && name !== path.basename(target)) {
      rmSync(path.join(dist, name), { recursive: true, force: true });
    }
  }
  return target;
}
