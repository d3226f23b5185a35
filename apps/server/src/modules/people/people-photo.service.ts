// A person's profile photo (spec §5: png or jpg by content, at least 250×300 px, at most 3 MB). Each
// upload is a new file with a random name, so the photo's URL changes with it and can be cached
// privately; the old file goes once the new one is recorded.
import type { FastifyInstance } from 'fastify';
import { LIMITS } from '@app/shared/constants';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { checkImage, detectImageKind } from '../../lib/images';
import { randomToken } from '../../lib/tokens';
import type { AccessContext } from '../access/access.types';
import { writeAudit } from '../audit/audit.repository';
import { readPerson } from './people.service';
import { personInScope } from './person-scope';
import { mandatoryOf } from './person-rules';
import { photoUrl, photoVersion, tokenMayNotChange } from './person-view';
import { findPeople, findUserTypesByIds, updatePerson, userTypesOf } from './people.repository';
import { inTenant } from '../access/in-tenant';
import { faceIdAfterChange } from '../faces/faces-mass.service';

async function mustFind(tx: Executor, ctx: AccessContext, id: string) {
  const [person] = await findPeople(tx, ctx.entityId, personInScope(ctx), [id]);
  if (!person) throw new AppError('not_found');
  return person;
}

/** A person whose photo the caller may change: the API token leaves dashboard people alone (decision 017). */
async function mustFindToChange(tx: Executor, ctx: AccessContext, id: string) {
  const person = await mustFind(tx, ctx, id);
  if (tokenMayNotChange(ctx, person)) throw new AppError('forbidden', { messageKey: 'api_token_dashboard_person' });
  return person;
}

export async function setPhoto(app: FastifyInstance, ctx: AccessContext, id: string, data: Buffer) {
  // Checked before the file is written, so nothing is stored for a person the caller cannot reach; what
  // is written is the re-encoded image, never the upload.
  await inTenant(app, ctx, (tx) => mustFindToChange(tx, ctx, id));
  const photo = await checkImage(data, LIMITS.photo, 'photo');
  const key = `entities/${ctx.entityId}/people/${id}/${randomToken(9)}.${photo.kind}`;
  await app.files.put(key, photo.data);
  const saved = await inTenant(app, ctx, async (tx) => {
    const before = await mustFindToChange(tx, ctx, id);
    await updatePerson(tx, ctx.entityId, id, { image: key });
    await writeAudit(tx, ctx, {
      action: 'person.photo.set',
      targetType: 'person',
      targetId: id,
      before: { photo_url: photoUrl(id, before.image) },
      after: { photo_url: photoUrl(id, key) },
    });
    return { person: await readPerson(tx, ctx, id), previous: before.image };
  }).catch(async (error: unknown) => {
    await app.files.remove(key);
    throw error;
  });
  if (saved.previous) await app.files.remove(saved.previous);
  // The face ID of the old photo went with it (migration 0051): a consenting person's is made again.
  await faceIdAfterChange(app, ctx.entityId, id);
  return saved.person;
}

/** Refused while one of the person's user types makes the photo mandatory. */
export async function removePhoto(app: FastifyInstance, ctx: AccessContext, id: string) {
  const { person, previous } = await inTenant(app, ctx, async (tx) => {
    const before = await mustFindToChange(tx, ctx, id);
    const typeIds = (await userTypesOf(tx, ctx.entityId, [id])).map((u) => u.id);
    const required = mandatoryOf(await findUserTypesByIds(tx, ctx.entityId, typeIds));
    if (before.image && required.has('photo'))
      throw new AppError('rule_violation', { field: 'photo', messageKey: 'photo_required' });
    if (before.image) {
      await updatePerson(tx, ctx.entityId, id, { image: null });
      await writeAudit(tx, ctx, {
        action: 'person.photo.remove',
        targetType: 'person',
        targetId: id,
        before: { photo_url: photoUrl(id, before.image) },
        after: { photo_url: null },
      });
    }
    return { person: await readPerson(tx, ctx, id), previous: before.image };
  });
  if (previous) await app.files.remove(previous);
  return person;
}

export async function readPhoto(app: FastifyInstance, ctx: AccessContext, id: string) {
  const person = await inTenant(app, ctx, (tx) => mustFind(tx, ctx, id));
  const data = person.image ? await app.files.get(person.image) : null;
  const kind = data ? detectImageKind(data) : null;
  if (!data || !kind) throw new AppError('not_found', { field: 'photo' });
  return { data, name: `photo.${kind}`, version: photoVersion(person.image) };
}
