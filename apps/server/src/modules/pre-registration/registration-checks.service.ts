// The server checks a pre-registration page makes before it sends the form (spec §5 "Pre-registration
// server checks"): whether the person may register as a type, whether a visit clashes, and the hosts a
// visitor may choose. The answers carry only what the page needs.
import type { FastifyInstance } from 'fastify';
import { type Language } from '@app/shared/constants';
import type { CheckUserResult } from '@app/shared/pre-registration/schemas';
import type { z } from 'zod';
import type {
  checkUserBodySchema,
  checkVisitBodySchema,
  hostSearchBodySchema,
} from '@app/shared/pre-registration/schemas';
import { type Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { t } from '../../lib/i18n';
import {
  findAreaWithSite,
  findFlow,
  listUserTypes,
  listedHostIds,
  peopleByContact,
  searchHosts,
  typeIdsOfPerson,
} from '../expected-visits/expected-visits.repository';
import { hostSettingsOf, sameDayVisit, visitTimeOf } from '../expected-visits/visit-rules';
import { readFlowSettings } from '@app/shared/journeys/flow-settings';
import { typesOfLink, withLink } from './link-target';

/** One person for an email and a phone: two different people answer 409 (spec duplicate-user check). */
export async function personByContact(
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
