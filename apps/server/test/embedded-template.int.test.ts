import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { createPglite } from '../src/db/pglite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { openEmbeddedDatabase } from '../src/db/embedded-template';

// A fresh DATA_DIR starts as a copy of the build's migrated template (decision 021). The template
// here is this run's migrated dump written to a folder, as the build writes it.
const testDb = inject('testDb');

/** Every file's path and content, hashed: whether a folder changed at all. */
function folderDigest(dir: string): string {
  const hash = createHash('sha256');
  const walk = (rel: string) => {
    for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const child = path.join(rel, entry.name);
      hash.update(child);
      if (entry.isDirectory()) walk(child);
      else hash.update(readFileSync(path.join(dir, child)));
    }
  };
  walk('');
  return hash.digest('hex');
}

const tableExists = async (client: PGlite, name: string) =>
  (await client.query<{ found: string | null }>('select to_regclass($1)::text as found', [name])).rows[0]?.found ===
  name;

describe.skipIf(testDb.kind !== 'pglite')('embedded database template', () => {
  let work: string;
  let template: string;

  beforeAll(async () => {
    if (testDb.kind !== 'pglite') return;
    work = mkdtempSync(path.join(os.tmpdir(), 'fd-template-'));
    template = path.join(work, 'template');
    const writer = await createPglite(template, { loadDataDir: new Blob([readFileSync(testDb.dumpPath)]) });
    await writer.close();
  });
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('starts a missing data folder as a copy of the template, migrated, and leaves the template untouched', async () => {
    const before = folderDigest(template);
    const dataDir = path.join(work, 'fresh');
    const client = await openEmbeddedDatabase(dataDir, template);
    try {
      expect(await tableExists(client, 'entities')).toBe(true);
      const db = await openDatabase({ pglite: client });
      const applied = async () =>
        Number(
          (await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0]?.n,
        );
      const count = await applied();
      expect(count).toBeGreaterThan(0);
      await db.migrate();
      expect(await applied()).toBe(count);
      await client.exec('create table scratch (x int); insert into scratch values (1)');
    } finally {
      await client.close();
    }
    expect(existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'pgdata.partial'))).toBe(false);
    expect(folderDigest(template)).toBe(before);
  });

  it('opens an existing data folder as it is, never copying over it', async () => {
    const dataDir = path.join(work, 'fresh');
    const client = await openEmbeddedDatabase(dataDir, template);
    try {
      expect((await client.query<{ x: number }>('select x from scratch')).rows).toEqual([{ x: 1 }]);
    } finally {
      await client.close();
    }
  });

  it('throws away a copy that was interrupted and copies again', async () => {
    const dataDir = path.join(work, 'interrupted');
    mkdirSync(path.join(dataDir, 'pgdata.partial', 'base'), { recursive: true });
    writeFileSync(path.join(dataDir, 'pgdata.partial', 'PG_VERSION'), 'half a copy');
    mkdirSync(path.join(dataDir, 'pgdata'));
    const client = await openEmbeddedDatabase(dataDir, template);
    try {
      expect(await tableExists(client, 'entities')).toBe(true);
    } finally {
      await client.close();
    }
    expect(existsSync(path.join(dataDir, 'pgdata.partial'))).toBe(false);
  });
});
