import type { PGlite, PGliteOptions } from '@electric-sql/pglite';

// Every embedded database is opened here, with the same settings and extensions: PGlite loads an
// extension's code only when opened with it, and a data folder whose schema uses one (pg_trgm: people
// search, migration 0020) cannot be read without it. PGlite is imported when a database opens, not
// with this module: the build script only needs the paths of embedded-template.ts.

/**
 * shared_buffers is PostgreSQL's page cache, inside PGlite's WASM memory: its default of 128 MB makes
 * that memory grow past its 128 MB floor, while the data folder's files are also cached by the
 * operating system (decision 021). Every page of it the database has used stays resident: at 32 MB an
 * idle server on the demo company held 74 MB of WASM memory, at 16 MB 56 MB.
 */
const SETTINGS = ['-c', 'shared_buffers=16MB'];

export async function createPglite(dataDir?: string, options: PGliteOptions = {}): Promise<PGlite> {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  return PGlite.create(dataDir, {
    startParams: [...PGlite.defaultStartParams, ...SETTINGS],
    ...options,
    extensions: { pg_trgm, ...options.extensions },
  });
}
