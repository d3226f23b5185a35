// A message naming a field agrees with the field's gender in Arabic: "المنطقة مطلوبة.", never
// "المنطقة مطلوب." (packages/shared/src/i18n/label-genders.test.ts holds the catalogues to it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@app/shared/http/errors';
import { createTestApp, type TestContext } from './helpers/test-app';
import { signIn } from './helpers/http-client';
import { createCompany, PASSWORD } from './helpers/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function admin() {
  const company = await createCompany(ctx.db.db);
  const { client } = await signIn(ctx.app, company.people.admin.email, PASSWORD);
  const site = (await client.post('/sites', { name: 'HQ' })).json<{ id: string }>();
  const lobby = (await client.post('/areas', { site_id: site.id, name: 'Lobby' })).json<{ id: string }>();
  return { client, lobby };
}

describe('messages naming a field agree with its gender', () => {
  it('says a missing area is required in the feminine, and a missing name in the masculine', async () => {
    const { client } = await admin();
    client.lang = 'ar';
    const noArea = await client.post('/doors', { name: 'Main door' });
    expect(noArea.statusCode).toBe(400);
    expect(noArea.json<ErrorBody>().fields?.area_id).toEqual(['المنطقة مطلوبة.']);
    expect(noArea.json<ErrorBody>().message).toBe('المنطقة مطلوبة.');
    const { lobby } = await admin();
    const noName = await client.post('/doors', { area_id: lobby.id });
    expect(noName.json<ErrorBody>().fields?.name).toEqual(['الاسم مطلوب.']);

    client.lang = 'en';
    expect((await client.post('/doors', { name: 'Main door' })).json<ErrorBody>().fields?.area_id).toEqual([
      'Area is required.',
    ]);
    client.lang = 'es';
    expect((await client.post('/doors', { name: 'Main door' })).json<ErrorBody>().fields?.area_id).toEqual([
      'El campo «Área» es obligatorio.',
    ]);
  });

  it('agrees in the other rules too: a feminine field left empty or too long', async () => {
    const { client } = await admin();
    client.lang = 'ar';
    const body = { password: 'a new password 1', password_confirmation: 'a new password 1' };
    const empty = await client.post('/me/password', { ...body, current_password: '' });
    expect(empty.json<ErrorBody>().fields?.current_password).toEqual(['كلمة المرور الحالية مطلوبة.']);
    const long = await client.post('/me/password', { ...body, current_password: 'x'.repeat(201) });
    expect(long.json<ErrorBody>().fields?.current_password).toEqual(['يجب ألا تزيد كلمة المرور الحالية عن 200 حرفاً.']);
  });

  it('names the field of a refusal raised after the schema by its label, agreeing with it', async () => {
    const { client } = await admin();
    client.lang = 'ar';
    const res = await client.get('/exports?cursor=not-a-cursor');
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().fields?.['querystring.cursor']).toEqual(['موضع الصفحة غير صالح.']);
    client.lang = 'en';
    expect((await client.get('/exports?cursor=not-a-cursor')).json<ErrorBody>().message).toBe(
      'Page position is not valid.',
    );
  });
});
