import type { FastifyInstance } from 'fastify';
import type { HolderFace } from '@app/shared/people/faces';
import { withTenant } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Holder } from '../passport-holder/holder-auth';
import { holderPeople } from '../passport-holder/holder.repository';
import { faceIdAfterChange } from './faces-mass.service';
import { ownFaceState } from './faces-own-state';
import { findFaceSettings, giveConsent, withdrawConsent } from './faces.repository';

// A passport's holder gives or withdraws face sign-in consent (source `passport`, decision 050) in each
// company that knows them by their verified address and offers face sign-in.

/** GET /passport-holder/face. */
export async function holderFace(app: FastifyInstance, holder: Holder): Promise<HolderFace> {
  const companies: HolderFace['companies'] = [];
  for (const p of await holderPeople(app.db.db, holder.email)) {
    const own = await withTenant(app.db.db, p.entityId, (tx) => ownFaceState(tx, p.entityId, p.personId));
    if (!own.offered) continue;
    const { consent_given_at, face_id_since, has_photo } = own;
    companies.push({ company_id: p.entityId, company_name: p.entityName, consent_given_at, face_id_since, has_photo });
  }
  return { companies };
}

/** The holder's person in a company; 404 naming `company_id` for any company that does not know them. */
async function holderPersonIn(app: FastifyInstance, holder: Holder, entityId: string) {
  const person = (await holderPeople(app.db.db, holder.email)).find((p) => p.entityId === entityId);
  if (!person) throw new AppError('not_found', { field: 'company_id', messageKey: 'passport_company_unknown' });
  return person.personId;
}

/** PUT /passport-holder/face-consent: given while the company offers face sign-in; the face ID follows. */
export async function giveHolderFaceConsent(app: FastifyInstance, holder: Holder, entityId: string) {
  const personId = await holderPersonIn(app, holder, entityId);
  await withTenant(app.db.db, entityId, async (tx) => {
    if (!(await findFaceSettings(tx, entityId)).enabled) {
      throw new AppError('rule_violation', { field: 'company_id', messageKey: 'face_sign_in_off' });
    }
    await giveConsent(tx, entityId, personId, 'passport', null);
  });
  await faceIdAfterChange(app, entityId, personId);
  return holderFace(app, holder);
}

/** DELETE /passport-holder/face-consent: withdrawn, the face ID deleted at once. */
export async function withdrawHolderFaceConsent(app: FastifyInstance, holder: Holder, entityId: string) {
  const personId = await holderPersonIn(app, holder, entityId);
  await withTenant(app.db.db, entityId, (tx) => withdrawConsent(tx, entityId, personId, null));
  app.kioskChannel.dataChanged(entityId, ['faces']);
  return holderFace(app, holder);
}
