import type { FastifyInstance } from 'fastify';
import { SYNC_CODES, stageOf } from '@app/shared/integrations/status';
import { withTenant, type Executor } from '../../db/client';
import { heapBound } from '../../lib/heap-bound';
import { writeAudit } from '../audit/audit.repository';
import { findPeopleByValues } from '../people-import/import-people.repository';
import { connectTo, credentialsOf, sealSecrets } from './directory-access';
import { candidateOf, withMandatory, type Candidate } from './directory-record';
import {
  createPeopleFrom,
  findClashes,
  peopleGrowthWatch,
  sameBatchClashes,
  takenByOthers,
  updatePeopleFrom,
} from './directory-people';
import type { DirectoryPage } from './connectors/types';
import { updateIntegration } from './integrations.repository';
import { beat, isProblem, loadRunContext, type RunContext } from './run-context';
import { failRun, finishRun, type RunCounts } from './run-end';
import {
  archiveLinked,
  deleteTempUsers,
  linksOf,
  restorePeople,
  tempStatesOf,
  upsertTempUsers,
  type LinkState,
  type TempState,
  type TempWrite,
} from './sync-records.repository';

// A sync run (spec §4 "Sync job codes", "Integration flow"; decision 048): connect (1), read the
// directory page by page (11), judge each record, and write each page in one transaction. Before the
// first migration every record lands as a temporary user (error, duplicate or valid); afterwards a
// valid new record becomes a person at once and a linked one updates its person when it changed. A
// record that left the directory (or is disabled) archives its person. An unchanged record writes
// nothing: a re-sync of an unchanged directory touches no rows.

/** Problems of records kept on a run, to show in the sync log. */
const PROBLEMS_KEPT = 50;
/** People created between two looks at the tables' growth, at least (a page holds up to 999 records). */
const GROWTH_BATCH = 500;

type State = {
  links: Map<string, LinkState>;
  temps: Map<string, TempState>;
  seen: Set<string>;
  counts: RunCounts;
};

export async function runSync(app: FastifyInstance, entityId: string, integrationId: string, runId: string) {
  const loaded = await loadRunContext(app, entityId, runId, integrationId);
  if (!loaded) return;
  if (isProblem(loaded)) {
    await failRun(app, { entityId, integrationId, runId }, SYNC_CODES.unusable, loaded.key, { status: 'invalid' });
    return;
  }
  const ctx = loaded;
  if (stageOf(ctx.run.statusCode) !== 'processing') return;
  const ids = { entityId, integrationId, runId };
  const counts: RunCounts = emptyCounts();
  try {
    await withTenant(app.db.db, entityId, (tx) => beat(tx, ctx, { statusCode: SYNC_CODES.connecting, progress: 5 }));
    const session = await connectTo(app, ctx.integration.dirCode, credentialsOf(app, ctx.integration));
    const refreshed = session.refreshedSecrets();
    await withTenant(app.db.db, entityId, async (tx) => {
      if (refreshed) {
        await updateIntegration(tx, entityId, integrationId, {
          secrets: sealSecrets(app, refreshed),
          tokenRefreshedAt: new Date(),
        });
      }
      await beat(tx, ctx, { statusCode: SYNC_CODES.readingPeople, progress: 15 });
    });
    // No group mapped: everyone the directory holds, with the default user type.
    const groupIds = ctx.mapping.groups.length
      ? ctx.mapping.groups.map((g) => g.id)
      : (await session.groups()).map((g) => g.id);
    const read = await session.users({ groupIds, cursor: ctx.integration.cursor });
    const state: State = {
      ...(await withTenant(app.db.db, entityId, async (tx) => ({
        links: await linksOf(tx, entityId, integrationId),
        temps: await tempStatesOf(tx, entityId, integrationId),
      }))),
      seen: new Set(),
      counts,
    };
    // After the migration a run creates people itself: their tables' growth is watched as in a migration.
    const growth = ctx.integration.migratedAt ? peopleGrowthWatch(app, ctx.where, GROWTH_BATCH) : null;
    const heap = heapBound();
    for await (const page of readAhead(read.pages)) {
      await growth?.beforeBatch();
      const createdBefore = counts.created;
      await withTenant(app.db.db, entityId, async (tx) => {
        await applyPage(tx, ctx, page, state);
        await beat(tx, ctx, { ...counts, statusCode: SYNC_CODES.checking, progress: 50 });
      });
      growth?.created(counts.created - createdBefore);
      heap.check();
    }
    if (read.mode === 'full') await removeUnseen(app, ctx, state);
    const changed =
      counts.created + counts.updated + counts.archived + counts.errors + counts.duplicates + counts.valid;
    await finishRun(app, ctx, changed === 0 && counts.failed === 0 ? SYNC_CODES.upToDate : SYNC_CODES.done, counts, {
      cursor: read.cursor(),
    });
    await withTenant(app.db.db, entityId, (tx) =>
      writeAudit(tx, ctx.actor, {
        action: 'integration.sync',
        targetType: 'integration',
        targetId: integrationId,
        after: { run: runId, ...counts },
      }),
    );
  } catch (err) {
    await failRun(app, ids, null, err, {}, counts);
  }
}

/**
 * The directory's pages, each next one asked for as soon as one is handed out: the directory is read
 * while the page before is written (in order, one page ahead; a read that fails does so after the page
 * before it was written, as when read one after the other).
 */
async function* readAhead<T>(pages: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = pages[Symbol.asyncIterator]();
  let next = iterator.next();
  // Seen by the loop below; a failure while the run stops over another one is not unhandled.
  next.catch(() => undefined);
  for (;;) {
    const current = await next;
    if (current.done) return;
    next = iterator.next();
    next.catch(() => undefined);
    yield current.value;
  }
}

export const emptyCounts = (): RunCounts => ({
  read: 0,
  created: 0,
  updated: 0,
  archived: 0,
  unchanged: 0,
  failed: 0,
  errors: 0,
  duplicates: 0,
  valid: 0,
  problems: [],
});

function noteProblem(counts: RunCounts, externalId: string | null, name: string | null, key: string) {
  counts.failed++;
  if (counts.problems.length < PROBLEMS_KEPT) counts.problems.push({ externalId, name, key });
}

const nameOf = (c: { firstName: string | null; lastName: string | null }) =>
  [c.firstName, c.lastName].filter(Boolean).join(' ') || null;

async function applyPage(tx: Executor, ctx: RunContext, page: DirectoryPage, state: State) {
  const { entityId, integrationId } = ctx.where;
  const { counts, links, temps } = state;
  const leaving: string[] = [...page.removed];
  const tempWrites: TempWrite[] = [];
  const updates: { candidate: Candidate; personId: string }[] = [];
  const restores: string[] = [];
  const toPlace: Candidate[] = [];
  for (const record of page.records) {
    counts.read++;
    if (!record.ok) {
      if (record.externalId) state.seen.add(record.externalId);
      noteProblem(counts, record.externalId, null, 'integration_record_malformed');
      continue;
    }
    const user = record.user;
    state.seen.add(user.externalId);
    if (!user.active) {
      leaving.push(user.externalId);
      continue;
    }
    const raw = candidateOf(user, ctx.mapping);
    const c = withMandatory(raw, ctx.mandatory.get(raw.userTypeId ?? '') ?? new Set());
    const link = links.get(c.externalId);
    if (link) {
      if (link.hash === c.hash && !link.archivedBySync) {
        counts.unchanged++;
      } else if (Object.keys(c.problems).length) {
        noteProblem(counts, c.externalId, nameOf(c), Object.values(c.problems)[0]!);
      } else {
        updates.push({ candidate: c, personId: link.personId });
        if (link.archivedBySync) restores.push(link.personId);
      }
      continue;
    }
    const temp = temps.get(c.externalId);
    if (temp && temp.hash === c.hash) {
      counts.unchanged++;
      continue;
    }
    if (Object.keys(c.problems).length) {
      tempWrites.push({ ...c, state: 'error', duplicateIds: [], duplicateReasons: [] });
      counts.errors++;
    } else {
      toPlace.push(c);
    }
  }

  // New records without problems: people they may be, then a person, a valid or a duplicate temporary user.
  const clashes = await findClashes(tx, ctx.where, toPlace);
  const migrated = ctx.integration.migratedAt !== null;
  const shared = migrated ? sameBatchClashes(toPlace) : new Set<string>();
  const creates: Candidate[] = [];
  for (const c of toPlace) {
    const clash = clashes.get(c.externalId);
    if (clash) {
      tempWrites.push({ ...c, state: 'duplicate', duplicateIds: clash.ids, duplicateReasons: clash.reasons });
      counts.duplicates++;
    } else if (shared.has(c.externalId)) {
      tempWrites.push({
        ...c,
        problems: { email: 'integration_value_shared' },
        state: 'error',
        duplicateIds: [],
        duplicateReasons: [],
      });
      counts.errors++;
    } else if (migrated) {
      creates.push(c);
    } else {
      tempWrites.push({ ...c, state: 'valid', duplicateIds: [], duplicateReasons: [] });
      counts.valid++;
    }
  }

  // Updates whose new email, phone or id number another person holds fail alone.
  const taken = await findPeopleByValues(tx, entityId, undefined, {
    emails: updates.flatMap((u) => (u.candidate.email ? [u.candidate.email] : [])),
    phones: updates.flatMap((u) =>
      u.candidate.phone && u.candidate.phoneCode ? [{ code: u.candidate.phoneCode, phone: u.candidate.phone }] : [],
    ),
    idNumbers: updates.flatMap((u) => (u.candidate.idNumber ? [u.candidate.idNumber.toLowerCase()] : [])),
  });
  const okUpdates = updates.filter(({ candidate: c, personId }) => {
    const others = takenByOthers(taken, personId).filter(
      (p) =>
        (c.email && p.emailLower === c.email) ||
        (c.phone && p.phone === c.phone && p.phoneCode === c.phoneCode) ||
        (c.idNumber && p.idNumberLower === c.idNumber.toLowerCase()),
    );
    if (others.length) noteProblem(counts, c.externalId, nameOf(c), 'integration_value_taken');
    return others.length === 0;
  });

  await upsertTempUsers(tx, entityId, integrationId, ctx.run.id, tempWrites);
  const created = await createPeopleFrom(tx, ctx.where, creates);
  await updatePeopleFrom(tx, ctx.where, okUpdates);
  await restorePeople(tx, entityId, restores);
  const leftLinked = leaving.filter((id) => links.has(id));
  counts.archived += await archiveLinked(tx, entityId, integrationId, leftLinked);
  await deleteTempUsers(tx, entityId, integrationId, [...leaving.filter((id) => temps.has(id)), ...created.keys()]);
  counts.created += created.size;
  counts.updated += okUpdates.length;

  // Keep the in-memory view in step with what was written.
  for (const c of creates) {
    links.set(c.externalId, { personId: created.get(c.externalId)!, hash: c.hash, archivedBySync: false });
    temps.delete(c.externalId);
  }
  for (const { candidate, personId } of okUpdates)
    links.set(candidate.externalId, { personId, hash: candidate.hash, archivedBySync: false });
  for (const id of leftLinked) {
    const link = links.get(id)!;
    links.set(id, { ...link, hash: '', archivedBySync: true });
  }
  for (const id of leaving) temps.delete(id);
  for (const write of tempWrites) temps.set(write.externalId, { id: '', state: write.state, hash: write.hash });
}

/** A full read: the linked records it did not see left the directory; their people are archived. */
async function removeUnseen(app: FastifyInstance, ctx: RunContext, state: State) {
  const { entityId, integrationId } = ctx.where;
  const gone = [...state.links.entries()]
    .filter(([id, link]) => !state.seen.has(id) && !link.archivedBySync)
    .map(([id]) => id);
  const staleTemps = [...state.temps.keys()].filter((id) => !state.seen.has(id));
  for (let i = 0; i < Math.max(gone.length, staleTemps.length); i += 1000) {
    await withTenant(app.db.db, entityId, async (tx) => {
      state.counts.archived += await archiveLinked(tx, entityId, integrationId, gone.slice(i, i + 1000));
      await deleteTempUsers(tx, entityId, integrationId, staleTemps.slice(i, i + 1000));
    });
  }
}
