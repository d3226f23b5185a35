// GET /visits/scan-data-types (spec GET /sacn_data_type, type=visit): what a company's visits record,
// in the reader's language, with its own custom fields asked at a visit and never another company's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_SOURCES } from '@app/shared/visits/schemas';
import { signIn } from './helpers/http-client';
import { createTestApp, type TestContext } from './helpers/test-app';
import { createCompany, PASSWORD } from './helpers/world';
import { PLANS } from '@app/shared/constants';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function adminWithFields(prefix: string) {
  const company = await createCompany(ctx.db.db, { plan: PLANS.enterprise });
  const { client } = await signIn(ctx.app, company.people.admin.email, PASSWORD);
  const section = await client.post('/custom-field-sections', { name: `${prefix} section` });
  expect(section.statusCode, section.body).toBe(201);
  const field = async (name: string, type: string, binding: string) => {
    const res = await client.post('/custom-fields', { section_id: section.json().id, name, type, binding });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  };
  return {
    ...company,
    client,
    fields: {
      badge: await field(`${prefix} badge number`, 'number', 'sign_in'),
      feedback: await field(`${prefix} feedback`, 'stars', 'sign_out'),
      diet: await field(`${prefix} diet`, 'text', 'profile'),
    },
  };
}

describe('the data types a visit records', () => {
  it('lists the sources with the end each records, the built-in values and the company’s visit fields', async () => {
    const a = await adminWithFields('A');
    const res = await a.client.get('/visits/scan-data-types?type=visit');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.type).toBe('visit');
    expect(body.sources.map((s: { key: string }) => s.key)).toEqual([...SIGN_SOURCES]);
    expect(body.sources).toContainEqual({ key: 'kiosk', name: 'Kiosk', sign_in: true, sign_out: true });
    expect(body.sources).toContainEqual({
      key: 'auto_midnight',
      name: 'Automatic, at midnight',
      sign_in: false,
      sign_out: true,
    });
    expect(body.data).toContainEqual({
      key: 'temperature',
      name: 'Temperature',
      kind: 'built_in',
      value_type: 'number',
      moment: 'sign_in',
      custom_field_id: null,
    });
    const custom = body.data.filter((d: { kind: string }) => d.kind === 'custom_field');
    expect(custom).toEqual([
      {
        key: `custom_field:${a.fields.badge}`,
        name: 'A badge number',
        kind: 'custom_field',
        value_type: 'number',
        moment: 'sign_in',
        custom_field_id: a.fields.badge,
      },
      {
        key: `custom_field:${a.fields.feedback}`,
        name: 'A feedback',
        kind: 'custom_field',
        value_type: 'stars',
        moment: 'sign_out',
        custom_field_id: a.fields.feedback,
      },
    ]);
    // The same without the type, and named in the caller's language.
    a.client.lang = 'ar';
    const ar = (await a.client.get('/visits/scan-data-types')).json();
    a.client.lang = undefined;
    expect(ar.sources.find((s: { key: string }) => s.key === 'kiosk').name).not.toBe('Kiosk');
    expect(ar.data.length).toBe(body.data.length);
    expect((await a.client.get('/visits/scan-data-types?type=person')).statusCode).toBe(400);
  });

  it('never shows another company’s custom fields', async () => {
    const a = await adminWithFields('A');
    const b = await adminWithFields('B');
    const names = (await a.client.get('/visits/scan-data-types')).json().data.map((d: { name: string }) => d.name);
    expect(names).toContain('A badge number');
    expect(names.some((n: string) => n.startsWith('B '))).toBe(false);
    const ids = (await b.client.get('/visits/scan-data-types'))
      .json()
      .data.map((d: { custom_field_id: string }) => d.custom_field_id);
    expect(ids).toContain(b.fields.badge);
    expect(ids).not.toContain(a.fields.badge);
  });
});
