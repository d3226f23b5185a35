import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AccessContext } from '../access/access.types';
import { inTenant } from '../access/in-tenant';
import { writeAudit } from '../audit/audit.repository';
import { findPeople } from '../people/people.repository';
import { personInScope } from '../people/person-scope';
import { faceDistance, readFacesOffLoop } from './face-engine';
import { DESCRIPTOR_LENGTH } from './face-model';
import type { FaceState } from '@app/shared/people/faces';
import {
  consentingOf,
  descriptorSince,
  findConsent,
  findFaceSettings,
  giveConsent,
  saveDescriptor,
  saveFaceSettings,
  withdrawConsent,
  type ConsentSource,
} from './faces.repository';

// Face IDs (spec `POST /generate_faceId`, decision 050): made from a consenting person's profile photo
// while the company has face sign-in on. The descriptor is sealed with the installation's key; the photo
// is read, never copied.

/** The model whose descriptors are stored: another model's cannot be compared with them. */
export const FACE_MODEL = 'face-api-1.7.15/ssd-mobilenet-v1+landmark68+recognition';

const actorUserId = (ctx: AccessContext) => (ctx.actor.kind === 'user' ? ctx.actor.userId : null);

async function mustFind(tx: Executor, ctx: AccessContext, personId: string) {
  const [person] = await findPeople(tx, ctx.entityId, personInScope(ctx), [personId]);
  if (!person) throw new AppError('not_found');
  return person;
}

/** Seals a descriptor: its float32 bytes, base64, encrypted. */
export function sealDescriptor(app: FastifyInstance, descriptor: Float32Array) {
  return app.secrets.encrypt(
    Buffer.from(descriptor.buffer, descriptor.byteOffset, descriptor.byteLength).toString('base64'),
  );
}

export function openDescriptor(app: FastifyInstance, sealed: string): Float32Array {
  const bytes = Buffer.from(app.secrets.decrypt(sealed), 'base64');
  const copy = new Uint8Array(bytes);
  const descriptor = new Float32Array(copy.buffer);
  if (descriptor.length !== DESCRIPTOR_LENGTH) throw new Error('not a face descriptor');
  return descriptor;
}

/** Makes (or makes again) a person's face ID from their profile photo. */
export async function generateFaceId(app: FastifyInstance, ctx: AccessContext, personId: string) {
  const { image } = await inTenant(app, ctx, async (tx) => {
    const person = await mustFind(tx, ctx, personId);
    const settings = await findFaceSettings(tx, ctx.entityId);
    if (!settings.enabled) throw new AppError('rule_violation', { messageKey: 'face_sign_in_off' });
    if (!(await consentingOf(tx, ctx.entityId, [personId])).has(personId)) {
      throw new AppError('rule_violation', { field: 'consent', messageKey: 'face_consent_missing' });
    }
    if (!person.image) throw new AppError('rule_violation', { field: 'image', messageKey: 'face_photo_missing' });
    return { image: person.image };
  });
  const data = await app.files.get(image);
  if (!data) throw new AppError('rule_violation', { field: 'image', messageKey: 'face_photo_missing' });
  const reading = await readFacesOffLoop(data);
  if (reading.kind === 'none') throw new AppError('invalid_image', { field: 'image', messageKey: 'face_none' });
  if (reading.kind === 'unreadable') {
    throw new AppError('invalid_image', { field: 'image', messageKey: 'face_unreadable' });
  }
  if (reading.kind === 'several') {
    throw new AppError('invalid_image', { field: 'image', messageKey: 'face_several', vars: { count: reading.count } });
  }
  const sealed = sealDescriptor(app, reading.descriptor);
  return inTenant(app, ctx, async (tx) => {
    // The photo or the consent may have changed while the model read it: what is stored must match both.
    const person = await mustFind(tx, ctx, personId);
    if (person.image !== image) throw new AppError('conflict', { field: 'image' });
    if (!(await consentingOf(tx, ctx.entityId, [personId])).has(personId)) {
      throw new AppError('rule_violation', { field: 'consent', messageKey: 'face_consent_missing' });
    }
    await saveDescriptor(tx, ctx.entityId, personId, { sealed, photoKey: image, model: FACE_MODEL });
    await writeAudit(tx, ctx, {
      action: 'person.face_id_generated',
      targetType: 'person',
      targetId: personId,
      after: { model: FACE_MODEL },
    });
    return { person_id: personId, generated: true };
  });
}

/** Records a person's consent: given by themselves (public pages, passport) or from a signed paper form. */
export async function recordConsent(app: FastifyInstance, ctx: AccessContext, personId: string, source: ConsentSource) {
  await inTenant(app, ctx, async (tx) => {
    await mustFind(tx, ctx, personId);
    await giveConsent(tx, ctx.entityId, personId, source, source === 'paper' ? actorUserId(ctx) : null);
    await writeAudit(tx, ctx, {
      action: 'person.face_consent_given',
      targetType: 'person',
      targetId: personId,
      after: { source },
    });
  });
}

/** Withdraws a person's consent; their face ID is deleted in the same transaction. */
export async function withdrawFaceConsent(app: FastifyInstance, ctx: AccessContext, personId: string) {
  await inTenant(app, ctx, async (tx) => {
    await mustFind(tx, ctx, personId);
    const was = await withdrawConsent(tx, ctx.entityId, personId, actorUserId(ctx));
    if (was) {
      await writeAudit(tx, ctx, {
        action: 'person.face_consent_withdrawn',
        targetType: 'person',
        targetId: personId,
      });
    }
  });
}

/** The nearest of a library's descriptors, when near enough and clearly nearer than the next. */
export function bestMatch(
  probe: ArrayLike<number>,
  library: { personId: string; descriptor: ArrayLike<number> }[],
  { matchThreshold, minGap }: { matchThreshold: number; minGap: number },
) {
  let best: { personId: string; distance: number } | null = null;
  let second = Infinity;
  for (const entry of library) {
    const distance = faceDistance(probe, entry.descriptor);
    if (!best || distance < best.distance) {
      if (best) second = best.distance;
      best = { personId: entry.personId, distance };
    } else if (distance < second) second = distance;
  }
  if (!best || best.distance > matchThreshold || second - best.distance < minGap) return null;
  return best;
}

/** A person's consent and whether a face ID exists (never the descriptor). */
export async function faceState(app: FastifyInstance, ctx: AccessContext, personId: string): Promise<FaceState> {
  return inTenant(app, ctx, async (tx) => {
    await mustFind(tx, ctx, personId);
    const consent = await findConsent(tx, ctx.entityId, personId);
    const since = await descriptorSince(tx, ctx.entityId, personId);
    return {
      person_id: personId,
      consent:
        consent && !consent.withdrawnAt
          ? {
              given_at: consent.givenAt.toISOString(),
              source: consent.source as ConsentSource,
              recorded_by: consent.recordedBy,
            }
          : null,
      face_id_since: since ? since.toISOString() : null,
    };
  });
}

export async function readFaceSettings(app: FastifyInstance, ctx: AccessContext) {
  const row = await inTenant(app, ctx, (tx) => findFaceSettings(tx, ctx.entityId));
  return { enabled: row.enabled, match_threshold: row.matchThreshold, min_gap: row.minGap };
}

export async function setFaceSettings(
  app: FastifyInstance,
  ctx: AccessContext,
  body: { enabled: boolean; match_threshold: number; min_gap: number },
) {
  await inTenant(app, ctx, async (tx) => {
    const before = await findFaceSettings(tx, ctx.entityId);
    const values = { enabled: body.enabled, matchThreshold: body.match_threshold, minGap: body.min_gap };
    await saveFaceSettings(tx, ctx.entityId, values, actorUserId(ctx));
    await writeAudit(tx, ctx, {
      action: 'company.face_settings_updated',
      targetType: 'entity',
      targetId: ctx.entityId,
      before: { enabled: before.enabled, match_threshold: before.matchThreshold, min_gap: before.minGap },
      after: body,
    });
  });
  return readFaceSettings(app, ctx);
}
