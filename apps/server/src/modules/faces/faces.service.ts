import type { FastifyInstance } from 'fastify';
import { withTenant, type Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AccessContext } from '../access/access.types';
import { inTenant } from '../access/in-tenant';
import { writeAudit } from '../audit/audit.repository';
import { findPeople } from '../people/people.repository';
import { personInScope } from '../people/person-scope';
import { readFacesOffLoop } from './face-engine';
import { FACE_DESCRIPTOR_LENGTH as DESCRIPTOR_LENGTH, FACE_RECOGNITION_MODEL } from '@app/shared/faces/face-matcher';
import type { FaceReading } from './face-model';
import type { Language } from '@app/shared/constants';
import type { FaceState } from '@app/shared/people/faces';
import { t } from '../../lib/i18n';
import {
  consentingOf,
  descriptorSince,
  findConsent,
  findFaceSettings,
  giveConsent,
  imageOf,
  recordFaceError,
  saveDescriptor,
  saveFaceSettings,
  withdrawConsent,
  type ConsentSource,
  type FaceError,
} from './faces.repository';

// Face IDs (spec `POST /generate_faceId`, decision 050): made from a consenting person's profile photo
// while the company has face sign-in on. The descriptor is sealed with the installation's key; the photo
// is read, never copied.

/** The model whose descriptors are stored: another model's cannot be compared with them. */
export const FACE_MODEL = `${FACE_RECOGNITION_MODEL}/ssd-mobilenet-v1+landmark68+recognition`;

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

/** Why a face ID cannot be made: a rule of the request, or (kept as the last error) what the photo showed. */
function faceRefusal(reading: Exclude<FaceReading, { kind: 'one' }>): { error: AppError; kept: FaceError } {
  switch (reading.kind) {
    case 'none':
      return {
        error: new AppError('invalid_image', { field: 'image', messageKey: 'face_none' }),
        kept: { key: 'face_none' },
      };
    case 'several':
      return {
        error: new AppError('invalid_image', {
          field: 'image',
          messageKey: 'face_several',
          vars: { count: reading.count },
        }),
        kept: { key: 'face_several', vars: { count: reading.count } },
      };
    default:
      return {
        error: new AppError('invalid_image', { field: 'image', messageKey: 'face_unreadable' }),
        kept: { key: 'face_unreadable' },
      };
  }
}

const photoMissing = () => new AppError('rule_violation', { field: 'image', messageKey: 'face_photo_missing' });

/**
 * Makes (or makes again) a person's face ID from their profile photo, for a request or the job: face
 * sign-in on, the person's consent in force, one face in the photo. A photo that shows no face, several,
 * or cannot be read is kept as the person's last error. Throws the AppError that refused it.
 */
export async function makeFaceId(app: FastifyInstance, entityId: string, personId: string) {
  const image = await withTenant(app.db.db, entityId, async (tx) => {
    const settings = await findFaceSettings(tx, entityId);
    if (!settings.enabled) throw new AppError('rule_violation', { messageKey: 'face_sign_in_off' });
    if (!(await consentingOf(tx, entityId, [personId])).has(personId)) {
      throw new AppError('rule_violation', { field: 'consent', messageKey: 'face_consent_missing' });
    }
    return imageOf(tx, entityId, personId);
  });
  if (!image) throw photoMissing();
  const data = await app.files.get(image);
  if (!data) {
    await withTenant(app.db.db, entityId, (tx) =>
      recordFaceError(tx, entityId, personId, { key: 'face_photo_missing' }),
    );
    throw photoMissing();
  }
  const reading = await readFacesOffLoop(data);
  const sealed = reading.kind === 'one' ? sealDescriptor(app, reading.descriptor) : null;
  const refusal = reading.kind === 'one' ? null : faceRefusal(reading);
  await withTenant(app.db.db, entityId, async (tx) => {
    // The photo or the consent may have changed while the model read it: what is kept must match both.
    if ((await imageOf(tx, entityId, personId)) !== image) throw new AppError('conflict', { field: 'image' });
    if (!(await consentingOf(tx, entityId, [personId])).has(personId)) {
      throw new AppError('rule_violation', { field: 'consent', messageKey: 'face_consent_missing' });
    }
    await recordFaceError(tx, entityId, personId, refusal?.kept ?? null);
    if (sealed) await saveDescriptor(tx, entityId, personId, { sealed, photoKey: image, model: FACE_MODEL });
  });
  if (refusal) throw refusal.error;
}

/** POST /people/:id/face-id: the person drawer's "Generate Face ID". */
export async function generateFaceId(app: FastifyInstance, ctx: AccessContext, personId: string) {
  await inTenant(app, ctx, (tx) => mustFind(tx, ctx, personId));
  await makeFaceId(app, ctx.entityId, personId);
  await inTenant(app, ctx, (tx) =>
    writeAudit(tx, ctx, {
      action: 'person.face_id_generated',
      targetType: 'person',
      targetId: personId,
      after: { model: FACE_MODEL },
    }),
  );
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

/** A person's consent and whether a face ID exists (never the descriptor). */
export async function faceState(
  app: FastifyInstance,
  ctx: AccessContext,
  personId: string,
  lang: Language,
): Promise<FaceState> {
  return inTenant(app, ctx, async (tx) => {
    await mustFind(tx, ctx, personId);
    const consent = await findConsent(tx, ctx.entityId, personId);
    const since = await descriptorSince(tx, ctx.entityId, personId);
    const settings = await findFaceSettings(tx, ctx.entityId);
    return {
      person_id: personId,
      offered: settings.enabled,
      consent:
        consent && !consent.withdrawnAt
          ? {
              given_at: consent.givenAt.toISOString(),
              source: consent.source as ConsentSource,
              recorded_by: consent.recordedBy,
            }
          : null,
      face_id_since: since ? since.toISOString() : null,
      last_error:
        consent?.lastError && consent.lastErrorAt && !consent.withdrawnAt
          ? {
              code: consent.lastError.key,
              message: t(lang, `errors:${consent.lastError.key}`, consent.lastError.vars),
              at: consent.lastErrorAt.toISOString(),
            }
          : null,
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
