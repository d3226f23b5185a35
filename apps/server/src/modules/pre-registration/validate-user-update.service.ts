// POST /public/visits/{token}/validate-user-update (spec "POST validate-user-update", §5 "Duplicate-user
// check for the cloud confirm flow"): the confirmation page asks, while the visitor edits their details,
// whether the confirm would take them. The same rules as the confirm (visit-link.service confirmVisit):
// the formats, the user type's mandatory profile data, and never another person's email or phone in the
// company. Nothing is written. The link's company is the only one looked in; an ended link is refused
// with its reason, an unknown one as not found, as the confirm does.
import type { FastifyInstance } from 'fastify';
import type { Language } from '@app/shared/constants';
import {
  contactFormatProblems,
  type ValidateUserUpdateBody,
  type ValidateUserUpdateResult,
} from '@app/shared/pre-registration/validate-user-update';
import { fieldVars, t } from '../../lib/i18n';
import { findTakenValues } from '../people/people.repository';
import { mandatoryOf } from '../people/person-rules';
import { loadUsable, unknownLink, withVisitLink } from './linked-visit';

export async function validateUserUpdate(
  app: FastifyInstance,
  token: string,
  body: ValidateUserUpdateBody,
  lang: Language,
  now = new Date(),
): Promise<ValidateUserUpdateResult> {
  const fields: Record<string, string[]> = {};
  const add = (field: string, key: string) =>
    (fields[field] ??= []).push(t(lang, `errors:${key}`, fieldVars(lang, field)));
  return withVisitLink(
    app,
    token,
    async (tx, entity, visitId) => {
      const l = await loadUsable(tx, entity, visitId, 'confirm', now);
      const format = contactFormatProblems(body);
      for (const [field, key] of Object.entries(format)) add(field, key);

      const required = mandatoryOf([{ mandatory: l.type?.mandatoryProfileData ?? [] }]);
      if (body.company_name !== undefined && !body.company_name && required.has('company_name')) {
        add('company_name', 'company_name_required');
      }
      // A phone is compared with its country code: the one sent, else the one the person has.
      const email = format.email ? null : body.email || null;
      const phone = format.phone || format.phone_code ? null : body.phone || null;
      if (email || phone) {
        const taken = await findTakenValues(
          tx,
          entity.id,
          { email, phoneCode: body.phone_code ?? l.person.phoneCode, phone, idNumber: null },
          l.person.id,
        );
        if (taken.email) add('email', 'email_taken');
        if (taken.phone) add('phone', 'phone_taken');
      }
      return { valid: Object.keys(fields).length === 0, fields };
    },
    unknownLink,
  );
}
