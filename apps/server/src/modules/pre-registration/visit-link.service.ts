// A visit's own links (spec §3 Visit details (by link), /pre-registration/{token}, /c/{token}/{code}):
// the visit as its link shows it, the code form and the visitor's confirmation.
import type { FastifyInstance } from 'fastify';
import type { Language } from '@app/shared/constants';
import { type LinkMode } from '@app/shared/pre-registration/link-expiry';
import type { ConfirmVisitForm, PreRegistrationDone } from '@app/shared/pre-registration/schemas';
import { AppError } from '../../lib/app-error';
import { t } from '../../lib/i18n';
import { safeEqual } from '../../lib/tokens';
import { findAreaWithSite, updateVisit } from '../expected-visits/expected-visits.repository';
import { fieldValuesOf, findTakenValues, saveFieldValues, updatePerson } from '../people/people.repository';
import { mandatoryOf, missingProfileData, uniqueViolation } from '../people/person-rules';
import { writeLinkAudit } from './pre-registration.repository';
import { followComplianceMails } from '../compliance-mails/compliance-mails.jobs';
import {
  expiredLink,
  loadUsable,
  needsPhoto,
  restage,
  unknownLink,
  visitByLinkIn,
  withVisitLink,
} from './linked-visit';
import { withPassportFlag } from './link-passport';
import { checkPreRegistrationPhoto, checkPublicFieldValues, photoKey } from './public-fields';
import { visitDone, visitorConfirmation } from './visit-pass';

/** GET /public/visits/{token} (spec visit-by-visit-url). */
export async function getVisitByLink(
  app: FastifyInstance,
  token: string,
  mode: LinkMode,
  lang: Language,
  now = new Date(),
) {
  const found = await withVisitLink(
    app,
    token,
    (tx, entity, visitId) => visitByLinkIn(app, tx, entity, visitId, mode, lang, now),
    () => ({ answer: expiredLink(lang), email: null }),
  );
  return withPassportFlag(app, found);
}

/** POST /public/visits/{token}/code: the /c/{token}/{code} form checks the visit's code. */
export async function checkLinkCode(app: FastifyInstance, token: string, code: string, now = new Date()) {
  return withVisitLink(
    app,
    token,
    async (tx, entity, visitId) => {
      const l = await loadUsable(tx, entity, visitId, 'compliance', now);
      if (!l.visit.linkCode || !safeEqual(l.visit.linkCode, code.toUpperCase())) {
        throw new AppError('rule_violation', { field: 'code', messageKey: 'pre_registration_code_wrong' });
      }
      return { ok: true as const };
    },
    unknownLink,
  );
}

/**
 * POST /public/visits/{token}/confirm (spec confirm/visit; the passport's /api/visit/confirm): the
 * visitor checks their details and confirms. The link is theirs, so their own details may change,
 * but never to another person's email or phone (spec duplicate-user check).
 */
export async function confirmVisit(
  app: FastifyInstance,
  token: string,
  form: ConfirmVisitForm,
  photoFile: Buffer | null,
  lang: Language,
  now = new Date(),
): Promise<PreRegistrationDone> {
  const photo = await checkPreRegistrationPhoto(photoFile);
  const written: string[] = [];
  try {
    const result = await withVisitLink(
      app,
      token,
      async (tx, entity, visitId) => {
        const l = await loadUsable(tx, entity, visitId, 'confirm', now);
        const taken = await findTakenValues(
          tx,
          entity.id,
          { email: form.email, phoneCode: form.phone_code, phone: form.phone, idNumber: null },
          l.person.id,
        );
        if (taken.email) throw new AppError('conflict', { field: 'email', messageKey: 'email_taken' });
        if (taken.phone) throw new AppError('conflict', { field: 'phone', messageKey: 'phone_taken' });
        const photoNeeded = needsPhoto(l);
        if (photoNeeded && !photo) {
          throw new AppError('rule_violation', { field: 'photo', messageKey: 'pre_registration_photo_required' });
        }
        const missing = missingProfileData(
          mandatoryOf([{ mandatory: l.type?.mandatoryProfileData ?? [] }]),
          {
            email: form.email,
            phone: form.phone,
            idNumber: l.person.idNumber,
            companyName: form.company_name,
            image: 'checked',
          },
          false,
        );
        if (missing) throw new AppError('rule_violation', missing);
        const stored = new Set((await fieldValuesOf(tx, entity.id, [l.person.id])).map((v) => v.fieldId));
        const values = await checkPublicFieldValues(tx, entity, l.visit.userTypeId, form.custom_fields, stored);

        const changes: Parameters<typeof updatePerson>[3] = {
          firstName: form.first_name,
          lastName: form.last_name,
          email: form.email,
          phoneCode: form.phone_code,
          phone: form.phone,
          companyName: form.company_name ?? l.person.companyName,
        };
        if (photoNeeded && photo) {
          const key = photoKey(entity.id, l.person.id, photo.kind);
          await app.files.put(key, photo.data);
          written.push(key);
          changes.image = key;
        }
        await updatePerson(tx, entity.id, l.person.id, changes);
        if (values.length) await saveFieldValues(tx, entity.id, l.person.id, values);

        const stage = await restage(tx, l);
        const row = await updateVisit(tx, entity.id, l.visit.id, {
          confirmedAt: now,
          stage,
          hostMessage: form.host_message ?? l.visit.hostMessage,
          // The visitor's language: the emails about this visit (an admin's decision) are written in it.
          extra: { ...l.visit.extra, lang },
        });
        await writeLinkAudit(tx, entity.id, {
          action: 'visit.confirmed',
          targetType: 'visit',
          targetId: row.id,
          before: { confirmed_at: null, stage: l.visit.stage },
          after: {
            confirmed_at: now.toISOString(),
            stage,
            person: { first_name: form.first_name, last_name: form.last_name },
          },
        });
        const hasCompliance = Boolean(l.flow && l.flow.complianceCount > 0);
        const place = row.areaId ? await findAreaWithSite(tx, entity.id, row.areaId) : null;
        const mail = await visitorConfirmation(app, lang, {
          entity,
          person: { email: form.email, firstName: form.first_name },
          row,
          place: place ? `${place.site.name}, ${place.area.name}` : '',
          kind: 'confirmed',
          hasCompliance,
        });
        const done = await visitDone(app, entity, row, {
          message: t(lang, 'errors:pre_registration_confirmed'),
          hasCompliance,
        });
        return { row, done, mail };
      },
      unknownLink,
    ).catch((error: unknown) => {
      const mapped = uniqueViolation(error);
      throw mapped ?? error;
    });
    await followComplianceMails(app, result.row.entityId, [result.row.id]);
    if (result.mail) await app.mailer.send(result.mail);
    return result.done;
  } catch (error) {
    for (const key of written) await app.files.remove(key);
    throw error;
  }
}
