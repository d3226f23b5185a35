// Expected visitors (spec /add-expected-visitors, §4 Visit lifecycle actions, Expected visit edit or
// delete): an admin expects a person (known, or a new visitor) at an area at a time on the company's
// clock, with hosts; approves or rejects visits that wait for it. Admins act only on visits of their
// sites and user types (spec §6); anything else answers 404.
import type { FastifyInstance } from 'fastify';
import { isLanguage, type Language } from '@app/shared/constants';
import type {
  ExpectedVisitBodyParsed,
  ValidateExpectedVisitResult,
  VisitDecisionBody,
} from '@app/shared/expected-visits/schemas';
import { isVisitDate, validateExpectedVisitBodySchema } from '@app/shared/expected-visits/schemas';
import type { RegistrationMethod } from '@app/shared/user-types/schemas';
import { decide, type JourneyStage, type VisitAction } from '@app/shared/visits/stages';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { fieldVars, t } from '../../lib/i18n';
import { newId } from '../../lib/ids';
import type { AccessContext } from '../access/access.types';
import { companyZone } from '../access/company-zone';
import { writeAudit } from '../audit/audit.repository';
import { newQrCode } from '../entities/entity-setup';
import type { Mail } from '../mail/mailer';
import {
  findPeople,
  findTakenValues,
  insertPerson,
  replaceSites,
  replaceUserTypes,
  userTypesOf,
} from '../people/people.repository';
import { Screening } from '../watchlist/watchlist-gate';
import { holdForFullDay } from '../capacity/capacity-gate';
import { personSubject, type ScreenedSubject } from '../watchlist/watchlist-screening';
import { mandatoryOf, missingProfileData, siteInScope, typeInScope, uniqueViolation } from '../people/person-rules';
import { personInScope } from '../people/person-scope';
import {
  findAreaWithSite,
  findPersonRow,
  findUserType,
  findVisit,
  hostsOfVisits,
  insertVisit,
  peopleByContact,
  replaceVisitHosts,
  typeIdsOfPerson,
  updateVisit,
  visitInScope,
  visitorRoleId,
  type UserTypeRow,
  type VisitRow,
} from './expected-visits.repository';
import { decisionMail, inviteMail } from './expected-visits.mails';
import { visitorDecisionMail } from './visitor-mails';
import { assertMayChangeVisit } from './visit-editor';
import { fullName, visitView } from './visit-view';
import {
  checkHosts,
  clockOf,
  complianceStateOf,
  flowFor,
  linkUrl,
  newLinkCode,
  passUrl,
  newLinkToken,
  sameDayVisit,
  stageOf,
  visitOrigin,
  withHeld,
  visitTimeOf,
  type FlowChoice,
  type VisitTime,
} from './visit-rules';
import { followComplianceMails } from '../compliance-mails/compliance-mails.jobs';
import { assertVisitPermitted } from '../visit-permits/permit-rule';
import { inTenant } from '../access/in-tenant';
import { askHostsIfAwaiting } from '../host-alerts/host-alerts';
import { queueWebhooks } from '../webhooks/webhook-outbox';
import { expectedVisitMessage } from '../webhooks/webhook-payloads';

type Resolved = {
  site: { id: string; name: string };
  area: { id: string; name: string; loginMode: string };
  type: UserTypeRow;
  when: VisitTime;
  person: { id: string; email: string | null; firstName: string } | null;
  visitor: ExpectedVisitBodyParsed['visitor'];
  flow: FlowChoice | null;
  hostIds: string[];
};

/** Everything a body names, checked in this company and the caller's scope, each failure naming its field. */
async function resolveBody(
  tx: Executor,
  ctx: AccessContext,
  body: ExpectedVisitBodyParsed,
  now: Date,
  before?: VisitRow,
): Promise<Resolved> {
  if (!siteInScope(ctx, body.site_id)) {
    throw new AppError('rule_violation', { field: 'site_id', messageKey: 'site_not_available' });
  }
  const place = await findAreaWithSite(tx, ctx.entityId, body.area_id);
  if (!place || place.site.id !== body.site_id || !place.area.active) {
    throw new AppError('rule_violation', { field: 'area_id', messageKey: 'expected_visit_area_not_available' });
  }
  const type = await findUserType(tx, ctx.entityId, body.user_type_id);
  if (!type || !typeInScope(ctx, type.id)) {
    throw new AppError('rule_violation', { field: 'user_type_id', messageKey: 'user_type_not_available' });
  }
  const timezone = companyZone(ctx);
  const kept = before?.expectedAt && clockOf(before.expectedAt, timezone);
  const unchanged = kept && kept.date === body.visit_date && kept.time === body.visit_time;
  // A time kept from before may have passed; a new one may not.
  const when = visitTimeOf(body.visit_date, body.visit_time, timezone, unchanged ? new Date(0) : now);

  let person: Resolved['person'] = null;
  let personName = body.visitor ? `${body.visitor.first_name} ${body.visitor.last_name}`.trim() : '';
  if (body.person_id) {
    const row = await findPersonRow(tx, ctx.entityId, body.person_id, personInScope(ctx));
    if (!row) throw new AppError('rule_violation', { field: 'person_id', messageKey: 'person_not_found' });
    if (row.status !== 'active') {
      throw new AppError('rule_violation', { field: 'person_id', messageKey: 'expected_visit_person_archived' });
    }
    if (!(await typeIdsOfPerson(tx, ctx.entityId, row.id)).includes(type.id)) {
      throw new AppError('rule_violation', { field: 'user_type_id', messageKey: 'expected_visit_type_not_person' });
    }
    person = { id: row.id, email: row.email, firstName: row.firstName };
    personName = fullName(row);
  } else if (body.visitor) {
    const v = body.visitor;
    const taken = await findTakenValues(tx, ctx.entityId, {
      email: v.email,
      phoneCode: v.phone_code,
      phone: v.phone,
      idNumber: null,
    });
    if (taken.email) throw new AppError('conflict', { field: 'visitor.email', messageKey: 'email_taken' });
    if (taken.phone) throw new AppError('conflict', { field: 'visitor.phone', messageKey: 'phone_taken' });
    const missing = missingProfileData(
      mandatoryOf([{ mandatory: type.mandatoryProfileData }]),
      { email: v.email, phone: v.phone, idNumber: null, companyName: v.company_name, image: null },
      false,
    );
    if (missing) throw new AppError('rule_violation', { ...missing, field: `visitor.${missing.field}` });
  }

  if (person && (await sameDayVisit(tx, ctx.entityId, person.id, when, before?.id))) {
    throw new AppError('rule_violation', { field: 'visit_date', messageKey: 'expected_visit_exists' });
  }
  // The visit-permit rule (decision 026) at the visit's time; a new visitor has no permit yet.
  await assertVisitPermitted(
    tx,
    ctx.entityId,
    timezone,
    {
      personId: person?.id ?? null,
      personName,
      userType: { name: type.name, needsPermit: type.visitsNeedPermit },
      site: place.site,
      at: when.expectedAt,
    },
    person ? 'person_id' : 'user_type_id',
  );
  const flow = await flowFor(tx, ctx.entityId, type.id, place.site.id);
  const hostIds = await checkHosts(tx, ctx.entityId, body.host_ids, flow, type.id);
  return {
    site: place.site,
    area: { id: place.area.id, name: place.area.name, loginMode: place.area.loginMode },
    type,
    when,
    person,
    visitor: body.visitor,
    flow,
    hostIds,
  };
}

/** The new visitor as a person of the company, at the visit's site and with its user type. */
async function addVisitor(tx: Executor, ctx: AccessContext, r: Resolved) {
  const v = r.visitor!;
  const id = newId();
  await insertPerson(tx, {
    entityId: ctx.entityId,
    id,
    firstName: v.first_name,
    lastName: v.last_name,
    email: v.email,
    phoneCode: v.phone_code,
    phone: v.phone,
    companyName: v.company_name,
    roleId: await visitorRoleId(tx, ctx.entityId),
    qrCode: newQrCode(),
  });
  await replaceSites(tx, ctx.entityId, id, [r.site.id]);
  await replaceUserTypes(tx, ctx.entityId, [id], [r.type.id]);
  await writeAudit(tx, ctx, {
    action: 'person.create',
    targetType: 'person',
    targetId: id,
    after: { first_name: v.first_name, last_name: v.last_name, email: v.email, source: 'expected_visit' },
  });
  return { id, email: v.email, firstName: v.first_name };
}

const actorPersonId = (ctx: AccessContext) =>
  ctx.actor.kind === 'user' || ctx.actor.kind === 'host_link' ? ctx.actor.personId : null;

/** The visitor's email with the visit's confirmation link and code (none without an email or a link). */
export function invite(
  app: FastifyInstance,
  ctx: AccessContext,
  lang: Language,
  row: VisitRow,
  to: { name: string; email: string | null; place: string },
) {
  if (!to.email || !row.linkToken) return null;
  const clock = clockOf(row.expectedAt!, companyZone(ctx));
  return inviteMail(lang, to.email, {
    company: ctx.entity.name,
    name: to.name,
    date: clock.date,
    time: clock.time,
    place: to.place,
    code: row.linkCode ?? '',
    link: linkUrl(app, row.linkToken),
  });
}

const inviteeOf = (r: Resolved, person: NonNullable<Resolved['person']>) => ({
  name: person.firstName,
  email: person.email,
  place: `${r.site.name}, ${r.area.name}`,
});

/** The database's unique indexes back the checks when two requests race. */
async function mapUnique<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const mapped = uniqueViolation(error);
    if (mapped) throw new AppError('conflict', { ...mapped.options, field: `visitor.${mapped.options.field}` });
    throw error;
  }
}

/** Whom an expected visit's screening looks at: the chosen person, or the new visitor's details. */
async function visitorSubject(
  tx: Executor,
  ctx: AccessContext,
  body: ExpectedVisitBodyParsed,
): Promise<ScreenedSubject> {
  if (body.person_id) {
    const [person] = await findPeople(tx, ctx.entityId, undefined, [body.person_id]);
    if (person) return personSubject(person);
  }
  const v = body.visitor!;
  return {
    personId: null,
    name: `${v.first_name} ${v.last_name}`.trim(),
    email: v.email,
    phone: v.phone ? `${v.phone_code ?? ''}${v.phone}` : null,
    company: v.company_name,
  };
}

export async function createExpectedVisit(
  app: FastifyInstance,
  ctx: AccessContext,
  body: ExpectedVisitBodyParsed,
  lang: Language,
  now = new Date(),
) {
  // An expected visit is a way in: its visitor is screened against the watchlist (issue 29).
  const screening = new Screening(app, ctx, 'expected_visit');
  const { view, row, mail } = await screening.settle(
    () =>
      mapUnique(
        inTenant(app, ctx, async (tx) => {
          const r = await resolveBody(tx, ctx, body, now);
          await screening.subjects(tx, [await visitorSubject(tx, ctx, body)], now);
          screening.stopIfAny(body.person_id ? 'person_id' : 'visitor', lang);
          const person = r.person ?? (await addVisitor(tx, ctx, r));
          screening.identify(0, person.id);
          // A day already full: refused, or waiting for an admin (decision 054).
          const held = await holdForFullDay(
            tx,
            ctx.entityId,
            companyZone(ctx),
            { areaId: r.area.id, userTypeId: r.type.id, expectedAt: r.when.expectedAt },
            'visit_date',
          );
          const id = newId();
          const { progress } = await complianceStateOf(tx, ctx.entityId, {
            personId: person.id,
            flowId: r.flow?.flowId ?? null,
            visitId: id,
            at: r.when.expectedAt,
          });
          const row = await insertVisit(tx, {
            entityId: ctx.entityId,
            id,
            personId: person.id,
            userTypeId: r.type.id,
            siteId: r.site.id,
            areaId: r.area.id,
            journeyId: r.flow?.journeyId ?? null,
            journeyFlowId: r.flow?.flowId ?? null,
            loginMode: r.area.loginMode,
            state: 'expected',
            stage: stageOf({
              method: r.type.registrationMethod as RegistrationMethod,
              autoApprove: r.type.autoApproveVisits,
              origin: 'admin',
              progress,
              current: null,
              held,
            }),
            expectedAt: r.when.expectedAt,
            notes: body.notes,
            createdByPersonId: actorPersonId(ctx),
            linkToken: newLinkToken(),
            linkCode: newLinkCode(),
            // The language the visitor's emails were first written in (later mails follow it).
            extra: { origin: 'admin', lang, ...(held ? { capacity_held: true } : {}) },
          });
          await replaceVisitHosts(tx, ctx.entityId, id, r.hostIds);
          const view = await visitView(app, tx, row, companyZone(ctx));
          await writeAudit(tx, ctx, { action: 'visit.expected', targetType: 'visit', targetId: id, after: view });
          await queueWebhooks(tx, ctx.entityId, 'expected_visit.created', [expectedVisitMessage(view)]);
          await askHostsIfAwaiting(app, tx, { ...ctx.entity, timezone: companyZone(ctx) }, row, lang, now);
          await screening.wentAhead(tx, now);
          return { view, row, mail: invite(app, ctx, lang, row, inviteeOf(r, person)) };
        }),
      ),
    now,
  );
  if (mail) await app.mailer.send(mail);
  await followComplianceMails(app, ctx.entityId, [row.id]);
  return { message: t(lang, 'errors:expected_visit_created'), data: view };
}

async function mustFindVisit(tx: Executor, ctx: AccessContext, id: string, forUpdate = false) {
  const row = await findVisit(tx, ctx.entityId, id, visitInScope(ctx), forUpdate);
  if (!row) throw new AppError('not_found');
  return row;
}

/** An expected visit still waiting: a deleted or arrived one cannot change. */
function assertExpected(row: VisitRow, field: string) {
  if (row.state !== 'expected') {
    throw new AppError('rule_violation', { field, messageKey: 'expected_visit_not_expected' });
  }
}

export async function getExpectedVisit(app: FastifyInstance, ctx: AccessContext, id: string) {
  return inTenant(app, ctx, async (tx) => visitView(app, tx, await mustFindVisit(tx, ctx, id), companyZone(ctx)));
}

/** PUT: every field replaced; the stage follows the new user type and compliance, a decision is kept. */
export async function changeExpectedVisit(
  app: FastifyInstance,
  ctx: AccessContext,
  id: string,
  body: ExpectedVisitBodyParsed,
  lang: Language,
  now = new Date(),
) {
  const { view, row, mail } = await mapUnique(
    inTenant(app, ctx, async (tx) => {
      const before = await mustFindVisit(tx, ctx, id, true);
      assertExpected(before, 'id');
      await assertMayChangeVisit(tx, ctx, before);
      const beforeView = await visitView(app, tx, before, companyZone(ctx));
      const r = await resolveBody(tx, ctx, body, now, before);
      const person = r.person ?? (await addVisitor(tx, ctx, r));
      const { progress, failedAt } = await complianceStateOf(tx, ctx.entityId, {
        personId: person.id,
        flowId: r.flow?.flowId ?? null,
        visitId: id,
        at: r.when.expectedAt,
      });
      const samePlace = before.personId === person.id && before.userTypeId === r.type.id;
      const held = await holdForFullDay(
        tx,
        ctx.entityId,
        companyZone(ctx),
        { areaId: r.area.id, userTypeId: r.type.id, expectedAt: r.when.expectedAt, exceptVisitId: id },
        'visit_date',
      );
      const row = await updateVisit(tx, ctx.entityId, id, {
        personId: person.id,
        userTypeId: r.type.id,
        siteId: r.site.id,
        areaId: r.area.id,
        journeyId: r.flow?.journeyId ?? null,
        journeyFlowId: r.flow?.flowId ?? null,
        loginMode: r.area.loginMode,
        stage: stageOf({
          method: r.type.registrationMethod as RegistrationMethod,
          autoApprove: r.type.autoApproveVisits,
          origin: visitOrigin(before),
          progress,
          // An admin's decision stays with the same person and user type.
          current: samePlace ? before.stage : null,
          decidedAt: samePlace ? before.decidedAt : null,
          failedAt,
          held,
        }),
        expectedAt: r.when.expectedAt,
        notes: body.notes,
        extra: withHeld(before.extra, held),
      });
      await replaceVisitHosts(tx, ctx.entityId, id, r.hostIds);
      const view = await visitView(app, tx, row, companyZone(ctx));
      await writeAudit(tx, ctx, {
        action: 'visit.expected_changed',
        targetType: 'visit',
        targetId: id,
        before: beforeView,
        after: view,
      });
      await queueWebhooks(tx, ctx.entityId, 'expected_visit.changed', [expectedVisitMessage(view)]);
      // A new person hears of the visit; the same one already has the link.
      const mail = before.personId !== person.id ? invite(app, ctx, lang, row, inviteeOf(r, person)) : null;
      return { view, row, mail };
    }),
  );
  if (mail) await app.mailer.send(mail);
  // A moved visit's mails start again for its new time; another person's go to them.
  await followComplianceMails(app, ctx.entityId, [row.id]);
  return { message: t(lang, 'errors:expected_visit_updated'), data: view };
}

/** DELETE: the visit becomes cancelled and is kept, so its link can say it was deleted. */
export async function removeExpectedVisit(app: FastifyInstance, ctx: AccessContext, id: string, lang: Language) {
  const row = await inTenant(app, ctx, async (tx) => {
    const before = await mustFindVisit(tx, ctx, id, true);
    assertExpected(before, 'id');
    await assertMayChangeVisit(tx, ctx, before);
    const row = await updateVisit(tx, ctx.entityId, id, { state: 'cancelled' });
    await writeAudit(tx, ctx, {
      action: 'visit.deleted',
      targetType: 'visit',
      targetId: id,
      before: { state: before.state, stage: before.stage },
      after: { state: 'cancelled', stage: before.stage },
    });
    await queueWebhooks(tx, ctx.entityId, 'expected_visit.cancelled', [
      expectedVisitMessage(await visitView(app, tx, row, companyZone(ctx))),
    ]);
    return row;
  });
  await followComplianceMails(app, ctx.entityId, [row.id]);
  return { message: t(lang, 'errors:expected_visit_deleted') };
}

const APPROVING = new Set(['approve', 'approve_rejected']);

/** Spec approve-visit, reject-visit, approve-rejected-visit, reject-approved-visit; the hosts are told. */
export async function decideVisit(
  app: FastifyInstance,
  ctx: AccessContext,
  id: string,
  body: VisitDecisionBody,
  lang: Language,
) {
  const approved = APPROVING.has(body.decision);
  // Approving is a way in too: the visitor is screened again (issue 29).
  const screening = new Screening(app, ctx, 'expected_visit');
  const now = new Date();
  const { view, row, mails } = await screening.settle(
    () =>
      inTenant(app, ctx, async (tx) => {
        const before = await mustFindVisit(tx, ctx, id, true);
        assertExpected(before, 'decision');
        await assertMayChangeVisit(tx, ctx, before);
        const next = decide((before.stage as JourneyStage | null) ?? null, body.decision);
        if (!next)
          throw new AppError('rule_violation', {
            field: 'decision',
            messageKey: 'expected_visit_decision_not_allowed',
          });
        if (approved) {
          await screening.people(tx, await findPeople(tx, ctx.entityId, undefined, [before.personId]), now);
          screening.stopIfAny('decision', lang);
          await screening.wentAhead(tx, now);
        }
        const row = await updateVisit(tx, ctx.entityId, id, {
          stage: next,
          decidedByPersonId: actorPersonId(ctx),
          decidedAt: new Date(),
        });
        const view = await visitView(app, tx, row, companyZone(ctx));
        await writeAudit(tx, ctx, {
          action: `visit.${body.decision}`,
          targetType: 'visit',
          targetId: id,
          before: { stage: before.stage },
          after: { stage: next },
        });
        await queueWebhooks(tx, ctx.entityId, approved ? 'expected_visit.approved' : 'expected_visit.rejected', [
          expectedVisitMessage(view),
        ]);
        const hosts = await hostsOfVisits(tx, ctx.entityId, [id]);
        const mails: Mail[] = hosts
          .filter((h) => h.email)
          .map((h) =>
            decisionMail(lang, h.email!, approved, {
              name: h.fullName,
              visitor: view.person.full_name,
              place: `${view.site.name}, ${view.area.name}`,
              date: view.visit_date,
              time: view.visit_time,
            }),
          );
        // The visitor hears of it too, in the language they registered in (the success page promised it).
        const person = await findPersonRow(tx, ctx.entityId, row.personId);
        if (person?.email && row.linkToken && row.linkCode) {
          const visitorLang = isLanguage(row.extra.lang) ? row.extra.lang : lang;
          mails.push(
            await visitorDecisionMail(visitorLang, person.email, approved, {
              company: ctx.entity.name,
              name: person.firstName,
              date: view.visit_date,
              time: view.visit_time,
              place: `${view.site.name}, ${view.area.name}`,
              code: row.linkCode,
              link: passUrl(app, row.linkToken),
            }),
          );
        }
        return { view, row, mails };
      }),
    now,
  );
  const action: VisitAction = approved ? 'approved' : 'rejected';
  for (const mail of mails) await app.mailer.send(mail);
  await followComplianceMails(app, ctx.entityId, [row.id]);
  return { message: t(lang, `errors:expected_visit_${action}`), data: view };
}

type ValidateBody = z.output<typeof validateExpectedVisitBodySchema>;

/**
 * The form's live checks on whatever has been typed (spec expected-visit-validate, check_user_found):
 * each broken rule as the save would name it, and the person an email or phone belongs to when the
 * caller may act on them. A person outside the caller's scope is only "taken", never shown.
 */
export async function validateExpectedVisit(
  app: FastifyInstance,
  ctx: AccessContext,
  body: ValidateBody,
  lang: Language,
  now = new Date(),
): Promise<ValidateExpectedVisitResult> {
  const fields: Record<string, string[]> = {};
  const add = (field: string, key: string) =>
    (fields[field] ??= []).push(t(lang, `errors:${key}`, fieldVars(lang, field)));
  return inTenant(app, ctx, async (tx) => {
    let person: ValidateExpectedVisitResult['person'] = null;
    let personId: string | null = null;
    if (body.person_id) {
      const row = await findPersonRow(tx, ctx.entityId, body.person_id, personInScope(ctx));
      if (!row) add('person_id', 'person_not_found');
      else personId = row.id;
    } else if (body.email || body.phone) {
      const found = await peopleByContact(tx, ctx.entityId, {
        email: body.email,
        phoneCode: body.phone_code ?? null,
        phone: body.phone,
      });
      const byEmail = body.email ? found.find((p) => p.email?.toLowerCase() === body.email) : undefined;
      const byPhone = body.phone
        ? found.find((p) => p.phone === body.phone && (p.phoneCode ?? '') === (body.phone_code ?? ''))
        : undefined;
      const match = byEmail ?? byPhone;
      if (byEmail && byPhone && byEmail.id !== byPhone.id) add('phone', 'phone_taken');
      if (match) {
        const visible = await findPersonRow(tx, ctx.entityId, match.id, personInScope(ctx));
        if (visible) personId = visible.id;
        else add(byEmail ? 'email' : 'phone', byEmail ? 'email_taken' : 'phone_taken');
      }
    }
    if (personId) {
      const row = (await findPersonRow(tx, ctx.entityId, personId))!;
      const types = await userTypesOf(tx, ctx.entityId, [personId]);
      person = {
        id: row.id,
        full_name: fullName(row),
        first_name: row.firstName,
        last_name: row.lastName,
        email: row.email,
        phone_code: row.phoneCode,
        phone: row.phone,
        company_name: row.companyName,
        user_types: types.map((x) => ({ id: x.id, name: x.name })),
      };
      if (row.status !== 'active') add('person_id', 'expected_visit_person_archived');
      if (body.user_type_id && !types.some((x) => x.id === body.user_type_id)) {
        add('user_type_id', 'expected_visit_type_not_person');
      }
    }
    if (body.user_type_id) {
      const type = await findUserType(tx, ctx.entityId, body.user_type_id);
      if (!type || !typeInScope(ctx, type.id)) add('user_type_id', 'user_type_not_available');
    }
    if (body.site_id && !siteInScope(ctx, body.site_id)) add('site_id', 'site_not_available');
    if (body.area_id) {
      const place = await findAreaWithSite(tx, ctx.entityId, body.area_id);
      if (!place || !place.area.active || (body.site_id && place.site.id !== body.site_id)) {
        add('area_id', 'expected_visit_area_not_available');
      }
    }
    if (body.visit_date && !isVisitDate(body.visit_date)) add('visit_date', 'expected_visit_invalid_date');
    else if (body.visit_date && body.visit_time) {
      if (!/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(body.visit_time))
        add('visit_time', 'expected_visit_invalid_time');
      else {
        try {
          const when = visitTimeOf(body.visit_date, body.visit_time.slice(0, 5), companyZone(ctx), now);
          if (personId && (await sameDayVisit(tx, ctx.entityId, personId, when, body.exclude_visit_id))) {
            add('visit_date', 'expected_visit_exists');
          }
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          add(error.options.field ?? 'visit_time', error.options.messageKey ?? error.code);
        }
      }
    }
    return { valid: Object.keys(fields).length === 0, fields, person };
  });
}
