// Signing people in at an area with their journey's flow (spec §3 Mass-action data, Host payload,
// Checks payload, User compliance; §4 Badge label, Attendance reasons, Compliance answer status,
// Temperature; §7 /mass-action-signin, /mass-action-apply-signin, /checkin_users, user_visiting). One
// request may sign in many people: every person is checked first, and a refusal of any answers 422
// with every person's messages (spec §8) and changes nothing. What the flow asks is planned in
// sign-in-plan.ts, each person checked against its rules in sign-in-prepare.ts; signing out is
// sign-out.service.ts.
import type { FastifyInstance } from 'fastify';
import { type CustomFieldBinding } from '@app/shared/custom-fields/schemas';
import { type Language } from '@app/shared/constants';
import type { ScreeningWay } from '@app/shared/watchlist/schemas';
import { type VisitAction } from '@app/shared/visits/stages';
import type { SignInBodyParsed, VisitActionResult } from '@app/shared/visits/schemas';
import { type Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { t } from '../../lib/i18n';
import { newId } from '../../lib/ids';
import type { AccessContext } from '../access/access.types';
import { writeAudits, type AuditEntry } from '../audit/audit.repository';
import { insertComplianceResponses } from '../compliances/compliances.repository';
import { fullName } from '../people/person-view';
import { type ActionField } from './visit-flow';
import { visitEditorOf } from '../expected-visits/visit-editor';
import { toVisits, visitsOf } from './visit-view';
import {
  findVisitRows,
  insertVisitHosts,
  insertArrivals,
  lockIdempotencyKey,
  updateVisit,
  visitsByIdempotencyKey,
  type ArrivalInsert,
  type VisitRecord,
  type VisitRow,
} from './visits.repository';
import { companyZone } from '../access/company-zone';
import { type PersonIssues, VisitRefusal } from './visit-refusal';
import { inTenant, sourceOf, type AreaInfo, mustFindArea, planPeople, bindingOf } from './sign-in-plan';
import { type Arrival, askHostsOfWaiting, notifyHosts } from './host-notices';
import { notifyFailedChecks, type FailedCheck } from './failed-check-notices';
import { Screening, wayOf } from '../watchlist/watchlist-gate';
import { CapacityGate } from '../capacity/capacity-gate';
import { stopIssue } from '../watchlist/watchlist-screening';
import { queueWebhooks } from '../webhooks/webhook-outbox';
import { visitMessage } from '../webhooks/webhook-payloads';

import { preparePerson, type Prepared } from './sign-in-prepare';

/** Visits read back by id, in the order of `ids`. */
async function visitRowsOf(tx: Executor, ctx: AccessContext, ids: readonly string[]): Promise<VisitRow[]> {
  const rows = await findVisitRows(tx, ctx.entityId, undefined, ids);
  return ids.map((id) => rows.find((r) => r.visit.id === id)!);
}

/** The logbook row of a visit just made for a prepared person: what findVisitRows would read. */
function freshRow(visit: VisitRecord, p: Prepared, area: AreaInfo): VisitRow {
  const person = p.plan.person!;
  const flow = p.plan.choice?.flow ?? null;
  const reason = p.reasonId ? (p.plan.modes.flatMap((m) => m.reasons).find((r) => r.id === p.reasonId) ?? null) : null;
  return {
    visit,
    person: {
      id: person.id,
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      companyName: person.companyName,
      image: person.image,
      qrCode: person.qrCode,
    },
    userTypeName: p.plan.choice?.userType?.name ?? null,
    siteName: area.siteName,
    areaName: area.name,
    journeyName: flow?.journey.name ?? null,
    journeyLogo: flow?.journey.logo ?? null,
    lateReason: reason ? { id: reason.id, name: reason.name, code: reason.attendance_code } : null,
    earlyReason: null,
  };
}

const idempotencyKeyFor = (key: string, personId: string) => `${key}:${personId}`;

function isIdempotencyClash(error: unknown): boolean {
  for (
    let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505' && (e.constraint === 'visits_idempotency_key' || !e.constraint)) return true;
  }
  return false;
}

/** The visits an earlier request with the same key made, when it made them for exactly these people. */
async function replayed(tx: Executor, ctx: AccessContext, body: SignInBodyParsed, key: string) {
  const keys = body.people.map((p) => idempotencyKeyFor(key, p.person_id));
  const found = await visitsByIdempotencyKey(tx, ctx.entityId, key);
  if (found.length === 0) return null;
  if (found.length !== keys.length || keys.some((k) => !found.some((f) => f.key === k))) {
    throw new AppError('rule_violation', { field: 'idempotency_key', messageKey: 'visit_idempotency_key_reused' });
  }
  return visitRowsOf(
    tx,
    ctx,
    keys.map((k) => found.find((f) => f.key === k)!.id),
  );
}

/**
 * POST /visits/sign-in: signs each person in at the area (or checks them in, for check-in-only areas).
 * A person's expected visit for today at the site becomes the arrival when its stage allows; otherwise
 * a new visit is made. With an idempotency key, a retry answers the first result and makes nothing.
 */
export async function signIn(
  app: FastifyInstance,
  ctx: AccessContext,
  body: SignInBodyParsed,
  opts: { lang: Language; idempotencyKey?: string; now?: Date; way?: ScreeningWay },
): Promise<VisitActionResult> {
  const key = opts.idempotencyKey ?? body.idempotency_key;
  const timeZone = companyZone(ctx);
  let failures: FailedCheck[] = [];
  /** Expected visits refused for waiting on approval: their hosts are asked, the visitor being at the door. */
  let waiting: string[] = [];
  // Every way in is screened against the watchlist (issue 29): the desk, a kiosk, the API, a passport.
  const screening = new Screening(app, ctx, opts.way ?? wayOf(ctx));
  // And no place is taken past its capacity or daily visitor limit (decision 054).
  const capacity = new CapacityGate(app, ctx, opts.way ?? wayOf(ctx));
  const run = () =>
    inTenant(app, ctx, async (tx) => {
      failures = [];
      if (key) {
        // Requests with the same key wait for each other, so the later one sees the first one's visits.
        await lockIdempotencyKey(tx, ctx.entityId, key);
        const earlier = await replayed(tx, ctx, body, key);
        if (earlier)
          return {
            replay: true as const,
            data: await toVisits(tx, ctx.entityId, timeZone, earlier, visitEditorOf(ctx)),
            arrivals: [],
          };
      }
      const now = opts.now ?? new Date();
      const area = await mustFindArea(tx, ctx, body.area_id, { arrivalFields: true });
      if (!area.active) throw new AppError('rule_violation', { field: 'area_id', messageKey: 'visit_area_inactive' });
      const { plans } = await planPeople(
        tx,
        ctx,
        area,
        body.people.map((p) => ({ personId: p.person_id, userTypeId: p.user_type_id })),
        now,
        {
          lock: true,
          hostOptions: body.people.some((p) => p.host_ids.length > 0),
          expectedVisitIds: body.people.flatMap((p) => (p.expected_visit_id ? [p.expected_visit_id] : [])),
        },
      );
      waiting = plans.flatMap((p) => (p.blocker?.code === 'awaiting_approval' && p.expected ? [p.expected.id] : []));
      // Who is on site here already is refused below: only the fields of arriving are asked.
      const arriving = area.loginMode === 'checkIn_only' ? 'check_in' : 'sign_in';
      const fields = new Map<CustomFieldBinding, ActionField[]>([[arriving, area.arrivalFields]]);
      const verdicts = await screening.people(
        tx,
        plans.flatMap((p) => (p.person && !p.blocker && p.action !== 'sign_out' ? [p.person] : [])),
        now,
      );
      const refused: PersonIssues[] = [];
      const ready: Prepared[] = [];
      for (const [i, plan] of plans.entries()) {
        const verdict = verdicts.get(plan.personId);
        if (verdict?.stop) {
          refused.push({
            personId: plan.personId,
            fullName: fullName(plan.person!),
            issues: [{ field: 'person_id', ...stopIssue(ctx, verdict, opts.lang) }],
          });
          continue;
        }
        const { issues, prepared, failed } = await preparePerson(
          tx,
          ctx,
          plan,
          body.people[i]!,
          fields.get(bindingOf(plan.action)) ?? [],
          now,
          timeZone,
        );
        const flow = plan.choice?.flow;
        if (failed.length && flow && plan.person) {
          failures.push({
            personName: fullName(plan.person),
            area: { id: area.id, name: area.name, siteId: area.siteId, siteName: area.siteName },
            checks: failed,
            notifications: flow.settings.notifications,
            overrideReason: prepared?.overrideReason ?? null,
          });
        }
        if (prepared) ready.push(prepared);
        else refused.push({ personId: plan.personId, fullName: plan.person ? fullName(plan.person) : null, issues });
      }
      if (refused.length) throw new VisitRefusal(refused);
      const full = await capacity.check(
        tx,
        area.limited,
        area.id,
        ready.map((p) => ({
          personId: p.plan.personId,
          userTypeId: p.plan.choice?.userType?.id ?? null,
          staysOnSite: area.loginMode !== 'checkIn_only',
          fromExpected: Boolean(p.plan.expected),
        })),
        now,
        timeZone,
      );
      if (full.size) {
        throw new VisitRefusal(
          ready.flatMap((p) => {
            const issue = full.get(p.plan.personId);
            return issue ? [{ personId: p.plan.personId, fullName: fullName(p.plan.person!), issues: [issue] }] : [];
          }),
        );
      }

      const source = sourceOf(ctx);
      const state = area.loginMode === 'checkIn_only' ? 'checked_in' : 'on_site';
      const visitIds: string[] = [];
      const fresh: ArrivalInsert[] = [];
      for (const p of ready) {
        const flow = p.plan.choice?.flow ?? null;
        const columns = {
          userTypeId: p.plan.choice?.userType?.id ?? null,
          siteId: area.siteId,
          areaId: area.id,
          journeyId: flow?.journey.id ?? null,
          journeyFlowId: flow?.flowId ?? null,
          loginMode: area.loginMode,
          state,
          signedInAt: now,
          signInSource: source,
          temperatureC: p.temperatureC === null ? null : String(p.temperatureC),
          mask: p.mask,
          overrideReason: p.overrideReason,
          lateReasonId: p.reasonId,
          hostMessage: p.input.host_message?.trim() || null,
          idempotencyKey: key ? idempotencyKeyFor(key, p.plan.personId) : null,
        };
        if (p.plan.expected) {
          const extra = { ...p.plan.expected.extra, custom_fields: p.customFields };
          await updateVisit(tx, ctx.entityId, p.plan.expected.id, { ...columns, extra });
          visitIds.push(p.plan.expected.id);
        } else {
          const id = newId(now.getTime());
          fresh.push({
            entityId: ctx.entityId,
            id,
            personId: p.plan.personId,
            ...columns,
            extra: { custom_fields: p.customFields },
          });
          visitIds.push(id);
        }
      }
      const written = await insertArrivals(tx, fresh);
      await insertVisitHosts(
        tx,
        ctx.entityId,
        ready.flatMap((p, i) => p.hostIds.map((personId) => ({ visitId: visitIds[i]!, personId }))),
      );
      await insertComplianceResponses(
        tx,
        ready.flatMap((p, i) =>
          p.responses.map((r) => ({
            entityId: ctx.entityId,
            id: newId(),
            personId: p.plan.personId,
            complianceId: r.complianceId,
            complianceVersion: r.version,
            visitId: visitIds[i]!,
            areaId: area.id,
            userTypeId: p.plan.choice?.userType?.id ?? null,
            answers: r.graded.answers,
            notes: r.notes,
            status: r.graded.status,
            isCompleted: true,
            isWrong: r.graded.isWrong,
            answeredAt: now,
            validUntil: r.graded.validUntil,
          })),
        ),
      );
      const action: VisitAction = state === 'checked_in' ? 'checked_in' : 'signed_in';
      await screening.wentAhead(tx, now);
      await writeAudits(
        tx,
        ctx,
        ready.map((p, i): AuditEntry => ({
          action: `visit.${action}`,
          targetType: 'visit',
          targetId: visitIds[i]!,
          after: {
            person_id: p.plan.personId,
            area_id: area.id,
            from_expected: p.plan.expected?.id ?? null,
            temperature_c: p.temperatureC,
            mask: p.mask,
            override_reason: p.overrideReason,
            host_ids: p.hostIds,
            late_reason_id: p.reasonId,
            compliances: p.responses.map((r) => ({ id: r.complianceId, status: r.graded.status })),
          },
        })),
      );
      // The answer is made from what was just written and read, without reading it again; an
      // expected visit (which may have had hosts and reasons before) is read back.
      const data = ready.some((p) => p.plan.expected)
        ? await toVisits(tx, ctx.entityId, timeZone, await visitRowsOf(tx, ctx, visitIds), visitEditorOf(ctx))
        : visitsOf(
            timeZone,
            ready.map((p, i) =>
              freshRow(
                written.find((v) => v.id === visitIds[i])!,
                p,
                area,
              ),
            ),
            ready.flatMap((p, i) => p.hosts.map((h) => ({ ...h, visitId: visitIds[i]!, notifiedAt: null }))),
            visitEditorOf(ctx),
          );
      await queueWebhooks(tx, ctx.entityId, 'visit.signed_in', data.map(visitMessage), { now });
      const arrivals: Arrival[] = ready.map((p, i) => ({
        visitId: visitIds[i]!,
        areaId: area.id,
        hostIds: p.hostIds,
        notify: Boolean(p.plan.choice?.flow?.settings.notifications.notify_host_on_arrival),
        personName: fullName(p.plan.person!),
      }));
      return {
        replay: false as const,
        data,
        arrivals,
        action,
      };
    });

  let outcome: Awaited<ReturnType<typeof run>>;
  try {
    try {
      outcome = await run();
    } catch (error) {
      // Two identical requests at once: the one that lost the race answers the winner's result.
      if (key && isIdempotencyClash(error)) outcome = await run();
      else throw error;
    }
  } catch (error) {
    if (error instanceof VisitRefusal) {
      await notifyFailedChecks(app, ctx, failures, 'refused', opts.now ?? new Date());
      await screening.refused(opts.now ?? new Date());
      await capacity.refused(opts.now ?? new Date());
      await screening.mail(opts.now ?? new Date());
      await askHostsOfWaiting(app, ctx, waiting, opts.lang, opts.now ?? new Date());
    }
    throw error;
  }
  if (outcome.replay) {
    return { message: t(opts.lang, 'errors:visit_done.replayed'), data: outcome.data, replayed: true };
  }
  await notifyHosts(app, ctx, outcome.arrivals, 'arrival', opts.lang, opts.now ?? new Date());
  await notifyFailedChecks(app, ctx, failures, 'let_through', opts.now ?? new Date());
  await screening.mail(opts.now ?? new Date());
  const done = outcome.action === 'checked_in' ? 'checked_in' : 'signed_in';
  return {
    message: t(opts.lang, `errors:visit_done.${done}`, { count: outcome.data.length }),
    data: outcome.data,
    replayed: false,
  };
}
