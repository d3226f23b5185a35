// A member's own details (spec §7 POST /update-user-details): the person the member is in the company,
// read and changed by that member without the `users` permission. Only the name, the phone and the
// organisation; the same rules as the people screens (digits, country code, unique phone, the mandatory
// profile data of the person's user types).
import type { FastifyInstance } from 'fastify';
import type { OwnDetails, OwnDetailsBodyParsed } from '@app/shared/people/own-details';
import { withTenant, type Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AccessContext } from '../access/access.types';
import { writeAudit } from '../audit/audit.repository';
import { findPeople, findTakenValues, findUserTypesByIds, updatePerson, userTypesOf } from './people.repository';
import { mandatoryOf, missingProfileData, uniqueViolation } from './person-rules';

const blank = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

type PersonRecord = Awaited<ReturnType<typeof findPeople>>[number];

const toDetails = (p: PersonRecord): OwnDetails => ({
  person_id: p.id,
  first_name: p.firstName,
  last_name: p.lastName,
  email: p.email,
  phone_code: p.phoneCode,
  phone: p.phone,
  company_name: p.companyName,
});

/** The caller's own person in the session company; a member without one has no details here. */
async function mustFindOwnPerson(tx: Executor, ctx: AccessContext, lock = false) {
  const personId = ctx.actor.kind === 'user' ? ctx.actor.personId : null;
  if (!personId) throw new AppError('not_found', { messageKey: 'own_details_no_person' });
  const [person] = await findPeople(tx, ctx.entityId, undefined, [personId], { lock });
  if (!person) throw new AppError('not_found', { messageKey: 'own_details_no_person' });
  return person;
}

/** GET /me/details */
export async function getOwnDetails(app: FastifyInstance, ctx: AccessContext): Promise<OwnDetails> {
  return withTenant(app.db.db, ctx.entityId, async (tx) => toDetails(await mustFindOwnPerson(tx, ctx)));
}

/** PUT /me/details: every field is replaced, as on the people screens. */
export async function changeOwnDetails(
  app: FastifyInstance,
  ctx: AccessContext,
  body: OwnDetailsBodyParsed,
): Promise<OwnDetails> {
  try {
    return await withTenant(app.db.db, ctx.entityId, async (tx) => {
      const before = await mustFindOwnPerson(tx, ctx, true);
      const phone = blank(body.phone);
      const columns = {
        firstName: body.first_name,
        lastName: body.last_name,
        // A country code without a number means nothing: it is kept only with a phone.
        phoneCode: phone ? blank(body.phone_code) : null,
        phone,
        companyName: blank(body.company_name),
      };
      const typeIds = (await userTypesOf(tx, ctx.entityId, [before.id])).map((t) => t.id);
      const missing = missingProfileData(
        mandatoryOf(await findUserTypesByIds(tx, ctx.entityId, typeIds)),
        { ...before, ...columns },
        false,
      );
      // Only what this form changes can be missing here; the rest is the people managers' to fill.
      if (missing && (missing.field === 'phone' || missing.field === 'company_name'))
        throw new AppError('rule_violation', missing);
      const taken = await findTakenValues(
        tx,
        ctx.entityId,
        { email: null, phoneCode: columns.phoneCode, phone, idNumber: null },
        before.id,
      );
      if (taken.phone) throw new AppError('conflict', { field: 'phone', messageKey: 'phone_taken' });
      await updatePerson(tx, ctx.entityId, before.id, columns);
      const [after] = await findPeople(tx, ctx.entityId, undefined, [before.id]);
      await writeAudit(tx, ctx, {
        action: 'person.update_own_details',
        targetType: 'person',
        targetId: before.id,
        before: toDetails(before),
        after: toDetails(after!),
      });
      return toDetails(after!);
    });
  } catch (error) {
    throw uniqueViolation(error) ?? error;
  }
}
