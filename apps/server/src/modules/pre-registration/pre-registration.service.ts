// The public pre-registration pages (spec §2 /pre-registration/:id?, §5 "Pre-registration server
// checks", §7 "Pre-registration"). A link is a user type's self-registration code or a visit's token;
// the company is found from it and every read and write then runs in that company's tenant
// transaction. The answers carry only what the page needs.
import type { FastifyInstance } from 'fastify';
import { LIMITS, type Language } from '@app/shared/constants';
import {
  CUSTOM_FIELD_TYPES,
  checkCustomFieldValue,
  customFieldOptionsSchema,
  planHasCustomFields,
  type CustomFieldType,
} from '@app/shared/custom-fields/schemas';
import type { PersonFieldValueInput } from '@app/shared/people/schemas';
import type {
  CheckUserResult,
  PreRegistrationDone,
  PreRegistrationForm,
  PreRegistrationInfo,
} from '@app/shared/pre-registration/schemas';
import { PROFILE_FIELDS, type RegistrationMethod } from '@app/shared/user-types/schemas';
import type { z } from 'zod';
import type {
  checkUserBodySchema,
  checkVisitBodySchema,
  hostSearchBodySchema,
} from '@app/shared/pre-registration/schemas';
import { safeTimeZone } from '@app/shared/time-zones';
import { withTenant, type Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { assertVisitPermitted } from '../visit-permits/permit-rule';
import { t } from '../../lib/i18n';
import { newId } from '../../lib/ids';
import { checkImage } from '../../lib/images';
import { randomToken } from '../../lib/tokens';
import { findEntity } from '../access/access.repository';
import type { EntityRecord } from '../access/access.types';
import { newQrCode } from '../entities/entity-setup';
import {
  countFlowCompliances,
  findAreaWithSite,
  findFlow,
  findUserType,
  findVisit,
  findUserTypeKeysByQr,
  findVisitKeysByToken,
  flowsOfUserTypes,
  activeAreasOfSites,
  insertVisit,
  listUserTypes,
  listedHostIds,
  peopleByContact,
  replaceVisitHosts,
  searchHosts,
  typeIdsOfPerson,
  visitorRoleId,
  type UserTypeRow,
} from '../expected-visits/expected-visits.repository';
import {
  checkHosts,
  complianceStateOf,
  flagsOf,
  flowFor,
  hostSettingsOf,
  newLinkCode,
  newLinkToken,
  sameDayVisit,
  stageOf,
  visitTimeOf,
} from '../expected-visits/visit-rules';
import {
  fieldValuesOf,
  insertPerson,
  replaceSites,
  replaceUserTypes,
  saveFieldValues,
  updatePerson,
} from '../people/people.repository';
import { mandatoryOf, missingProfileData } from '../people/person-rules';
import { readFlowSettings } from '@app/shared/journeys/flow-settings';
import { isBuiltInFieldLabel } from '@app/shared/pre-registration/built-in-fields';
import { sectionAsksType, sectionTypesOf } from '../custom-fields/section-user-types';
import { addPersonSite, profileFieldsWithSections, writeLinkAudit } from './pre-registration.repository';
import { expiredLink, visitByLinkIn } from './visit-link.service';
import { visitDone, visitorConfirmation } from './visit-pass';
import { emitVisits } from '../visits/visit-view';
import { followComplianceMails } from '../compliance-mails/compliance-mails.jobs';

// ---- links ----

export type LinkTarget =
  { kind: 'type'; entityId: string; userTypeId: string } | { kind: 'visit'; entityId: string; visitId: string };

/** What a link id names: a user type's self-registration code first, then a visit's token. */
export async function resolveLink(app: FastifyInstance, id: string): Promise<LinkTarget | null> {
  const type = await findUserTypeKeysByQr(app.db.db, id);
  if (type) return { kind: 'type', entityId: type.entityId, userTypeId: type.id };
  const visit = await findVisitKeysByToken(app.db.db, id);
  if (visit) return { kind: 'visit', entityId: visit.entityId, visitId: visit.id };
  return null;
}

const linkInvalid = (field = 'link_id') =>
  new AppError('not_found', { field, messageKey: 'pre_registration_expired.link_invalid' });

export const companyOf = (entity: EntityRecord) => ({ name: entity.name, logo_url: entity.logo || null });

async function mustEntity(tx: Executor, entityId: string) {
  const entity = await findEntity(tx, entityId);
  if (!entity) throw linkInvalid();
  return entity;
}

/** Whether a registration method lets a visitor register through a link (spec §4 Registration methods). */
export const registrationAvailable = (method: string) => method !== 'pre_registered_by_admin';

/** The link's user type first; when it lets people switch their own type, the company's other types. */
async function offeredTypes(tx: Executor, entityId: string, linkTypeId: string): Promise<UserTypeRow[]> {
  const link = await findUserType(tx, entityId, linkTypeId);
  if (!link) return [];
  if (!link.canSwitchOwnType) return [link];
  const others = (await listUserTypes(tx, entityId)).filter((x) => x.id !== link.id);
  return [link, ...others];
}

const asType = (type: string): CustomFieldType =>
  (CUSTOM_FIELD_TYPES as readonly string[]).includes(type) ? (type as CustomFieldType) : 'text';
const profileData = (list: string[]) =>
  list.filter((x): x is (typeof PROFILE_FIELDS)[number] => (PROFILE_FIELDS as readonly string[]).includes(x));

/**
 * The profile fields a visitor of these user types fills, when the company's plan has custom fields:
 * the sections bound to one of the types or to none (each field says which of the types it is asked
 * of; empty: all). A field named like one of the visitor's own fields is left to the built-in field.
 */
export async function publicFields(tx: Executor, entity: EntityRecord, typeIds: string[]) {
  if (!planHasCustomFields(entity.plan)) return [];
  const rows = await profileFieldsWithSections(tx, entity.id);
  const bound = await sectionTypesOf(tx, entity.id, [...new Set(rows.map((f) => f.sectionId))]);
  return rows
    .filter((f) => typeIds.some((id) => sectionAsksType(bound.get(f.sectionId), id)))
    .filter((f) => !isBuiltInFieldLabel(f.name))
    .map((f) => ({
      id: f.id,
      name: f.name,
      type: asType(f.type),
      options: customFieldOptionsSchema.safeParse(f.options).data ?? {},
      required: f.required,
      section: { id: f.sectionId, name: f.sectionName },
      user_type_ids: (bound.get(f.sectionId) ?? []).filter((id) => typeIds.includes(id)),
    }));
}

async function offeredFlows(tx: Executor, entityId: string, typeIds: string[]) {
  const rows = await flowsOfUserTypes(tx, entityId, typeIds);
  const counts = await countFlowCompliances(
    tx,
    entityId,
    rows.map((r) => r.flow.id),
  );
  const areas = await activeAreasOfSites(tx, entityId, [...new Set(rows.map((r) => r.siteId))]);
  const byFlow = new Map<string, PreRegistrationInfo['flows'][number]>();
  for (const r of rows) {
    const settings = readFlowSettings(r.flow.settings);
    let entry = byFlow.get(r.flow.id);
    if (!entry) {
      entry = {
        flow_id: r.flow.id,
        journey_id: r.flow.journeyId,
        user_type_id: r.flow.userTypeId,
        sites: [],
        compliance_flags: flagsOf({
          settings,
          touchMode: r.touchMode,
          complianceCount: counts.find((c) => c.flowId === r.flow.id)?.count ?? 0,
        }),
        host: hostSettingsOf(settings),
      };
      byFlow.set(r.flow.id, entry);
    }
    const siteAreas = areas.filter((a) => a.siteId === r.siteId).map((a) => ({ id: a.id, name: a.name }));
    if (siteAreas.length) entry.sites.push({ id: r.siteId, name: r.siteName, areas: siteAreas });
  }
  return [...byFlow.values()].filter((f) => f.sites.length > 0);
}

/** GET /public/pre-registration/{id}: what a self-registration or confirmation link shows. */
export async function preRegistrationInfo(
  app: FastifyInstance,
  id: string,
  lang: Language,
  now = new Date(),
): Promise<PreRegistrationInfo> {
  const target = await resolveLink(app, id);
  const empty = { user_types: [], flows: [], custom_fields: [] };
  if (!target)
    return { kind: 'expired', company: null, timezone: null, message: null, ...empty, visit: expiredLink(lang) };
  return withTenant(app.db.db, target.entityId, async (tx) => {
    const entity = await mustEntity(tx, target.entityId);
    if (target.kind === 'visit') {
      const visit = await visitByLinkIn(app, tx, entity, target.visitId, 'confirm', lang, now);
      return {
        kind: visit.visitMetadata.is_expired ? 'expired' : 'confirmation',
        company: companyOf(entity),
        timezone: safeTimeZone(entity.timezone),
        message: null,
        ...empty,
        custom_fields: visit.validations?.custom_fields ?? [],
        visit,
      };
    }
    const types = await offeredTypes(tx, entity.id, target.userTypeId);
    const available = types.filter((x) => registrationAvailable(x.registrationMethod));
    const linkType = types[0];
    return {
      kind: 'self_registration',
      company: companyOf(entity),
      timezone: safeTimeZone(entity.timezone),
      user_types: types.map((x) => ({
        id: x.id,
        name: x.name,
        registration_method: x.registrationMethod as RegistrationMethod,
        can_switch_own_type: x.canSwitchOwnType,
        mandatory_profile_data: profileData(x.mandatoryProfileData),
        registration_available: registrationAvailable(x.registrationMethod),
      })),
      flows: await offeredFlows(
        tx,
        entity.id,
        available.map((x) => x.id),
      ),
      custom_fields: await publicFields(
        tx,
        entity,
        available.map((x) => x.id),
      ),
      message:
        linkType && !registrationAvailable(linkType.registrationMethod)
          ? t(lang, 'errors:pre_registration_not_available')
          : null,
      visit: null,
    };
  });
}

// ---- the server checks of spec §5 ----

async function withLink<T>(
  app: FastifyInstance,
  id: string,
  fn: (tx: Executor, target: LinkTarget, entity: EntityRecord) => Promise<T>,
) {
  const target = await resolveLink(app, id);
  if (!target) throw linkInvalid('id');
  return withTenant(app.db.db, target.entityId, async (tx) => fn(tx, target, await mustEntity(tx, target.entityId)));
}

/** The user types a link may register: the offered ones of a self-registration link, the visit's own type. */
async function typesOfLink(tx: Executor, target: LinkTarget) {
  if (target.kind === 'type') return offeredTypes(tx, target.entityId, target.userTypeId);
  const visit = await findVisit(tx, target.entityId, target.visitId);
  const type = visit?.userTypeId ? await findUserType(tx, target.entityId, visit.userTypeId) : null;
  return type ? [type] : [];
}

/** One person for an email and a phone: two different people answer 409 (spec duplicate-user check). */
async function personByContact(
  tx: Executor,
  entityId: string,
  contact: { email?: string | null; phone_code?: string | null; phone?: string | null },
) {
  const found = await peopleByContact(tx, entityId, {
    email: contact.email ?? null,
    phoneCode: contact.phone_code ?? null,
    phone: contact.phone ?? null,
  });
  const byEmail = contact.email
    ? found.find((p) => p.email?.toLowerCase() === contact.email!.toLowerCase())
    : undefined;
  const byPhone = contact.phone
    ? found.find((p) => p.phone === contact.phone && (p.phoneCode ?? '') === (contact.phone_code ?? ''))
    : undefined;
  if (byEmail && byPhone && byEmail.id !== byPhone.id) {
    throw new AppError('conflict', { field: 'phone', messageKey: 'pre_registration_duplicate_person' });
  }
  return byEmail ?? byPhone ?? null;
}

/**
 * Spec validate_user_type_pre_registration and check_user_entity: whether the person may register as this
 * type — refused only when already registered with another type they may not leave. Whether the person
 * exists, and as what, stays with the company (decision 018).
 */
export async function checkUser(
  app: FastifyInstance,
  id: string,
  body: z.output<typeof checkUserBodySchema>,
  lang: Language,
): Promise<CheckUserResult> {
  return withLink(app, id, async (tx, target) => {
    const types = await typesOfLink(tx, target);
    if (!types.some((x) => x.id === body.user_type_id)) {
      throw new AppError('rule_violation', { field: 'user_type_id', messageKey: 'pre_registration_type_not_offered' });
    }
    const person = await personByContact(tx, target.entityId, body);
    if (!person) return { allowed: true, message: null };
    const held = await typeIdsOfPerson(tx, target.entityId, person.id);
    const heldRows = (await listUserTypes(tx, target.entityId)).filter((x) => held.includes(x.id));
    const differentType = !held.includes(body.user_type_id) && heldRows.length > 0;
    const canChange = heldRows.length === 0 || heldRows.some((x) => x.canSwitchOwnType);
    const allowed = person.status === 'active' && (!differentType || canChange);
    return { allowed, message: allowed ? null : t(lang, 'errors:pre_registration_not_allowed') };
  });
}

/** Spec validate-expected-visit: another visit of this person on the same day answers error_date. */
export async function checkVisit(
  app: FastifyInstance,
  id: string,
  body: z.output<typeof checkVisitBodySchema>,
  lang: Language,
) {
  return withLink(app, id, async (tx, target, entity) => {
    const place = await findAreaWithSite(tx, target.entityId, body.area_id);
    if (!place)
      throw new AppError('rule_violation', { field: 'area_id', messageKey: 'pre_registration_area_not_offered' });
    const when = visitTimeOf(body.visit_date, body.visit_time, entity.timezone, new Date());
    const person = await personByContact(tx, target.entityId, body);
    const except = target.kind === 'visit' ? target.visitId : undefined;
    const other = person ? await sameDayVisit(tx, target.entityId, person.id, when, except) : null;
    return {
      visit_exists: Boolean(other),
      error_date: other
        ? {
            title: t(lang, 'errors:pre_registration_visit_exists_title'),
            body: t(lang, 'errors:pre_registration_visit_exists_body', { date: body.visit_date }),
          }
        : null,
    };
  });
}

const HOST_RESULTS_MAX = 10;

/**
 * Spec POST /api/hosts/search: names only, after the first name plus two letters of the second. The
 * flow's (and the user type's) listed hosts when it lists any, or it allows only those; otherwise the
 * company's people who use the dashboard. A flow that asks for no host offers none.
 */
export async function searchPublicHosts(app: FastifyInstance, id: string, body: z.output<typeof hostSearchBodySchema>) {
  return withLink(app, id, async (tx, target) => {
    const types = await typesOfLink(tx, target);
    const found = await findFlow(tx, target.entityId, body.flow_id);
    if (!found || !types.some((x) => x.id === found.flow.userTypeId)) {
      throw new AppError('not_found', { field: 'flow_id', messageKey: 'pre_registration_area_not_offered' });
    }
    const settings = hostSettingsOf(readFlowSettings(found.flow.settings));
    if (!settings.asked) return { data: [] };
    const listed = await listedHostIds(tx, target.entityId, found.flow.id, found.flow.userTypeId);
    const ids = [...new Set([...listed.flow, ...listed.userType])];
    const rows = await searchHosts(
      tx,
      target.entityId,
      ids.length || settings.only_listed ? ids : null,
      body.query,
      HOST_RESULTS_MAX,
    );
    return { data: rows.map((r) => ({ id: r.id, full_name: r.fullName })) };
  });
}

// ---- registering ----

/**
 * Custom values a visitor sends: only the profile fields asked of their user type, each checked by its
 * type; the required ones of that type filled. A value for any other field is refused.
 */
export async function checkPublicFieldValues(
  tx: Executor,
  entity: EntityRecord,
  userTypeId: string | null,
  input: PersonFieldValueInput[],
  stored: Set<string>,
) {
  const fields = userTypeId ? await publicFields(tx, entity, [userTypeId]) : [];
  const checked = new Map<string, unknown>();
  for (const item of input) {
    const field = fields.find((f) => f.id === item.custom_field_id);
    if (!field) {
      throw new AppError('rule_violation', {
        field: 'custom_fields',
        messageKey: 'pre_registration_custom_field_not_asked',
      });
    }
    const result = checkCustomFieldValue(
      { type: field.type, options: field.options, required: field.required },
      item.value,
    );
    if (!result.ok) {
      throw new AppError('validation_failed', {
        field: `custom_fields.${field.id}`,
        messageKey: result.error,
        vars: { field: field.name },
      });
    }
    checked.set(field.id, result.value);
  }
  for (const field of fields.filter((f) => f.required)) {
    const filled = checked.has(field.id) ? checked.get(field.id) !== null : stored.has(field.id);
    if (!filled) {
      throw new AppError('validation_failed', {
        field: `custom_fields.${field.id}`,
        messageKey: 'custom_value_required',
        vars: { field: field.name },
      });
    }
  }
  return [...checked].map(([fieldId, value]) => ({ fieldId, value }));
}

/**
 * A photo sent with a pre-registration: png or jpg by content, 250–4096 × 300–2688 px, 3 MB (spec §5),
 * answered re-encoded: its `data` is what is stored.
 */
export async function checkPreRegistrationPhoto(photo: Buffer | null) {
  return photo ? checkImage(photo, LIMITS.preRegistrationPhoto, 'photo') : null;
}

export const photoKey = (entityId: string, personId: string, kind: string) =>
  `entities/${entityId}/people/${personId}/${randomToken(9)}.${kind}`;

/**
 * POST /public/pre-registrations (spec create-expected-visit): the visitor registers a visit through a
 * user type's link. The person is found by email or phone, or created; an existing person of another
 * type registers only when their type lets them switch. The visit's stage follows the registration
 * method: waiting for approval (or auto-approved), or its compliance.
 */
export async function createPreRegistration(
  app: FastifyInstance,
  form: PreRegistrationForm,
  photoFile: Buffer | null,
  lang: Language,
  now = new Date(),
): Promise<PreRegistrationDone> {
  const target = await resolveLink(app, form.link_id);
  if (!target || target.kind !== 'type') throw linkInvalid();
  const photo = await checkPreRegistrationPhoto(photoFile);
  const written: string[] = [];
  try {
    const done = await withTenant(app.db.db, target.entityId, async (tx) => {
      const entity = await mustEntity(tx, target.entityId);
      const types = await offeredTypes(tx, entity.id, target.userTypeId);
      const type = types.find((x) => x.id === form.user_type_id);
      if (!type)
        throw new AppError('rule_violation', {
          field: 'user_type_id',
          messageKey: 'pre_registration_type_not_offered',
        });
      if (!registrationAvailable(type.registrationMethod)) {
        throw new AppError('rule_violation', { field: 'user_type_id', messageKey: 'pre_registration_not_available' });
      }
      const place = await findAreaWithSite(tx, entity.id, form.area_id);
      const flow = place?.area.active ? await flowFor(tx, entity.id, type.id, place.site.id) : null;
      if (!place || !flow) {
        throw new AppError('rule_violation', { field: 'area_id', messageKey: 'pre_registration_area_not_offered' });
      }
      const when = visitTimeOf(form.visit_date, form.visit_time, entity.timezone, now);

      let person = await personByContact(tx, entity.id, form);
      if (person) {
        const held = await typeIdsOfPerson(tx, entity.id, person.id);
        const heldRows = (await listUserTypes(tx, entity.id)).filter((x) => held.includes(x.id));
        const switchable = heldRows.length === 0 || heldRows.some((x) => x.canSwitchOwnType);
        if (person.status !== 'active' || (!held.includes(type.id) && !switchable)) {
          throw new AppError('rule_violation', { field: 'user_type_id', messageKey: 'pre_registration_not_allowed' });
        }
        if (!held.includes(type.id)) await replaceUserTypes(tx, entity.id, [person.id], [type.id]);
        await addPersonSite(tx, entity.id, person.id, place.site.id);
        // A public form never changes who someone is; it only fills what the person lacks.
        if (!person.companyName && form.company_name) {
          person = (await updatePerson(tx, entity.id, person.id, { companyName: form.company_name }))!;
        }
      } else {
        const id = newId();
        person = await insertPerson(tx, {
          entityId: entity.id,
          id,
          firstName: form.first_name,
          lastName: form.last_name,
          email: form.email,
          phoneCode: form.phone_code,
          phone: form.phone,
          companyName: form.company_name,
          roleId: await visitorRoleId(tx, entity.id),
          qrCode: newQrCode(),
        });
        await replaceSites(tx, entity.id, id, [place.site.id]);
        await replaceUserTypes(tx, entity.id, [id], [type.id]);
        await writeLinkAudit(tx, entity.id, {
          action: 'person.create',
          targetType: 'person',
          targetId: id,
          after: {
            first_name: form.first_name,
            last_name: form.last_name,
            email: form.email,
            source: 'pre_registration',
          },
        });
      }
      // The visit-permit rule (decision 026) at the visit's time; someone new has no permit yet.
      await assertVisitPermitted(
        tx,
        entity.id,
        when.timezone,
        {
          personId: person.id,
          personName: `${person.firstName} ${person.lastName}`.trim(),
          userType: { name: type.name, needsPermit: type.visitsNeedPermit },
          site: place.site,
          at: when.expectedAt,
        },
        'visit_date',
      );
      const missing = missingProfileData(
        mandatoryOf([{ mandatory: type.mandatoryProfileData }]),
        { ...person, image: person.image ?? (photo ? 'new' : null) },
        true,
      );
      if (missing) throw new AppError('rule_violation', missing);

      const flags = flagsOf(flow);
      const needsPhoto = (flags.is_image_required || type.mandatoryProfileData.includes('photo')) && !person.image;
      if (needsPhoto && !photo) {
        throw new AppError('rule_violation', { field: 'photo', messageKey: 'pre_registration_photo_required' });
      }
      if (needsPhoto && photo) {
        const key = photoKey(entity.id, person.id, photo.kind);
        await app.files.put(key, photo.data);
        written.push(key);
        person = (await updatePerson(tx, entity.id, person.id, { image: key }))!;
      }
      // Custom values fill what the person has not given yet; stored ones stay.
      const stored = new Set((await fieldValuesOf(tx, entity.id, [person.id])).map((v) => v.fieldId));
      const values = await checkPublicFieldValues(tx, entity, type.id, form.custom_fields, stored);
      const fresh = values.filter((v) => !stored.has(v.fieldId));
      if (fresh.length) await saveFieldValues(tx, entity.id, person.id, fresh);

      if (await sameDayVisit(tx, entity.id, person.id, when)) {
        throw new AppError('rule_violation', {
          field: 'visit_date',
          messageKey: 'pre_registration_visit_exists_body',
          vars: { date: form.visit_date },
        });
      }
      const hostIds = await checkHosts(tx, entity.id, form.host_ids, flow, type.id);
      const visitId = newId();
      const { progress } = await complianceStateOf(tx, entity.id, {
        personId: person.id,
        flowId: flow.flowId,
        visitId,
        at: when.expectedAt,
      });
      const stage = stageOf({
        method: type.registrationMethod as RegistrationMethod,
        autoApprove: type.autoApproveVisits,
        origin: 'pre_registration',
        progress,
        current: null,
      });
      const row = await insertVisit(tx, {
        entityId: entity.id,
        id: visitId,
        personId: person.id,
        userTypeId: type.id,
        siteId: place.site.id,
        areaId: place.area.id,
        journeyId: flow.journeyId,
        journeyFlowId: flow.flowId,
        loginMode: place.area.loginMode,
        state: 'expected',
        stage,
        expectedAt: when.expectedAt,
        hostMessage: form.host_message,
        confirmedAt: now,
        linkToken: newLinkToken(),
        linkCode: newLinkCode(),
        // The visitor's language: the emails about this visit (an admin's decision) are written in it.
        extra: { origin: 'pre_registration', lang },
      });
      await replaceVisitHosts(tx, entity.id, visitId, hostIds);
      await writeLinkAudit(tx, entity.id, {
        action: 'visit.expected',
        targetType: 'visit',
        targetId: visitId,
        after: {
          person_id: person.id,
          user_type_id: type.id,
          area_id: place.area.id,
          stage,
          source: 'pre_registration',
        },
      });
      const hasCompliance = flow.complianceCount > 0;
      const mail = await visitorConfirmation(app, lang, {
        entity,
        person,
        row,
        place: `${place.site.name}, ${place.area.name}`,
        kind: 'registered',
        hasCompliance,
      });
      const done = await visitDone(app, entity, row, {
        message: t(lang, 'errors:pre_registration_created'),
        hasCompliance,
      });
      return { row, mail, done };
    });
    emitVisits(app, target.entityId, 'expected', [done.row]);
    if (done.mail) await app.mailer.send(done.mail);
    await followComplianceMails(app, target.entityId, [done.row.id]);
    return done.done;
  } catch (error) {
    for (const key of written) await app.files.remove(key);
    throw error;
  }
}
