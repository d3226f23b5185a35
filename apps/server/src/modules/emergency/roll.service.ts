// The roll call of a running session (spec §4 "Per-user status can be updated in a session", decision
// 031): wardens' marks, people added at the muster point, and the muster point's search. Marks are kept
// in the session's history; each entry takes the mark made last; a mark sent twice counts once.
import type { FastifyInstance } from 'fastify';
import {
  EMERGENCY_LIMITS,
  type AddToRollInput,
  type MarksInput,
  type MarksResult,
  type RollEntry,
  type RollPeople,
} from '@app/shared/emergency/schemas';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { AccessContext } from '../access/access.types';
import { inTenant } from '../access/in-tenant';
import { writeAudit } from '../audit/audit.repository';
import { fullName, photoUrl } from '../people/person-view';
import { searchFilter } from '../people/people-list.repository';
import { personInScope } from '../people/person-scope';
import { assertEmergencyAllowed, mayJoinSession } from './emergency-access';
import {
  applyMark,
  claimClientMark,
  findMusterPeople,
  insertAddedEntry,
  lockSession,
  moveMark,
  rollIdOfClientMark,
  rollIdOfPerson,
  visibleRollIds,
  writeMarks,
  type MarkedBy,
  type NewMark,
  type AddedEntry,
  type SessionState,
} from './roll.repository';
import { sendRollChanges } from './session-events';
import { readRoll, rollCounts } from './session-view';

/** Who marks: the member's own name in the company, kept on the mark as it was. */
export const markedBy = (ctx: AccessContext): MarkedBy =>
  ctx.actor.kind === 'user' ? { userId: ctx.actor.userId, name: ctx.actor.personName } : { userId: null, name: null };

/**
 * A session the reader may join, still running, its row held until the transaction ends: 404 when
 * unknown (another company's, or none of its sites the reader's), 409 once it ended.
 */
export async function runningSession(tx: Executor, ctx: AccessContext, sessionId: string): Promise<SessionState> {
  const session = await lockSession(tx, ctx.entityId, sessionId);
  if (!session || !mayJoinSession(ctx, session.siteIds)) throw new AppError('not_found');
  if (session.endedAt) throw new AppError('conflict', { messageKey: 'emergency_session_ended' });
  return session;
}

/** When a mark was made: the warden's tap, kept within the session's start and now. */
export const clampMarkTime = (at: string | undefined, startedAt: Date, now: Date): Date => {
  const t = at ? new Date(at) : now;
  return new Date(Math.min(Math.max(t.getTime(), startedAt.getTime()), now.getTime()));
};

/** PUT /action_emergency/{id}: a batch of marks (a phone's queue), in one transaction. */
export async function markRoll(
  app: FastifyInstance,
  ctx: AccessContext,
  sessionId: string,
  input: MarksInput,
  now: Date = new Date(),
): Promise<MarksResult> {
  assertEmergencyAllowed(ctx);
  const by = markedBy(ctx);
  const result = await inTenant(app, ctx, async (tx) => {
    const session = await runningSession(tx, ctx, sessionId);
    const rollIds = [...new Set(input.marks.map((m) => m.roll_id))];
    const visible = await visibleRollIds(tx, ctx, sessionId, rollIds);
    const unknown = input.marks.findIndex((m) => !visible.has(m.roll_id));
    if (unknown >= 0) {
      throw new AppError('validation_failed', {
        field: `marks.${unknown}.roll_id`,
        messageKey: 'emergency_unknown_roll_entry',
      });
    }
    const marks: NewMark[] = input.marks.map((m) => ({
      id: newId(),
      rollId: m.roll_id,
      clientId: m.client_id,
      status: m.status,
      source: 'warden',
      markedAt: clampMarkTime(m.marked_at, session.startedAt, now),
    }));
    const { kept, changed } = await writeMarks(tx, ctx.entityId, sessionId, marks, by);
    if (kept > 0) {
      await writeAudit(tx, ctx, {
        action: 'emergency_session.mark',
        targetType: 'emergency_session',
        targetId: sessionId,
        after: {
          marks: marks.map((m) => ({ roll_id: m.rollId, status: m.status, marked_at: m.markedAt.toISOString() })),
          repeated: marks.length - kept,
        },
      });
    }
    const entries = await readRoll(tx, ctx, sessionId, rollIds);
    const counts = (await rollCounts(tx, ctx, [sessionId])).get(sessionId)!;
    return { entries, counts, repeated: marks.length - kept, changed: new Set(changed) };
  });
  sendRollChanges(
    app,
    ctx.entityId,
    sessionId,
    result.entries.filter((e) => result.changed.has(e.id)),
  );
  return { entries: result.entries, counts: result.counts, repeated: result.repeated };
}

const phoneOf = (code: string | null, phone: string | null) => (phone ? [code, phone].filter(Boolean).join(' ') : null);

/** A member's reach for the muster point: the people of their sites, whatever their user type (decision 031). */
const musterScope = (ctx: AccessContext) => personInScope({ siteIds: ctx.siteIds, userTypeIds: null });

/**
 * Someone at the muster point who is not on the roll: a person of the company (within the reader's
 * sites) or a typed name, put on it present. A person already on the roll is marked present instead.
 * The same client id again answers the entry it made.
 */
export async function addToRoll(
  app: FastifyInstance,
  ctx: AccessContext,
  sessionId: string,
  input: AddToRollInput,
  now: Date = new Date(),
): Promise<{ entry: RollEntry; created: boolean }> {
  assertEmergencyAllowed(ctx);
  const by = markedBy(ctx);
  const result = await inTenant(app, ctx, async (tx) => {
    await runningSession(tx, ctx, sessionId);
    const again = await rollIdOfClientMark(tx, ctx.entityId, sessionId, input.client_id);
    if (again) return { rollId: again, created: false, changed: false };

    // Whom the request is for: a person already on the roll (marked present where they are), a person
    // of the company within the reader's sites, or a typed name.
    let added: AddedEntry;
    if ('person_id' in input) {
      const onRoll = await rollIdOfPerson(tx, ctx.entityId, sessionId, input.person_id);
      if (onRoll) {
        if (!(await visibleRollIds(tx, ctx, sessionId, [onRoll])).has(onRoll)) {
          throw new AppError('validation_failed', { field: 'person_id', messageKey: 'emergency_unknown_person' });
        }
        return markPresent(tx, ctx, sessionId, onRoll, input.client_id, by, now);
      }
      const [person] = await findMusterPeople(tx, ctx.entityId, sessionId, {
        scope: musterScope(ctx),
        ids: [input.person_id],
        limit: 1,
      });
      if (!person)
        throw new AppError('validation_failed', { field: 'person_id', messageKey: 'emergency_unknown_person' });
      added = {
        id: newId(),
        personId: person.id,
        fullName: fullName({ firstName: person.first_name, lastName: person.last_name }),
        companyName: person.company_name,
        phone: phoneOf(person.phone_code, person.phone),
        email: person.email,
        userTypeId: person.user_type_id,
        userTypeName: person.user_type_name,
        markedAt: now,
      };
    } else {
      added = {
        id: newId(),
        personId: null,
        fullName: input.full_name,
        companyName: input.company_name || null,
        phone: input.phone || null,
        email: null,
        userTypeId: null,
        userTypeName: null,
        markedAt: now,
      };
    }
    const mark: NewMark = {
      id: newId(),
      rollId: added.id,
      clientId: input.client_id,
      status: 'present',
      source: 'added',
      markedAt: now,
    };
    if (!(await claimClientMark(tx, ctx.entityId, sessionId, mark, by))) {
      // The same request, sent twice at once: the first one made the entry.
      return { rollId: await firstOf(tx, ctx, sessionId, input.client_id), created: false, changed: false };
    }
    if (!(await insertAddedEntry(tx, ctx.entityId, sessionId, added, by))) {
      // Added at this moment by another warden (another client id): this mark marks that entry.
      const other = (await rollIdOfPerson(tx, ctx.entityId, sessionId, added.personId!))!;
      await moveMark(tx, ctx.entityId, mark.id, other);
      const changed = await applyMark(
        tx,
        ctx.entityId,
        sessionId,
        other,
        { status: 'present', source: 'warden', markedAt: now },
        by,
      );
      await writeAudit(tx, ctx, {
        action: 'emergency_session.mark',
        targetType: 'emergency_session',
        targetId: sessionId,
        after: { marks: [{ roll_id: other, status: 'present', marked_at: now.toISOString() }], repeated: 0 },
      });
      return { rollId: other, created: false, changed };
    }
    await writeAudit(tx, ctx, {
      action: 'emergency_session.add_to_roll',
      targetType: 'emergency_session',
      targetId: sessionId,
      after: { roll_id: added.id, person_id: added.personId, full_name: added.fullName, client_id: input.client_id },
    });
    return { rollId: added.id, created: true, changed: true };
  });
  const entry = await inTenant(app, ctx, async (tx) => (await readRoll(tx, ctx, sessionId, [result.rollId]))[0]);
  if (!entry) throw new AppError('not_found');
  if (result.changed) sendRollChanges(app, ctx.entityId, sessionId, [entry]);
  return { entry, created: result.created };
}

async function firstOf(tx: Executor, ctx: AccessContext, sessionId: string, clientId: string): Promise<string> {
  const first = await rollIdOfClientMark(tx, ctx.entityId, sessionId, clientId);
  if (!first) throw new AppError('conflict');
  return first;
}

/** Someone on the roll found at the muster point: a warden's "present" mark, kept under the client id. */
async function markPresent(
  tx: Executor,
  ctx: AccessContext,
  sessionId: string,
  rollId: string,
  clientId: string,
  by: MarkedBy,
  now: Date,
) {
  const { kept, changed } = await writeMarks(
    tx,
    ctx.entityId,
    sessionId,
    [{ id: newId(), rollId, clientId, status: 'present', source: 'warden', markedAt: now }],
    by,
  );
  if (kept === 0) return { rollId: await firstOf(tx, ctx, sessionId, clientId), created: false, changed: false };
  await writeAudit(tx, ctx, {
    action: 'emergency_session.mark',
    targetType: 'emergency_session',
    targetId: sessionId,
    after: { marks: [{ roll_id: rollId, status: 'present', marked_at: now.toISOString() }], repeated: 0 },
  });
  return { rollId, created: false, changed: changed.length > 0 };
}

/** The muster point's search: the company's people within the reader's sites who are not on the roll. */
export async function searchMusterPeople(
  app: FastifyInstance,
  ctx: AccessContext,
  sessionId: string,
  q: { search: string },
): Promise<RollPeople> {
  assertEmergencyAllowed(ctx);
  const rows = await inTenant(app, ctx, async (tx) => {
    const session = await lockSession(tx, ctx.entityId, sessionId, { lock: false });
    if (!session || !mayJoinSession(ctx, session.siteIds)) throw new AppError('not_found');
    return findMusterPeople(tx, ctx.entityId, sessionId, {
      scope: musterScope(ctx),
      search: searchFilter(q.search, false),
      limit: EMERGENCY_LIMITS.peopleSearchMax,
    });
  });
  return {
    data: rows.map((r) => ({
      id: r.id,
      full_name: fullName({ firstName: r.first_name, lastName: r.last_name }),
      company_name: r.company_name,
      photo_url: photoUrl(r.id, r.image),
    })),
  };
}
