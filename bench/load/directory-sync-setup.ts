// The directory-sync case's own companies and its after-the-fact check, in a process of its own with no
// server running (the embedded database has room for one process):
//   setup: migrates the database (a no-op on the data set's working copy; an empty database otherwise)
//          and makes three new companies as the bench makes every company (company-setup.ts): one for
//          the raw INSERT baseline, one for the small sync, one for the full one. Each has its owner,
//          the demo's sites and user types, and no other people: an admin connecting the directory.
//   check: what the re-syncs left, read from the rows themselves: the company's people and links, the
//          integration's temporary users, and how many of them were written (created or updated)
//          since a moment (the first re-sync's start).
//   node --import tsx bench/load/directory-sync-setup.ts <settings.json>
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, rowsOf, withTenant, type Database } from '../../apps/server/src/db/client';
import { sites, userTypes } from '../../apps/server/src/db/schema/index';
import { createPglite } from '../../apps/server/src/db/pglite';
import { visitorRoleId } from '../../apps/server/src/modules/expected-visits/expected-visits.repository';
import { ADMIN_PASSWORD, setUpCompany } from '../dataset/company-setup';
import type { DatabaseKind } from '../dataset/data-set';
import { readSettings, writeResult } from './child-io';
import { GROUP_USER_TYPES } from './directory-sync-data';

export type DirectorySetupSettings =
  | { mode: 'setup'; kind: DatabaseKind; location: string; out: string }
  | {
      mode: 'check';
      kind: DatabaseKind;
      location: string;
      entityId: string;
      integrationId: string;
      /** ISO time: rows created or updated at or after it were written by the re-syncs. */
      since: string;
      out: string;
    };

export type SyncCompany = {
  entityId: string;
  adminEmail: string;
  password: string;
  siteId: string;
  /** The role the sync gives people (the company's employee role). */
  roleId: string;
  /** The mapped user types by name. */
  userTypeIds: Record<string, string>;
};

export type DirectorySetupResult = { baseline: SyncCompany; small: SyncCompany; all: SyncCompany };

export type DirectoryCheckResult = {
  people: number;
  links: number;
  temps: number;
  /** People and links created or updated since `since`. */
  peopleWritten: number;
  linksWritten: number;
};

/** Kiosks' MAC addresses are unique across companies: these indexes are past the data set's twenty. */
const FIRST_INDEX = 200;

async function open(kind: DatabaseKind, location: string): Promise<Database> {
  if (kind === 'postgres') return openDatabase({ url: location, poolSize: 2 });
  mkdirSync(location, { recursive: true });
  return openDatabase({ pglite: await createPglite(path.join(location, 'pgdata')) });
}

async function setUp(database: Database): Promise<DirectorySetupResult> {
  await database.migrate();
  const labels = ['baseline', 'small', 'all'] as const;
  const made: Partial<DirectorySetupResult> = {};
  for (const [i, label] of labels.entries()) {
    const setup = await setUpCompany(database.db, {
      index: FIRST_INDEX + i,
      name: `Directory Sync ${label}`,
      subdomain: `directory-sync-${label}`,
      timezone: 'UTC',
      big: false,
    });
    const entityId = setup.entity.id;
    made[label] = await withTenant(database.db, entityId, async (tx) => {
      const [site] = await tx
        .select({ id: sites.id })
        .from(sites)
        .where(eq(sites.entityId, entityId))
        .orderBy(sites.name)
        .limit(1);
      const types = await tx
        .select({ id: userTypes.id, name: userTypes.name })
        .from(userTypes)
        .where(eq(userTypes.entityId, entityId));
      const wanted = new Set(Object.values(GROUP_USER_TYPES));
      return {
        entityId,
        adminEmail: setup.adminEmail,
        password: ADMIN_PASSWORD,
        siteId: site!.id,
        roleId: await visitorRoleId(tx, entityId),
        userTypeIds: Object.fromEntries(types.filter((t) => wanted.has(t.name)).map((t) => [t.name, t.id])),
      };
    });
  }
  return made as DirectorySetupResult;
}

async function check(
  database: Database,
  s: Extract<DirectorySetupSettings, { mode: 'check' }>,
): Promise<DirectoryCheckResult> {
  const [row] = rowsOf<DirectoryCheckResult>(
    await database.db.execute(sql`
      select (select count(*)::int from people where entity_id = ${s.entityId} and not is_default) as people,
             (select count(*)::int from directory_links
               where entity_id = ${s.entityId} and integration_id = ${s.integrationId}) as links,
             (select count(*)::int from integration_temp_users
               where entity_id = ${s.entityId} and integration_id = ${s.integrationId}) as temps,
             (select count(*)::int from people where entity_id = ${s.entityId}
                 and greatest(created_at, updated_at) >= ${s.since}::timestamptz) as "peopleWritten",
             (select count(*)::int from directory_links where entity_id = ${s.entityId}
                 and greatest(created_at, updated_at) >= ${s.since}::timestamptz) as "linksWritten"`),
  );
  return row!;
}

const settings = readSettings<DirectorySetupSettings>();
const database = await open(settings.kind, settings.location);
try {
  writeResult(settings.out, settings.mode === 'setup' ? await setUp(database) : await check(database, settings));
} finally {
  await database.close();
}
