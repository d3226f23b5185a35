import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { Person } from '@app/shared/people/schemas';
import { auditLog } from '../src/db/schema/index';
import { createTestApp, type TestContext } from './helpers/test-app';
import { makeJpeg, makePng, readImage } from './helpers/images';
import { addUserType, peopleWorld, storedPerson } from './helpers/people-world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const world = () => peopleWorld(ctx.app, ctx.db.db);
type World = Awaited<ReturnType<typeof world>>;

const upload = (w: World, id: string, file: Buffer, name = 'me.png', type = 'image/png') =>
  w.admin.upload('PUT', `/people/${id}/photo`, 'photo', file, name, type);

const stored = (key: string | null) => Boolean(key) && existsSync(path.join(ctx.dataDir, 'files', key!));

/** A JPEG header alone (SOI, APP0, SOF0 with the size) and no image: a header is not an image. */
function makeJpegHeader(width: number, height: number) {
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03]);
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0, 0, 1, 0, 1, 0, 0]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.alloc(9), Buffer.from([0xff, 0xd9])]);
}

describe('profile photos', () => {
  it('refuses a file that is not a png or jpg by content, whatever its name', async () => {
    const w = await world();
    const person = await w.create();
    const fake = Buffer.from('GIF89a this is not a png at all, only named like one');
    const res = await upload(w, person.id, fake, 'holiday.png', 'image/png');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'invalid_image',
      fields: { photo: ['The file must be a PNG or JPG image.'] },
    });
    const empty = await w.admin.put(`/people/${person.id}/photo`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ photo: ['Choose a file to upload.'] });
    expect((await storedPerson(ctx.db.db, w.entity, person.id))!.image).toBeNull();
  });

  it('refuses a photo under 250×300 px or over 3 MB', async () => {
    const w = await world();
    const person = await w.create();
    const small = await upload(w, person.id, makePng(300, 250));
    expect(small.statusCode).toBe(422);
    expect(small.json().fields.photo).toEqual(['The image must be at least 250×300 pixels.']);
    const smallJpeg = await upload(w, person.id, await makeJpeg(249, 400), 'me.jpg', 'image/jpeg');
    expect(smallJpeg.statusCode).toBe(422);
    expect(smallJpeg.json().code).toBe('image_too_small');
    // A header that claims a good size is not enough: the image must decode.
    const hollow = await upload(w, person.id, makeJpegHeader(400, 500), 'me.jpg', 'image/jpeg');
    expect(hollow.statusCode).toBe(422);
    expect(hollow.json()).toMatchObject({
      code: 'invalid_image',
      fields: { photo: ['The file must be a PNG or JPG image.'] },
    });
    const big = await upload(w, person.id, makePng(260, 320, { padTo: 3 * 1024 * 1024 + 10 }));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'file_too_large', fields: { photo: ['The file must be at most 3 MB.'] } });
    expect((await storedPerson(ctx.db.db, w.entity, person.id))!.image).toBeNull();
  });

  it('stores a good photo, serves it privately at a URL that changes with it, and removes it', async () => {
    const w = await world();
    const person = await w.create();
    const png = makePng(250, 300);
    const res = await upload(w, person.id, png);
    expect(res.statusCode, res.body).toBe(200);
    const withPhoto = res.json<Person>();
    expect(withPhoto.has_photo).toBe(true);
    expect(withPhoto.photo_url).toMatch(new RegExp(`^/api/v1/people/${person.id}/photo\\?v=[\\w-]+$`));
    const first = (await storedPerson(ctx.db.db, w.entity, person.id))!.image;
    expect(first).toMatch(new RegExp(`^entities/${w.entity.id}/people/${person.id}/`));
    expect(stored(first)).toBe(true);

    const photo = await w.admin.get(withPhoto.photo_url!);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'private, max-age=31536000, immutable',
      'content-disposition': `inline; filename="photo.png"; filename*=UTF-8''photo.png`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    // The stored photo is the upload decoded and encoded again, served as stored.
    expect(photo.rawPayload.equals(png)).toBe(false);
    expect(photo.rawPayload.equals(readFileSync(path.join(ctx.dataDir, 'files', first!)))).toBe(true);
    expect(await readImage(photo.rawPayload)).toEqual({ format: 'png', width: 250, height: 300, hasMetadata: false });
    expect((await w.admin.get(`/people/${person.id}/photo`)).headers['cache-control']).toBe('private, no-cache');
    expect((await w.admin.get(`/people/${person.id}`)).json().photo_url).toBe(withPhoto.photo_url);

    // A new photo: a new URL, the old file gone.
    const bigger = makePng(400, 500);
    const replaced = (await upload(w, person.id, bigger)).json<Person>();
    expect(replaced.photo_url).not.toBe(withPhoto.photo_url);
    expect(stored(first)).toBe(false);
    expect(await readImage((await w.admin.get(replaced.photo_url!)).rawPayload)).toMatchObject({
      width: 400,
      height: 500,
    });

    const second = (await storedPerson(ctx.db.db, w.entity, person.id))!.image;
    const removed = await w.admin.delete(`/people/${person.id}/photo`);
    expect(removed.json()).toMatchObject({ has_photo: false, photo_url: null });
    expect(stored(second)).toBe(false);
    expect((await w.admin.get(`/people/${person.id}/photo`)).statusCode).toBe(404);
    const audit = await ctx.db.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, w.entity.id), eq(auditLog.targetId, person.id)))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
    expect(audit.map((a) => a.action)).toEqual([
      'person.create',
      'person.photo.set',
      'person.photo.set',
      'person.photo.remove',
    ]);
  });

  it('keeps a photo a user type makes mandatory, and deletes the file with the person', async () => {
    const w = await world();
    const strict = await addUserType(w.admin, 'Badge holders', { mandatory_profile_data: ['photo'] });
    const person = await w.create({ user_type_ids: [strict] });
    (await upload(w, person.id, makePng(250, 300))).json<Person>();
    const refused = await w.admin.delete(`/people/${person.id}/photo`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().fields).toEqual({ photo: ['A photo is required for this user type.'] });
    expect((await w.admin.put(`/people/${person.id}`, w.body({ user_type_ids: [strict] }))).statusCode).toBe(200);

    const key = (await storedPerson(ctx.db.db, w.entity, person.id))!.image;
    expect(stored(key)).toBe(true);
    expect((await w.admin.delete(`/people/${person.id}`)).statusCode).toBe(204);
    expect(stored(key)).toBe(false);
  });

  it('lets no other company read, change or remove a photo', async () => {
    const a = await world();
    const b = await world();
    const person = await a.create();
    const url = (await upload(a, person.id, makePng(250, 300))).json<Person>().photo_url!;
    expect((await b.admin.get(url)).statusCode).toBe(404);
    expect((await upload(b, person.id, makePng(250, 300))).statusCode).toBe(404);
    expect((await b.admin.delete(`/people/${person.id}/photo`)).statusCode).toBe(404);
    expect((await a.admin.get(url)).statusCode).toBe(200);
    expect((await a.admin.get(`/people/${person.id}`)).json().photo_url).toBe(url);
  });
});
