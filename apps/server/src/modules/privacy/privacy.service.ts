import type { FastifyInstance } from 'fastify';
import { addDays, localDate, startOfLocalDay } from '@app/shared/compliances/validity';
import {
  PRIVACY,
  type PrivacyRun,
  type PrivacyScope,
  type PrivacyTrigger,
  type PrivacyView,
  type Retention,
  type RetentionBody,
} from '@app/shared/people/privacy';
import { safeTimeZone } from '@app/shared/time-zones';
import { withTenant } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { AccessContext } from '../access/access.types';
import { inTenant } from '../access/in-tenant';
import { writeAudit } from '../audit/audit.repository';
import { expireScreenings } from '../watchlist/watchlist.repository';
import { expireAuditEntries } from '../audit/audit-log.repository';
import { confirmPassword } from '../auth/password-confirm';
import type { SessionWithUser } from '../auth/sessions.repository';
import { findPersonWithRefs } from '../people/people.repository';
import { personInScope } from '../people/person-scope';
import { usesDashboard } from '../people/person-view';
import { anonymiseVisits, anonymousPerson, erasePeople } from './erasure.repository';
import {
  addToRun,
  companyRetention,
  findRun,
  finishRun,
  insertRun,
  listRuns,
  saveCompanyRetention,
  saveUserTypeRetention,
  userTypeRetentions,
  type NewRun,
} from './privacy.repository';
import { duePeople, dueVisits, type VisitCursor } from './retention.repository';

// The privacy manager (decision 033): settings, "Delete now", one person's erasure, and the run of the
// retention the nightly job and "Delete now" share. Work is done in batches, each its own transaction,
// so a long run never holds a company's tables; a batch erases or anonymises what is due and nothing
// else, so a run stopped half-way and run again finishes the job without doing anything twice.

const BATCH = 500;
const NONE: Retention = { data_retention_days: null, scans_retention_days: null };

/** When the nightly job next deletes what is due: the company's next `PRIVACY.runHour` o'clock. */
export function nextRunAt(now: Date, timeZone: string): Date {
  const zone = safeTimeZone(timeZone);
  const today = localDate(now, zone);
  const at = (day: typeof today) => new Date(startOfLocalDay(day, zone).getTime() + PRIVACY.runHour * 3_600_000);
  const todays = at(today);
  return todays > now ? todays : at(addDays(today, 1));
}

export async function privacyView(app: FastifyInstance, ctx: AccessContext, now = new Date()): Promise<PrivacyView> {
  return inTenant(app, ctx, async (tx) => {
    const company = await companyRetention(tx, ctx.entityId);
    const types = await userTypeRetentions(tx, ctx.entityId);
    return {
      company,
      timezone: safeTimeZone(ctx.entity.timezone),
      next_run_at: nextRunAt(now, ctx.entity.timezone).toISOString(),
      user_types: types.map((t) => {
        const custom = t.data_retention_days !== null;
        const own = { data_retention_days: t.data_retention_days, scans_retention_days: t.scans_retention_days };
        return { id: t.id, name: t.name, custom, own, effective: custom ? own : company, people: t.people };
      }),
    };
  });
}

/** The company default (null: kept for ever), audited; answers the page again. */
export async function setCompanyRetention(app: FastifyInstance, ctx: AccessContext, body: RetentionBody | null) {
  await inTenant(app, ctx, async (tx) => {
    const before = await companyRetention(tx, ctx.entityId);
    const after = body ?? NONE;
    await saveCompanyRetention(tx, ctx.entityId, after);
    await writeAudit(tx, ctx, {
      action: 'privacy.company_retention',
      targetType: 'entity',
      targetId: ctx.entityId,
      before,
      after,
    });
  });
  return privacyView(app, ctx);
}

/** A user type's own retention (null: it follows the company default), audited. */
export async function setUserTypeRetention(
  app: FastifyInstance,
  ctx: AccessContext,
  typeId: string,
  body: RetentionBody | null,
) {
  await inTenant(app, ctx, async (tx) => {
    const [before] = await userTypeRetentions(tx, ctx.entityId, typeId);
    if (!before) throw new AppError('not_found');
    const after = body ?? NONE;
    await saveUserTypeRetention(tx, ctx.entityId, typeId, after);
    await writeAudit(tx, ctx, {
      action: 'user_type.retention',
      targetType: 'user_type',
      targetId: typeId,
      before: { data_retention_days: before.data_retention_days, scans_retention_days: before.scans_retention_days },
      after,
    });
  });
  return privacyView(app, ctx);
}

type RunOptions = NewRun & {
  now: Date;
  personId?: string;
  /** BATCH unless a test asks for less. */ batchSize?: number;
};

/**
 * One run of the retention over a company: scans first (anonymised), then people (erased), each in
 * batches of `BATCH`. Null when the company's nightly run of that day was done already.
 */
export async function runRetention(app: FastifyInstance, entityId: string, options: RunOptions) {
  const id = newId();
  const started = await withTenant(app.db.db, entityId, (tx) => insertRun(tx, entityId, id, options));
  if (!started) return null;
  const scans = options.scope !== 'data';
  const data = options.scope !== 'scans';
  const typeId = options.userTypeId ?? null;
  const batch = options.batchSize ?? BATCH;
  // Where the scans and the people of this run have got to: each batch goes on from there.
  let visitsAfter: VisitCursor | null = null;
  let peopleAfter: string | null = null;
  let scansLeft = scans;
  let peopleLeft = data;
  try {
    let more = true;
    while (more) {
      const done = await withTenant(app.db.db, entityId, async (tx) => {
        const anonymousId = await anonymousPerson(tx, entityId);
        let people = 0;
        let visits = 0;
        const files: string[] = [];
        if (options.personId) {
          const erased = await erasePeople(tx, entityId, anonymousId, [options.personId]);
          ({ people, visits } = erased);
          files.push(...erased.files);
        } else if (scansLeft) {
          const due = await dueVisits(tx, entityId, anonymousId, options.now, batch, typeId, visitsAfter);
          visitsAfter = due.last;
          if (due.ids.length < batch) scansLeft = false;
          const anonymised = await anonymiseVisits(tx, entityId, anonymousId, due.ids);
          visits += anonymised.visits;
          files.push(...anonymised.files);
        } else if (peopleLeft) {
          const due = await duePeople(tx, entityId, options.now, batch, typeId, peopleAfter);
          peopleAfter = due.at(-1) ?? peopleAfter;
          if (due.length < batch) peopleLeft = false;
          const erased = await erasePeople(tx, entityId, anonymousId, due);
          people += erased.people;
          visits += erased.visits;
          files.push(...erased.files);
        }
        await addToRun(tx, entityId, id, people, visits);
        return { people, visits, files };
      });
      await Promise.all(done.files.map((f) => app.files.remove(f).catch(() => undefined)));
      // Scans first, to their end; then people, to theirs (a short batch is the last).
      more = !options.personId && (scansLeft || peopleLeft);
    }
    // The audit log follows the company's data retention (its own entries, not a user type's).
    // So do the watchlist's screenings, which name the people screened (decision 051).
    if (data && !options.personId && !typeId)
      await withTenant(app.db.db, entityId, async (tx) => {
        await expireAuditEntries(tx);
        await expireScreenings(tx, entityId);
      });
    await withTenant(app.db.db, entityId, (tx) => finishRun(tx, entityId, id, 'done'));
  } catch (err) {
    await withTenant(app.db.db, entityId, (tx) => finishRun(tx, entityId, id, 'failed')).catch(() => undefined);
    throw err;
  }
  return withTenant(app.db.db, entityId, (tx) => findRun(tx, entityId, id));
}

const requester = (ctx: AccessContext) => (ctx.actor.kind === 'user' ? ctx.actor.personId : null);

/** "Delete now" for a user type: what its retention makes due, now, after the admin's password. */
export async function deleteNow(
  app: FastifyInstance,
  ctx: AccessContext,
  session: SessionWithUser,
  typeId: string,
  body: { scope: PrivacyScope; password: string },
): Promise<PrivacyRun> {
  const view = await privacyView(app, ctx);
  const type = view.user_types.find((t) => t.id === typeId);
  if (!type) throw new AppError('not_found');
  await confirmPassword(app, session, body.password);
  const needs: (keyof Retention)[] = [];
  if (body.scope !== 'scans') needs.push('data_retention_days');
  if (body.scope !== 'data') needs.push('scans_retention_days');
  if (needs.some((k) => type.effective[k] === null))
    throw new AppError('rule_violation', { field: 'scope', messageKey: 'privacy_kept_for_ever' });
  const run = await runRetention(app, ctx.entityId, {
    trigger: 'delete_now',
    scope: body.scope,
    userTypeId: type.id,
    userTypeName: type.name,
    requestedByPersonId: requester(ctx),
    now: new Date(),
  });
  await inTenant(app, ctx, (tx) =>
    writeAudit(tx, ctx, {
      action: 'privacy.delete_now',
      targetType: 'user_type',
      targetId: typeId,
      after: { scope: body.scope, run_id: run!.id, people_erased: run!.people_erased, visits: run!.visits_anonymised },
    }),
  );
  return run!;
}

/** Erases one person on request (their visits stay, anonymised), after the admin's password. */
export async function erasePerson(
  app: FastifyInstance,
  ctx: AccessContext,
  session: SessionWithUser,
  personId: string,
  password: string,
): Promise<PrivacyRun> {
  const person = await inTenant(app, ctx, async (tx) => {
    const found = await findPersonWithRefs(tx, ctx.entityId, personInScope(ctx), personId);
    if (!found || found.person.status === 'anonymous') throw new AppError('not_found');
    return found.person;
  });
  if (person.isDefault) throw new AppError('rule_violation', { field: 'id', messageKey: 'person_default_locked' });
  if (usesDashboard(person) || person.membershipId)
    throw new AppError('rule_violation', { field: 'id', messageKey: 'person_has_dashboard_access' });
  await confirmPassword(app, session, password);
  const run = await runRetention(app, ctx.entityId, {
    trigger: 'erasure',
    scope: 'both',
    personId,
    requestedByPersonId: requester(ctx),
    now: new Date(),
  });
  await inTenant(app, ctx, (tx) =>
    writeAudit(tx, ctx, {
      action: 'person.erase',
      targetType: 'person',
      targetId: personId,
      after: { erased: true, run_id: run!.id, visits_anonymised: run!.visits_anonymised },
    }),
  );
  return run!;
}

export const listPrivacyRuns = (
  app: FastifyInstance,
  ctx: AccessContext,
  q: { limit: number; page: number; cursor?: string; trigger?: PrivacyTrigger },
) => inTenant(app, ctx, (tx) => listRuns(tx, ctx.entityId, q));
