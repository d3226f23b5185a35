import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  type DuplicatePerson,
  type DuplicatesResponse,
  type DuplicateScan,
  duplicatesQuerySchema,
  mergesQuerySchema,
  type PersonMerge,
} from '@app/shared/people/duplicates';
import { withTenant } from '../../db/client';
import { COUNT_CAP, decodeCursor, encodeCursor } from '../../db/keyset';
import { AppError } from '../../lib/app-error';
import type { AccessContext } from '../access/access.types';
import { writeAudit } from '../audit/audit.repository';
import { userTypesOf } from '../people/people.repository';
import { personInScope } from '../people/person-scope';
import { queueScan, startScan } from './duplicate-scan';
import {
  countMerges,
  countPairs,
  findMerges,
  findPair,
  findPairs,
  insertDismissal,
  latestScan,
  pairPeople,
  type PairFilter,
} from './duplicates.repository';
import { toDuplicatePerson, toPair, toPersonMerge, toScan } from './duplicates-view';

// The duplication control board (decision 032): the latest scan's pairs within the reader's scope,
// likeliest first, by keyset; a scan asked for; a pair said to be two people; the merges done.

type DuplicatesQuery = z.output<typeof duplicatesQuerySchema>;
const PAIRS_SORT = 'duplicates:score';
const MERGES_SORT = 'merges:merged_at';

const actorPerson = (ctx: AccessContext) => (ctx.actor.kind === 'user' ? ctx.actor.personId : null);

export async function listDuplicates(
  app: FastifyInstance,
  ctx: AccessContext,
  q: DuplicatesQuery,
): Promise<DuplicatesResponse> {
  const scope = personInScope(ctx);
  const decoded = q.cursor ? decodeCursor(q.cursor, PAIRS_SORT, 2) : null;
  const filter: PairFilter = {
    reason: q.reason,
    search: q.search ? q.search.toLowerCase() : undefined,
    minScore: q.min_score,
  };
  return withTenant(app.db.db, ctx.entityId, async (tx) => {
    // A cursor reads on from its row; a page by number reads from the top and skips (the board is read
    // from its top; deeper pages come by the cursor).
    const skip = decoded ? 0 : (q.page - 1) * q.limit;
    const after = decoded ? { score: Number(decoded[0]), id: String(decoded[1]) } : undefined;
    const rows = (await findPairs(tx, ctx.entityId, { ...filter, after }, scope, skip + q.limit + 1)).slice(skip);
    const shown = rows.slice(0, q.limit);
    const ids = [...new Set(shown.flatMap((r) => [r.person_a_id, r.person_b_id]))];
    const peopleRows = await pairPeople(tx, ctx.entityId, ids);
    const types = await userTypesOf(tx, ctx.entityId, ids);
    const count = await countPairs(tx, ctx.entityId, filter, scope, COUNT_CAP);
    const scan = await latestScan(tx, ctx.entityId);
    const people = new Map<string, DuplicatePerson>(
      peopleRows.map((p) => [
        p.id,
        toDuplicatePerson(
          p,
          types.filter((t) => t.personId === p.id).map((t) => ({ id: t.id, name: t.name })),
        ),
      ]),
    );
    const last = shown.at(-1);
    return {
      data: shown.map((r) => toPair(r, people)).filter((p) => p !== null),
      count: Math.min(count, COUNT_CAP),
      count_capped: count > COUNT_CAP,
      next_cursor: rows.length > q.limit && last ? encodeCursor(PAIRS_SORT, [Number(last.score), last.id]) : null,
      scan: toScan(scan),
    };
  });
}

/** Asks for a scan of the company; the one already waiting or running when there is one. */
export async function requestScan(app: FastifyInstance, ctx: AccessContext): Promise<DuplicateScan> {
  const { id, queued } = await queueScan(app.db.db, ctx.entityId, actorPerson(ctx));
  if (queued) await startScan(app, ctx.entityId, id);
  const scan = await withTenant(app.db.db, ctx.entityId, (tx) => latestScan(tx, ctx.entityId));
  return toScan(scan)!;
}

export async function currentScan(app: FastifyInstance, ctx: AccessContext): Promise<DuplicateScan | null> {
  return toScan(await withTenant(app.db.db, ctx.entityId, (tx) => latestScan(tx, ctx.entityId)));
}

/** Two people an admin says are different: the pair goes and no scan finds it again. */
export async function dismissPair(app: FastifyInstance, ctx: AccessContext, pairId: string) {
  const scope = personInScope(ctx);
  await withTenant(app.db.db, ctx.entityId, async (tx) => {
    const pair = await findPair(tx, ctx.entityId, pairId, scope);
    if (!pair) throw new AppError('not_found', { field: 'pair_id' });
    await insertDismissal(tx, ctx.entityId, pair, actorPerson(ctx));
    await writeAudit(tx, ctx, {
      action: 'person.duplicate_dismissed',
      targetType: 'person',
      targetId: pair.person_a_id,
      after: { person_a_id: pair.person_a_id, person_b_id: pair.person_b_id, score: pair.score },
    });
  });
}

export async function listMerges(
  app: FastifyInstance,
  ctx: AccessContext,
  q: z.output<typeof mergesQuerySchema>,
): Promise<{ data: PersonMerge[]; count: number; count_capped: boolean; next_cursor: string | null }> {
  const decoded = q.cursor ? decodeCursor(q.cursor, MERGES_SORT, 2) : null;
  const after = decoded ? { at: String(decoded[0]), id: String(decoded[1]) } : null;
  return withTenant(app.db.db, ctx.entityId, async (tx) => {
    const skip = decoded ? 0 : (q.page - 1) * q.limit;
    const scope = personInScope(ctx);
    const rows = (await findMerges(tx, ctx.entityId, scope, after, skip + q.limit + 1)).slice(skip);
    const shown = rows.slice(0, q.limit);
    const last = shown.at(-1);
    const count = await countMerges(tx, ctx.entityId, scope, COUNT_CAP);
    return {
      data: shown.map(toPersonMerge),
      count: Math.min(count, COUNT_CAP),
      count_capped: count > COUNT_CAP,
      next_cursor: rows.length > q.limit && last ? encodeCursor(MERGES_SORT, [last.merged_at_key, last.id]) : null,
    };
  });
}
