// The custom fields of the public forms (issue 13 item 10): a section is bound to the user types it is
// asked of, so a visitor sees (and the server checks) only their type's sections; and a custom field
// named like one of the visitor's own fields is left to the built-in field, never shown twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { PLANS } from '@app/shared/constants';
import { withTenant } from '../src/db/client';
import { customFields } from '../src/db/schema/index';
import { newId } from '../src/lib/ids';
import { TestClient } from './helpers/http-client';
import { createTestApp, type TestContext } from './helpers/test-app';
import {
  expectedVisitBody,
  expectedWorld,
  newVisitor,
  slot,
  type ExpectedWorld,
} from './helpers/expected-visits-factories';

let ctx: TestContext;
let visitor: TestClient;
beforeAll(async () => {
  ctx = await createTestApp();
  visitor = new TestClient(ctx.app);
});
afterAll(async () => ctx.close());

type Res = Pick<LightMyRequestResponse, 'json'>;
const fields = (res: Res) => res.json<{ fields?: Record<string, string[]> }>().fields ?? {};
type PublicField = { id: string; name: string; section: { name: string }; user_type_ids: string[] };

async function section(w: ExpectedWorld, name: string, typeIds: string[] = []) {
  const res = await w.admin.post('/custom-field-sections', { name, user_type_ids: typeIds });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; user_type_ids: string[] }>();
}

async function field(w: ExpectedWorld, sectionId: string, name: string, required = false) {
  const res = await w.admin.post('/custom-fields', {
    section_id: sectionId,
    name,
    type: 'text',
    binding: 'profile',
    required,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

/** A field with a name the API now refuses (a built-in field's), as one made before the rule. */
async function legacyField(w: ExpectedWorld, sectionId: string, name: string, required = false) {
  const id = newId();
  await withTenant(ctx.db.db, w.entity.id, (tx) =>
    tx.insert(customFields).values({
      entityId: w.entity.id,
      id,
      sectionId,
      name,
      type: 'text',
      binding: 'profile',
      required,
      position: 90,
    }),
  );
  return id;
}

/** A professional company with a section for everyone, one for staff and one for guests. */
async function world() {
  const w = await expectedWorld(ctx.app, ctx.db.db, { plan: PLANS.professional });
  const everyone = await section(w, 'Visitor details');
  const staff = await section(w, 'Staff', [w.types.staff]);
  const guests = await section(w, 'Guests', [w.types.guests]);
  const ids = {
    plate: await field(w, everyone.id, 'Vehicle plate'),
    shirt: await field(w, staff.id, 'T-shirt size', true),
    parking: await field(w, staff.id, 'Parking bay'),
    diet: await field(w, guests.id, 'Dietary needs', true),
    // Named like the built-in company field (and the email field, in another spelling): fields made
    // before such names were refused, so written straight to the table.
    company: await legacyField(w, everyone.id, 'Company', true),
    mail: await legacyField(w, everyone.id, ' e-MAIL '),
  };
  return { w, sections: { everyone, staff, guests }, ids };
}

const infoOf = async (w: ExpectedWorld, typeId: string) => {
  const res = await visitor.get(`/public/pre-registration/${await w.qrOf(typeId)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ custom_fields: PublicField[] }>().custom_fields;
};

const registration = async (
  w: ExpectedWorld,
  typeId: string,
  values: { custom_field_id: string; value: unknown }[],
) => ({
  link_id: await w.qrOf(typeId),
  user_type_id: typeId,
  area_id: w.areas.reception,
  ...slot(1),
  ...newVisitor(w.tag),
  host_ids: [w.host.id],
  custom_fields: values,
});

describe('the custom fields of a public form', () => {
  it('are only the sections bound to the chosen user type or to none, and the server checks only those', async () => {
    const { w, ids } = await world();
    const visitorsForm = await infoOf(w, w.types.visitors);
    expect(visitorsForm.map((f) => f.name)).toEqual(['Vehicle plate']);
    expect(visitorsForm[0]!.user_type_ids).toEqual([]);
    const guestsForm = await infoOf(w, w.types.guests);
    expect(guestsForm.map((f) => `${f.section.name}: ${f.name}`)).toEqual([
      'Visitor details: Vehicle plate',
      'Guests: Dietary needs',
    ]);
    expect(guestsForm[1]!.user_type_ids).toEqual([w.types.guests]);

    // Staff's required T-shirt size is not asked of a visitor, and a value for it is refused.
    const foreign = await visitor.post(
      '/public/pre-registrations',
      await registration(w, w.types.visitors, [{ custom_field_id: ids.shirt, value: 'M' }]),
    );
    expect(foreign.statusCode, foreign.body).toBe(422);
    expect(fields(foreign).custom_fields).toEqual(['One of the custom fields is not asked of this user type.']);
    const ok = await visitor.post(
      '/public/pre-registrations',
      await registration(w, w.types.visitors, [{ custom_field_id: ids.plate, value: 'AB-123' }]),
    );
    expect(ok.statusCode, ok.body).toBe(201);

    // A guest must fill the guests' required field.
    const w2 = { ...w, tag: `${w.tag}g` };
    const missing = await visitor.post('/public/pre-registrations', {
      ...(await registration(w2, w.types.guests, [])),
      phone: '7123456780',
    });
    expect(missing.statusCode, missing.body).toBe(400);
    expect(Object.keys(fields(missing))).toEqual([`custom_fields.${ids.diet}`]);
  });

  it('asks the visit’s own type’s sections through a confirmation link', async () => {
    const { w, ids } = await world();
    const added = await w.admin.post('/expected-visits', expectedVisitBody(w, { user_type_id: w.types.guests }));
    expect(added.statusCode, added.body).toBe(201);
    const token = (added.json().data.link_url as string).split('/').pop()!;
    const visit = (await visitor.get(`/public/visits/${token}`)).json<{
      validations: { custom_fields: PublicField[] };
    }>();
    expect(visit.validations.custom_fields.map((f) => f.name)).toEqual(['Vehicle plate', 'Dietary needs']);
    const refused = await visitor.post(`/public/visits/${token}/confirm`, {
      ...newVisitor(w.tag),
      custom_fields: [
        { custom_field_id: ids.diet, value: 'Vegan' },
        { custom_field_id: ids.parking, value: '12' },
      ],
    });
    expect(refused.statusCode, refused.body).toBe(422);
  });

  it('never shows two fields with one label: the built-in company and email fields win', async () => {
    const { w, ids } = await world();
    const names = (await infoOf(w, w.types.guests)).map((f) => f.name.trim().toLowerCase());
    expect(names).not.toContain('company');
    expect(names).not.toContain('e-mail');
    // The custom "Company" is required, yet the form is complete without it; a value for it is refused.
    const registered = await visitor.post(
      '/public/pre-registrations',
      await registration(w, w.types.visitors, [{ custom_field_id: ids.plate, value: 'X' }]),
    );
    expect(registered.statusCode, registered.body).toBe(201);
    const twice = await visitor.post('/public/pre-registrations', {
      ...(await registration({ ...w, tag: `${w.tag}t` }, w.types.visitors, [
        { custom_field_id: ids.company, value: 'Acme' },
      ])),
      phone: '7123456781',
    });
    expect(twice.statusCode, twice.body).toBe(422);
  });
});

describe('a section’s user types', () => {
  it('are kept, changed, kept on a rename that leaves them out, and shown with the section', async () => {
    const { w, sections } = await world();
    expect((await w.admin.get(`/custom-field-sections/${sections.staff.id}`)).json().user_type_ids).toEqual([
      w.types.staff,
    ]);
    const renamed = await w.admin.put(`/custom-field-sections/${sections.staff.id}`, { name: 'Employees' });
    expect(renamed.json()).toMatchObject({ value: 'Employees', user_type_ids: [w.types.staff] });
    const changed = await w.admin.put(`/custom-field-sections/${sections.staff.id}`, {
      name: 'Employees',
      user_type_ids: [w.types.staff, w.types.visitors],
    });
    expect(changed.json<{ user_type_ids: string[] }>().user_type_ids.sort()).toEqual(
      [w.types.staff, w.types.visitors].sort(),
    );
    expect((await infoOf(w, w.types.visitors)).map((f) => f.name)).toEqual([
      'Vehicle plate',
      'T-shirt size',
      'Parking bay',
    ]);
    const cleared = await w.admin.put(`/custom-field-sections/${sections.staff.id}`, {
      name: 'Employees',
      user_type_ids: [],
    });
    expect(cleared.json().user_type_ids).toEqual([]);
  });

  it('are another company’s user types never: 422 naming the field, and its sections stay out of reach', async () => {
    const { w, sections } = await world();
    const other = await world();
    const foreign = await other.w.admin.post('/custom-field-sections', {
      name: 'Borrowed',
      user_type_ids: [w.types.staff],
    });
    expect(foreign.statusCode, foreign.body).toBe(422);
    expect(fields(foreign).user_type_ids).toEqual(['One of the chosen user types does not exist.']);
    const change = await other.w.admin.put(`/custom-field-sections/${sections.staff.id}`, {
      name: 'Mine',
      user_type_ids: [other.w.types.staff],
    });
    expect(change.statusCode).toBe(404);
    expect((await other.w.admin.get(`/custom-field-sections/${sections.staff.id}`)).statusCode).toBe(404);
    expect((await w.admin.get(`/custom-field-sections/${sections.staff.id}`)).json().user_type_ids).toEqual([
      w.types.staff,
    ]);
    const twice = await w.admin.post('/custom-field-sections', {
      name: 'Twice',
      user_type_ids: [w.types.staff, w.types.staff],
    });
    expect(twice.statusCode).toBe(400);
  });
});
