// Registering through a user type's link (spec §2 /pre-registration/:id?, §7 "Pre-registration"): the
// person is found or created and their visit is made, in the company's tenant transaction.
import type { FastifyInstance } from 'fastify';
import { type Language } from '@app/shared/constants';
import type { PreRegistrationDone, PreRegistrationForm } from '@app/shared/pre-registration/schemas';
import { type RegistrationMethod } from '@app/shared/user-types/schemas';
import { withTenant } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { assertVisitPermitted } from '../visit-permits/permit-rule';
import { t } from '../../lib/i18n';
import { newId } from '../../lib/ids';
import { newQrCode } from '../entities/entity-setup';
import {
  findAreaWithSite,
  insertVisit,
  listUserTypes,
  replaceVisitHosts,
  typeIdsOfPerson,
  visitorRoleId,
} from '../expected-visits/expected-visits.repository';
import {
  checkHosts,
  complianceStateOf,
  flagsOf,
  flowFor,
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
import { addPersonSite, writeLinkAudit } from './pre-registration.repository';
import { visitView } from '../expected-visits/visit-view';
import { askHostsIfAwaiting } from '../host-alerts/host-alerts';
import { queueWebhooks } from '../webhooks/webhook-outbox';
import { expectedVisitMessage } from '../webhooks/webhook-payloads';
import { safeTimeZone } from '@app/shared/time-zones';
import { followComplianceMails } from '../compliance-mails/compliance-mails.jobs';
import { linkInvalid, mustEntity, offeredTypes, registrationAvailable, resolveLink } from './link-target';
import { checkPreRegistrationPhoto, checkPublicFieldValues, photoKey } from './public-fields';
import { personByContact } from './registration-checks.service';
import { visitDone, visitorConfirmation } from './visit-pass';
import { Screening } from '../watchlist/watchlist-gate';
import { holdForFullDay } from '../capacity/capacity-gate';
import { personSubject } from '../watchlist/watchlist-screening';

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
  // A public registration is a way in: the visitor is screened against the watchlist (issue 29), and
  // told nothing of it.
  const screening = new Screening(app, target.entityId, 'pre_registration');
  try {
    const done = await screening.settle(
      () =>
        withTenant(app.db.db, target.entityId, async (tx) => {
          const entity = await mustEntity(tx, target.entityId);
          const types = await offeredTypes(tx, entity.id, target.userTypeId);
          const type = types.find((x) => x.id === form.user_type_id);
          if (!type)
            throw new AppError('rule_violation', {
              field: 'user_type_id',
              messageKey: 'pre_registration_type_not_offered',
            });
          if (!registrationAvailable(type.registrationMethod)) {
            throw new AppError('rule_violation', {
              field: 'user_type_id',
              messageKey: 'pre_registration_not_available',
            });
          }
          const place = await findAreaWithSite(tx, entity.id, form.area_id);
          const flow = place?.area.active ? await flowFor(tx, entity.id, type.id, place.site.id) : null;
          if (!place || !flow) {
            throw new AppError('rule_violation', { field: 'area_id', messageKey: 'pre_registration_area_not_offered' });
          }
          const when = visitTimeOf(form.visit_date, form.visit_time, entity.timezone, now);

          let person = await personByContact(tx, entity.id, form);
          await screening.subjects(
            tx,
            [
              person
                ? personSubject(person)
                : {
                    personId: null,
                    name: `${form.first_name} ${form.last_name}`.trim(),
                    email: form.email,
                    phone: form.phone ? `${form.phone_code ?? ''}${form.phone}` : null,
                    company: form.company_name,
                  },
            ],
            now,
          );
          screening.stopIfAny(undefined, lang);
          if (person) {
            const held = await typeIdsOfPerson(tx, entity.id, person.id);
            const heldRows = (await listUserTypes(tx, entity.id)).filter((x) => held.includes(x.id));
            const switchable = heldRows.length === 0 || heldRows.some((x) => x.canSwitchOwnType);
            if (person.status !== 'active' || (!held.includes(type.id) && !switchable)) {
              throw new AppError('rule_violation', {
                field: 'user_type_id',
                messageKey: 'pre_registration_not_allowed',
              });
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
            screening.identify(0, id);
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
          // A day already full: refused, or waiting for an admin (decision 054).
          const held = await holdForFullDay(
            tx,
            entity.id,
            safeTimeZone(entity.timezone),
            { areaId: place.area.id, userTypeId: type.id, expectedAt: when.expectedAt },
            'visit_date',
          );
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
            held,
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
            extra: { origin: 'pre_registration', lang, ...(held ? { capacity_held: true } : {}) },
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
          await queueWebhooks(tx, entity.id, 'expected_visit.created', [
            expectedVisitMessage(await visitView(app, tx, row, safeTimeZone(entity.timezone))),
          ]);
          await askHostsIfAwaiting(app, tx, { ...entity, timezone: safeTimeZone(entity.timezone) }, row, lang, now);
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
          await screening.wentAhead(tx, now);
          return { row, mail, done };
        }),
      now,
    );
    if (done.mail) await app.mailer.send(done.mail);
    await followComplianceMails(app, target.entityId, [done.row.id]);
    return done.done;
  } catch (error) {
    for (const key of written) await app.files.remove(key);
    throw error;
  }
}
