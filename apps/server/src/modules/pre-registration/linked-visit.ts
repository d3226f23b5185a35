// A visit as its own link finds it (spec §3 Visit details (by link)): the visit, its person, type, flow
// and company, whether the link still works and why not (linkExpiry, decision 014), and the visit as
// the link shows it. An unknown link reads as a generic expired link, so a guessed token learns nothing.
import type { FastifyInstance } from 'fastify';
import type { Language } from '@app/shared/constants';
import { linkExpiryMessageKey, type LinkExpiry, type LinkMode } from '@app/shared/pre-registration/link-expiry';
import type { VisitByLink, VisitMetadata } from '@app/shared/pre-registration/schemas';
import { type RegistrationMethod } from '@app/shared/user-types/schemas';
import type { JourneyStage } from '@app/shared/visits/stages';
import { safeTimeZone } from '@app/shared/time-zones';
import { withTenant, type Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { t } from '../../lib/i18n';
import { findEntity } from '../access/access.repository';
import type { EntityRecord } from '../access/access.types';
import {
  countFlowCompliances,
  findAreaWithSite,
  findFlow,
  findPersonRow,
  findUserType,
  findVisit,
  findVisitKeysByToken,
  hostsOfVisits,
  type UserTypeRow,
  type VisitRow,
} from '../expected-visits/expected-visits.repository';
import {
  clockOf,
  complianceStateOf,
  flagsOf,
  hostSettingsOf,
  linkExpiryOf,
  stageOf,
  visitOrigin,
  heldForCapacity,
  type FlowChoice,
} from '../expected-visits/visit-rules';
import { readFlowSettings } from '@app/shared/journeys/flow-settings';
import { companyOf } from './link-target';
import type { LinkAnswer } from './link-passport';
import { profileData, publicFields } from './public-fields';

export const metadata = (
  lang: Language,
  reason: LinkExpiry | null,
  confirmed: boolean,
  mode: LinkMode,
): VisitMetadata => ({
  is_expired: reason !== null,
  reason,
  is_confirmed: confirmed,
  message: reason ? t(lang, `errors:${linkExpiryMessageKey(reason, mode)}`) : null,
});

/** The answer for a link that names no visit: expired, for a reason nobody can learn from. */
export function expiredLink(lang: Language): VisitByLink {
  return {
    visitMetadata: metadata(lang, 'LINK_INVALID', false, 'confirm'),
    user_has_passport: false,
    visitId: null,
    company: null,
    stage: null,
    expectedDateTime: null,
    expected_at: null,
    timezone: null,
    user: null,
    site: null,
    area: null,
    user_type: null,
    hosts: [],
    validations: null,
  };
}

export type Loaded = {
  entity: EntityRecord;
  visit: VisitRow;
  person: NonNullable<Awaited<ReturnType<typeof findPersonRow>>>;
  type: UserTypeRow | null;
  flow: FlowChoice | null;
  expiry: LinkExpiry | null;
};

async function flowOfVisit(tx: Executor, visit: VisitRow): Promise<FlowChoice | null> {
  if (!visit.journeyFlowId) return null;
  const found = await findFlow(tx, visit.entityId, visit.journeyFlowId);
  if (!found) return null;
  const [count] = await countFlowCompliances(tx, visit.entityId, [found.flow.id]);
  return {
    flowId: found.flow.id,
    journeyId: found.flow.journeyId,
    settings: readFlowSettings(found.flow.settings),
    touchMode: found.touchMode,
    complianceCount: count?.count ?? 0,
  };
}

export async function loadLinkedVisit(tx: Executor, entity: EntityRecord, visitId: string, mode: LinkMode, now: Date) {
  const visit = await findVisit(tx, entity.id, visitId, undefined, true);
  const person = visit ? await findPersonRow(tx, entity.id, visit.personId) : null;
  if (!visit || !person) return null;
  const type = visit.userTypeId ? await findUserType(tx, entity.id, visit.userTypeId) : null;
  const expiry = linkExpiryOf(visit, type, mode, now);
  return { entity, visit, person, type, flow: await flowOfVisit(tx, visit), expiry } satisfies Loaded;
}

export const needsPhoto = (l: Pick<Loaded, 'flow' | 'type' | 'person'>) =>
  (flagsOf(l.flow).is_image_required || Boolean(l.type?.mandatoryProfileData.includes('photo'))) && !l.person.image;

async function toVisitByLink(tx: Executor, l: Loaded, mode: LinkMode, lang: Language): Promise<VisitByLink> {
  // A login identity; an address with a passport is added after the transaction (withPassportFlag).
  const hasPassport = l.person.userId !== null;
  if (l.expiry) {
    return {
      ...expiredLink(lang),
      visitMetadata: metadata(lang, l.expiry, l.visit.confirmedAt !== null, mode),
      user_has_passport: hasPassport,
      company: companyOf(l.entity),
    };
  }
  const timezone = safeTimeZone(l.entity.timezone);
  const clock = clockOf(l.visit.expectedAt ?? l.visit.createdAt, timezone);
  const place = await findAreaWithSite(tx, l.entity.id, l.visit.areaId);
  const hosts = await hostsOfVisits(tx, l.entity.id, [l.visit.id]);
  return {
    visitMetadata: metadata(lang, null, l.visit.confirmedAt !== null, mode),
    user_has_passport: hasPassport,
    visitId: l.visit.id,
    company: companyOf(l.entity),
    stage: (l.visit.stage as JourneyStage | null) ?? null,
    expectedDateTime: `${clock.date} ${clock.time}:00`,
    expected_at: (l.visit.expectedAt ?? l.visit.createdAt).toISOString(),
    timezone,
    user: {
      first_name: l.person.firstName,
      last_name: l.person.lastName,
      email: l.person.email,
      phone_code: l.person.phoneCode,
      phone: l.person.phone,
      company_name: l.person.companyName,
    },
    site: place ? place.site : null,
    area: place ? { id: place.area.id, name: place.area.name } : null,
    user_type: l.type ? { id: l.type.id, name: l.type.name } : null,
    hosts: hosts.map((h) => ({ id: h.id, full_name: h.fullName })),
    validations: {
      registration_method: (l.type?.registrationMethod ?? 'registration_allowed') as RegistrationMethod,
      compliance_flags: flagsOf(l.flow),
      mandatory_profile_data: profileData(l.type?.mandatoryProfileData ?? []),
      photo_needed: needsPhoto(l),
      host: hostSettingsOf(l.flow?.settings ?? null),
      custom_fields: l.type ? await publicFields(tx, l.entity, [l.type.id]) : [],
    },
  };
}

/**
 * The visit by its link inside a tenant transaction (the pre-registration info uses it too), with its
 * person's address for withPassportFlag after the transaction.
 */
export async function visitByLinkIn(
  _app: FastifyInstance,
  tx: Executor,
  entity: EntityRecord,
  visitId: string,
  mode: LinkMode,
  lang: Language,
  now: Date,
): Promise<LinkAnswer<VisitByLink>> {
  const l = await loadLinkedVisit(tx, entity, visitId, mode, now);
  if (!l) return { answer: expiredLink(lang), email: null };
  return { answer: await toVisitByLink(tx, l, mode, lang), email: l.person.email };
}

export async function withVisitLink<T>(
  app: FastifyInstance,
  token: string,
  fn: (tx: Executor, entity: EntityRecord, visitId: string) => Promise<T>,
  onUnknown: () => T | Promise<T>,
): Promise<T> {
  const keys = await findVisitKeysByToken(app.db.db, token);
  if (!keys) return onUnknown();
  return withTenant(app.db.db, keys.entityId, async (tx) => {
    const entity = await findEntity(tx, keys.entityId);
    if (!entity) return onUnknown();
    return fn(tx, entity, keys.id);
  });
}

export const unknownLink = () => {
  throw new AppError('not_found', { field: 'token', messageKey: 'pre_registration_expired.link_invalid' });
};

/** A link that still works, or the refusal that names why not. */
export async function loadUsable(tx: Executor, entity: EntityRecord, visitId: string, mode: LinkMode, now: Date) {
  const l = await loadLinkedVisit(tx, entity, visitId, mode, now);
  if (!l) return unknownLink();
  if (l.expiry) {
    throw new AppError('rule_violation', { field: 'token', messageKey: linkExpiryMessageKey(l.expiry, mode) });
  }
  return l;
}
/** Where the linked visit's compliance stands, at the visit's time (complianceStateOf). */
export const linkCompliance = (tx: Executor, l: Loaded, now: Date) =>
  complianceStateOf(tx, l.entity.id, {
    personId: l.person.id,
    flowId: l.visit.journeyFlowId,
    visitId: l.visit.id,
    at: l.visit.expectedAt ?? now,
  });

/** The stage after the visit's compliance changed; an admin's decision stays (stageFor). */
export async function restage(tx: Executor, l: Loaded) {
  const { progress, failedAt } = await linkCompliance(tx, l, new Date());
  return stageOf({
    method: (l.type?.registrationMethod ?? 'registration_allowed') as RegistrationMethod,
    autoApprove: l.type?.autoApproveVisits ?? false,
    origin: visitOrigin(l.visit),
    progress,
    current: l.visit.stage,
    decidedAt: l.visit.decidedAt,
    failedAt,
    held: heldForCapacity(l.visit),
  });
}
