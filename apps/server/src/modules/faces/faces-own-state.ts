import type { PublicFaceState } from '@app/shared/people/faces';
import type { Executor } from '../../db/client';
import { descriptorSince, findConsent, findFaceSettings, imageOf } from './faces.repository';

/** A person's own view of their face sign-in in one company: offered, consented, made, photo there. */
export async function ownFaceState(tx: Executor, entityId: string, personId: string): Promise<PublicFaceState> {
  const consent = await findConsent(tx, entityId, personId);
  const since = await descriptorSince(tx, entityId, personId);
  return {
    offered: (await findFaceSettings(tx, entityId)).enabled,
    consent_given_at: consent && !consent.withdrawnAt ? consent.givenAt.toISOString() : null,
    face_id_since: since ? since.toISOString() : null,
    has_photo: (await imageOf(tx, entityId, personId)) !== null,
  };
}
