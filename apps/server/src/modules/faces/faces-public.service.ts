import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { EntityRecord } from '../access/access.types';
import { loadLinkedVisit, loadUsable, unknownLink, withVisitLink } from '../pre-registration/linked-visit';
import { faceIdAfterChange } from './faces-mass.service';
import { ownFaceState } from './faces-own-state';
import { findFaceSettings, giveConsent, withdrawConsent } from './faces.repository';

// A visitor's own face sign-in consent, on their visit's link (decision 050): they see what is stored,
// give consent (source `self`) while the link works, and withdraw it whenever they hold the link.

/** The person of a known link, whether it still works or not (withdrawing needs no working link). */
async function personOfLink(tx: Executor, entity: EntityRecord, visitId: string) {
  const l = await loadLinkedVisit(tx, entity, visitId, 'compliance', new Date());
  return l ? l.person.id : unknownLink();
}

/** GET /public/visits/{token}/face. */
export function publicFaceState(app: FastifyInstance, token: string) {
  return withVisitLink(
    app,
    token,
    async (tx, entity, visitId) => ownFaceState(tx, entity.id, await personOfLink(tx, entity, visitId)),
    unknownLink,
  );
}

/** PUT /public/visits/{token}/face-consent: the visitor consents; their face ID is made from their photo. */
export async function givePublicFaceConsent(app: FastifyInstance, token: string, now = new Date()) {
  const given = await withVisitLink(
    app,
    token,
    async (tx, entity, visitId) => {
      const l = await loadUsable(tx, entity, visitId, 'compliance', now);
      if (!(await findFaceSettings(tx, entity.id)).enabled) {
        throw new AppError('rule_violation', { messageKey: 'face_sign_in_off' });
      }
      await giveConsent(tx, entity.id, l.person.id, 'self', null);
      return { entityId: entity.id, personId: l.person.id };
    },
    unknownLink,
  );
  await faceIdAfterChange(app, given.entityId, given.personId);
  return publicFaceState(app, token);
}

/** DELETE /public/visits/{token}/face-consent: withdrawn, the face ID deleted at once. */
export async function withdrawPublicFaceConsent(app: FastifyInstance, token: string) {
  const entityId = await withVisitLink(
    app,
    token,
    async (tx, entity, visitId) => {
      await withdrawConsent(tx, entity.id, await personOfLink(tx, entity, visitId), null);
      return entity.id;
    },
    unknownLink,
  );
  app.kioskChannel.dataChanged(entityId, ['faces']);
  return publicFaceState(app, token);
}
