import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  checkCustomFieldValue,
  type CustomFieldBody,
  type ListedCustomField,
  type Section,
} from '@app/shared/custom-fields/schemas';
import { withTenant } from '../src/db/client';
import { auditLog, customFieldSections, customFields, personFieldValues } from '../src/db/schema/index';
import type { CreatedEntity } from '../src/seed/factories';
import { DEMO_CUSTOM_FIELD_SECTIONS, seedDemoCustomFields } from '../src/seed/demo/demo-custom-fields';
import { isBuiltInName } from '../src/modules/custom-fields/built-in-names';
import { createTestApp, type TestContext } from './helpers/test-app';
import { signIn, type TestClient } from './helpers/http-client';
import { givePersonUserType, insertPerson, insertUserType } from './helpers/people-rows';
import { createCompany, PASSWORD } from './helpers/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Field = ListedCustomField;

async function adminOf(opts: Parameters<typeof createCompany>[1] = {}) {
  const company = await createCompany(ctx.db.db, opts);
  const { client } = await signIn(ctx.app, company.people.admin.email, PASSWORD);
  return { ...company, client };
}

async function addSection(client: TestClient, name: string) {
  const res = await client.post('/custom-field-sections', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Section>();
}

async function addField(client: TestClient, sectionId: string, body: Partial<CustomFieldBody> & { name: string }) {
  const res = await client.post('/custom-fields', { section_id: sectionId, type: 'text', binding: 'profile', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Field>();
}

/** Stores one value per new person straight in the table, as the person form will. */
async function storeValues(entity: CreatedEntity, fieldId: string, values: unknown[]) {
  const personIds: string[] = [];
  for (const [i, value] of values.entries()) {
    const person = await insertPerson(ctx.db.db, entity, { firstName: `Holder ${i}` });
    personIds.push(person.id);
    await withTenant(ctx.db.db, entity.id, (tx) =>
      tx.insert(personFieldValues).values({ entityId: entity.id, personId: person.id, fieldId, value }),
    );
  }
  return personIds;
}

async function countValues(entityId: string, fieldId: string) {
  const rows = await ctx.db.db
    .select()
    .from(personFieldValues)
    .where(and(eq(personFieldValues.entityId, entityId), eq(personFieldValues.fieldId, fieldId)));
  return rows.length;
}

async function auditActions(entityId: string) {
  return (await ctx.db.db.select({ a: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, entityId))).map(
    (r) => r.a,
  );
}

describe('sections', () => {
  it('adds, lists, renames and deletes sections in order, writing audit rows', async () => {
    const { client, entity } = await adminOf();
    const visitors = await addSection(client, 'Visitor details');
    const staff = await addSection(client, 'Staff');
    expect(visitors).toMatchObject({ value: 'Visitor details', position: 0, fields: [] });
    expect(staff.position).toBe(1);
    await addField(client, staff.id, { name: 'T-shirt size' });

    const list = (await client.get('/custom-field-sections')).json<Section[]>();
    expect(list.map((s) => s.value)).toEqual(['Visitor details', 'Staff']);
    expect(list[1]!.fields.map((f) => f.name)).toEqual(['T-shirt size']);
    expect((await client.get(`/custom-field-sections/${staff.id}`)).json<Section>().fields).toHaveLength(1);

    const renamed = await client.put(`/custom-field-sections/${staff.id}`, { name: 'Employees' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ value: 'Employees', fields: [{ name: 'T-shirt size' }] });
    // A section may keep its own name in another case.
    expect((await client.put(`/custom-field-sections/${staff.id}`, { name: 'EMPLOYEES' })).statusCode).toBe(200);

    expect((await client.delete(`/custom-field-sections/${visitors.id}`)).statusCode).toBe(204);
    expect((await client.get(`/custom-field-sections/${visitors.id}`)).statusCode).toBe(404);
    expect(await auditActions(entity.id)).toEqual(
      expect.arrayContaining([
        'custom_field_section.create',
        'custom_field_section.update',
        'custom_field_section.delete',
        'custom_field.create',
      ]),
    );
  });

  it('keeps section names unique per company in any case, and says so while the name is typed', async () => {
    const { client } = await adminOf();
    const first = await addSection(client, 'Visitor details');
    const dup = await client.post('/custom-field-sections', { name: '  VISITOR DETAILS ' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      code: 'conflict',
      fields: { name: ['A section with this name already exists.'] },
    });
    const other = await addSection(client, 'Staff');
    expect((await client.put(`/custom-field-sections/${other.id}`, { name: 'visitor details' })).statusCode).toBe(409);

    const taken = await client.get('/custom-field-sections/availability?name=visitor%20DETAILS');
    expect(taken.json()).toEqual({ available: false, message: 'A section with this name already exists.' });
    const own = await client.get(`/custom-field-sections/availability?name=Visitor%20details&exclude_id=${first.id}`);
    expect(own.json()).toEqual({ available: true, message: null });
    expect((await client.get('/custom-field-sections/availability?name=Contractors')).json().available).toBe(true);
    client.lang = 'es';
    expect((await client.get('/custom-field-sections/availability?name=staff')).json().message).toBe(
      'Ya existe una sección con este nombre.',
    );

    // The same name is free in another company.
    const { client: other2 } = await adminOf();
    await addSection(other2, 'Visitor details');
  });

  it('refuses bad section input, naming the field', async () => {
    const { client } = await adminOf();
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(51) }, { name: 42 }]) {
      const res = await client.post('/custom-field-sections', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['name']);
    }
    expect((await client.get('/custom-field-sections/availability')).statusCode).toBe(400);
    expect((await client.get('/custom-field-sections/availability?name=A&exclude_id=nope')).statusCode).toBe(400);
    expect((await client.put('/custom-field-sections/not-an-id', { name: 'A' })).statusCode).toBe(400);
  });

  it('deletes a section with its fields and every value stored for them', async () => {
    const { client, entity } = await adminOf();
    const section = await addSection(client, 'Visitor details');
    const keep = await addSection(client, 'Staff');
    const plate = await addField(client, section.id, { name: 'Vehicle plate', print_on_badge: true });
    const nda = await addField(client, section.id, { name: 'NDA signed', type: 'toggleButton' });
    const size = await addField(client, keep.id, { name: 'T-shirt size' });
    await storeValues(entity, plate.id, ['DXB 12345', 'M 9981']);
    await storeValues(entity, nda.id, [1]);
    await storeValues(entity, size.id, ['L']);

    const listed = (await client.get('/custom-field-sections')).json<Section[]>()[0]!;
    expect(listed.fields.map((f) => [f.name, f.value_count])).toEqual([
      ['Vehicle plate', 2],
      ['NDA signed', 1],
    ]);
    expect((await client.get('/custom-fields/badge-usage')).json()).toEqual({ used: 1, max: 4 });

    expect((await client.delete(`/custom-field-sections/${section.id}`)).statusCode).toBe(204);
    expect(await countValues(entity.id, plate.id)).toBe(0);
    expect(await countValues(entity.id, nda.id)).toBe(0);
    expect(await countValues(entity.id, size.id)).toBe(1);
    expect((await client.get(`/custom-fields/${plate.id}`)).statusCode).toBe(404);
    expect((await client.get('/custom-fields/badge-usage')).json()).toEqual({ used: 0, max: 4 });
  });
});

describe('fields', () => {
  it('adds fields of every type with their options, lists them flat and by binding, changes and deletes one', async () => {
    const { client, entity } = await adminOf();
    const section = await addSection(client, 'Visitor details');
    const made = [
      await addField(client, section.id, { name: 'Vehicle plate', type: 'text' }),
      await addField(client, section.id, { name: 'Group size', type: 'number' }),
      await addField(client, section.id, { name: 'Start date', type: 'date' }),
      await addField(client, section.id, { name: 'Notes', type: 'longText' }),
      await addField(client, section.id, { name: 'Satisfaction', type: 'ratingScale', options: { scale: 7 } }),
      await addField(client, section.id, { name: 'NDA signed', type: 'toggleButton', binding: 'sign_in' }),
      await addField(client, section.id, { name: 'Tags', type: 'labels', options: { choices: ['VIP', 'Press'] } }),
      await addField(client, section.id, {
        name: 'Diet',
        type: 'checkboxes',
        options: { choices: ['Vegetarian', 'Vegan', 'Halal'] },
      }),
      await addField(client, section.id, {
        name: 'Visit purpose',
        type: 'radioButtons',
        binding: 'check_in',
        options: { choices: ['Meeting', 'Delivery'] },
      }),
      await addField(client, section.id, { name: 'Experience', type: 'stars', binding: 'sign_out' }),
      await addField(client, section.id, { name: 'Mood', type: 'smileys', options: { choices: ['stray'], scale: 9 } }),
    ];
    expect(made.map((f) => f.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(made[4]!.options).toEqual({ scale: 7 });
    // Options a type does not use are not kept.
    expect(made[10]!.options).toEqual({});
    expect(made[7]).toMatchObject({ section_name: 'Visitor details', value_count: 0, required: false });

    const all = (await client.get('/custom-fields')).json<Field[]>();
    expect(all.map((f) => f.name)).toEqual(made.map((f) => f.name));
    const signIn = (await client.get('/custom-fields?binding=sign_in')).json<Field[]>();
    expect(signIn.map((f) => f.name)).toEqual(['NDA signed']);
    expect((await client.get('/custom-fields?binding=lunch')).statusCode).toBe(400);

    const diet = made[7]!;
    const changed = await client.put(`/custom-fields/${diet.id}`, {
      section_id: section.id,
      name: 'Dietary needs',
      type: 'checkboxes',
      binding: 'profile',
      options: { choices: ['Vegetarian', 'Vegan', 'Halal', 'Gluten free'] },
      required: true,
      print_on_badge: true,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Dietary needs', required: true, print_on_badge: true });
    expect((await client.get(`/custom-fields/${diet.id}`)).json().options.choices).toHaveLength(4);

    expect((await client.delete(`/custom-fields/${diet.id}`)).statusCode).toBe(204);
    expect((await client.get(`/custom-fields/${diet.id}`)).statusCode).toBe(404);
    expect(await auditActions(entity.id)).toEqual(
      expect.arrayContaining(['custom_field.create', 'custom_field.update', 'custom_field.delete']),
    );
  });

  it('moves a field to another section at its end', async () => {
    const { client } = await adminOf();
    const a = await addSection(client, 'A');
    const b = await addSection(client, 'B');
    await addField(client, b.id, { name: 'First in B' });
    const field = await addField(client, a.id, { name: 'Wanderer' });
    const moved = await client.put(`/custom-fields/${field.id}`, {
      section_id: b.id,
      name: 'Wanderer',
      type: 'text',
      binding: 'profile',
    });
    expect(moved.json()).toMatchObject({ section_id: b.id, section_name: 'B', position: 1 });
  });

  it('keeps field names unique within a section (any case), not across sections', async () => {
    const { client } = await adminOf();
    const a = await addSection(client, 'Visitor details');
    const b = await addSection(client, 'Staff');
    const plate = await addField(client, a.id, { name: 'Employer' });
    const dup = await client.post('/custom-fields', {
      section_id: a.id,
      name: 'EMPLOYER',
      type: 'text',
      binding: 'profile',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().fields).toEqual({ name: ['This section already has a field with this name.'] });
    await addField(client, b.id, { name: 'Employer' });
    // Moving into a section that has the name is refused too.
    const moved = await client.put(`/custom-fields/${plate.id}`, {
      section_id: b.id,
      name: 'employer',
      type: 'text',
      binding: 'profile',
    });
    expect(moved.statusCode).toBe(409);
  });

  it('refuses a built-in field’s name in any language, on create and on rename, naming the field', async () => {
    const { client } = await adminOf();
    const section = await addSection(client, 'Visitor details');
    const body = (name: string) => ({ section_id: section.id, name, type: 'text', binding: 'profile' });
    for (const name of ['Company', ' company ', 'E-mail', 'Email', 'الشركة', 'رقم الهوية', 'Empresa', 'Teléfono']) {
      const res = await client.post('/custom-fields', body(name));
      expect(res.statusCode, name).toBe(409);
      expect(res.json<{ code: string }>().code).toBe('conflict');
      expect(res.json<{ fields: Record<string, string[]> }>().fields.name?.[0], name).toContain(name.trim());
    }
    // In the caller's language.
    const ar = await client.post('/custom-fields', body('Company'), { 'x-lang': 'ar' });
    expect(ar.statusCode).toBe(409);
    expect(ar.json<{ fields: Record<string, string[]> }>().fields.name).toEqual([
      '«Company» هو اسم حقل أساسي من حقول الشخص (بإحدى لغات المنتج): أعطِ الحقل المخصص اسمًا آخر، مثل «جهة العمل».',
    ]);
    // A name that only contains one is fine; renaming to a built-in name is refused.
    const employer = await addField(client, section.id, { name: 'Company size' });
    const renamed = await client.put(`/custom-fields/${employer.id}`, body('Sites'));
    expect(renamed.statusCode).toBe(409);
    expect(Object.keys(renamed.json<{ fields: Record<string, string[]> }>().fields)).toEqual(['name']);
  });

  it('asks each type for its options, naming the field', async () => {
    const { client } = await adminOf();
    const section = await addSection(client, 'Visitor details');
    const post = (body: Record<string, unknown>) =>
      client.post('/custom-fields', { section_id: section.id, name: 'F', binding: 'profile', ...body });

    const noChoices = await post({ type: 'checkboxes' });
    expect(noChoices.statusCode).toBe(400);
    expect(noChoices.json().fields['options.choices']).toEqual(['Add at least one choice.']);
    const dupChoices = await post({ type: 'radioButtons', options: { choices: ['Yes', 'yes'] } });
    expect(dupChoices.json().fields['options.choices']).toEqual(['Each choice may be listed only once.']);
    const noScale = await post({ type: 'ratingScale' });
    expect(noScale.json().fields['options.scale']).toEqual(['Choose the top of the rating scale.']);
    expect((await post({ type: 'ratingScale', options: { scale: 11 } })).json().fields).toHaveProperty('options.scale');
    expect(Object.keys((await post({ type: 'colour' })).json().fields)).toEqual(['type']);
    expect(Object.keys((await post({ type: 'text', binding: 'always' })).json().fields)).toEqual(['binding']);
    expect(Object.keys((await post({ type: 'text', name: '' })).json().fields)).toEqual(['name']);
    expect(Object.keys((await post({ type: 'text', required: 'yes' })).json().fields)).toEqual(['required']);
    expect(Object.keys((await post({ type: 'text', section_id: 'x' })).json().fields)).toEqual(['section_id']);

    const unknownSection = await post({ type: 'text', section_id: '0196a0a0-0000-7000-8000-000000000001' });
    expect(unknownSection.statusCode).toBe(404);
    expect(unknownSection.json().fields).toEqual({ section_id: ['This section does not exist.'] });
  });

  it('refuses to change the type or binding of a field people have values for, and allows it before', async () => {
    const { client, entity } = await adminOf();
    const section = await addSection(client, 'Staff');
    const size = await addField(client, section.id, { name: 'T-shirt size', type: 'text' });
    const body = { section_id: section.id, name: 'T-shirt size', binding: 'profile' };
    // No values yet: the type may change.
    const early = await client.put(`/custom-fields/${size.id}`, {
      ...body,
      type: 'radioButtons',
      options: { choices: ['S', 'M', 'L'] },
    });
    expect(early.statusCode, early.body).toBe(200);
    await storeValues(entity, size.id, ['M', 'L']);

    const retype = await client.put(`/custom-fields/${size.id}`, { ...body, type: 'text' });
    expect(retype.statusCode).toBe(422);
    expect(retype.json().fields).toEqual({
      type: ['This field already has stored values (2), so its type cannot change. Add a new field instead.'],
    });
    const rebind = await client.put(`/custom-fields/${size.id}`, {
      ...body,
      binding: 'sign_in',
      type: 'radioButtons',
      options: { choices: ['S', 'M', 'L'] },
    });
    expect(rebind.statusCode).toBe(422);
    expect(Object.keys(rebind.json().fields)).toEqual(['binding']);
    expect((await client.get(`/custom-fields/${size.id}`)).json()).toMatchObject({
      type: 'radioButtons',
      binding: 'profile',
      value_count: 2,
    });
  });

  it('refuses to remove a choice stored values use, and allows adding, reordering and removing unused ones', async () => {
    const { client, entity } = await adminOf();
    const section = await addSection(client, 'Visitor details');
    const diet = await addField(client, section.id, {
      name: 'Diet',
      type: 'checkboxes',
      options: { choices: ['Vegetarian', 'Vegan', 'Halal', 'Kosher'] },
    });
    const purpose = await addField(client, section.id, {
      name: 'Visit purpose',
      type: 'radioButtons',
      options: { choices: ['Meeting', 'Delivery', 'Interview'] },
    });
    await storeValues(entity, diet.id, [['Vegan', 'Halal'], ['Halal'], ['Vegetarian']]);
    await storeValues(entity, purpose.id, ['Delivery']);
    const put = (field: Field, choices: string[]) =>
      client.put(`/custom-fields/${field.id}`, {
        section_id: section.id,
        name: field.name,
        type: field.type,
        binding: 'profile',
        options: { choices },
      });

    const dropHalal = await put(diet, ['Vegetarian', 'Vegan', 'Kosher']);
    expect(dropHalal.statusCode).toBe(422);
    expect(dropHalal.json().fields['options.choices']).toEqual([
      '“Halal” is chosen in stored values (2), so it cannot be removed or renamed.',
    ]);
    // Renaming is removing one name and adding another.
    expect((await put(purpose, ['Meeting', 'Parcel', 'Interview'])).statusCode).toBe(422);
    const fine = await put(diet, ['Halal', 'Vegan', 'Vegetarian', 'Gluten free']);
    expect(fine.statusCode, fine.body).toBe(200);
    expect(fine.json().options.choices).toEqual(['Halal', 'Vegan', 'Vegetarian', 'Gluten free']);
    expect((await put(purpose, ['Delivery', 'Meeting'])).statusCode).toBe(200);
  });

  it('refuses to shorten a rating scale below the scores given', async () => {
    const { client, entity } = await adminOf();
    const section = await addSection(client, 'Feedback');
    const rating = await addField(client, section.id, {
      name: 'Satisfaction',
      type: 'ratingScale',
      options: { scale: 10 },
    });
    await storeValues(entity, rating.id, [9, 4]);
    const put = (scale: number) =>
      client.put(`/custom-fields/${rating.id}`, {
        section_id: section.id,
        name: 'Satisfaction',
        type: 'ratingScale',
        binding: 'profile',
        options: { scale },
      });
    const short = await put(5);
    expect(short.statusCode).toBe(422);
    expect(Object.keys(short.json().fields)).toEqual(['options.scale']);
    expect((await put(9)).statusCode).toBe(200);
  });

  it('deletes a field with its stored values only', async () => {
    const { client, entity } = await adminOf();
    const section = await addSection(client, 'Staff');
    const size = await addField(client, section.id, { name: 'T-shirt size' });
    const start = await addField(client, section.id, { name: 'Start date', type: 'date' });
    await storeValues(entity, size.id, ['M', 'XL', 'S']);
    await storeValues(entity, start.id, ['2026-03-01']);
    expect((await client.get(`/custom-fields/${size.id}`)).json().value_count).toBe(3);
    expect((await client.delete(`/custom-fields/${size.id}`)).statusCode).toBe(204);
    expect(await countValues(entity.id, size.id)).toBe(0);
    expect(await countValues(entity.id, start.id)).toBe(1);
  });
});

describe('badge printing', () => {
  const badgeField = (sectionId: string, name: string, print_on_badge = true) => ({
    section_id: sectionId,
    name,
    type: 'text',
    binding: 'profile',
    print_on_badge,
  });

  it('prints at most four fields per company: the fifth, created or changed, is refused naming print_on_badge', async () => {
    const { client } = await adminOf();
    const a = await addSection(client, 'Visitor details');
    const b = await addSection(client, 'Staff');
    for (const name of ['Plate', 'Employer', 'Purpose']) await addField(client, a.id, { name, print_on_badge: true });
    const fourth = await addField(client, b.id, { name: 'Team', print_on_badge: true });
    expect((await client.get('/custom-fields/badge-usage')).json()).toEqual({ used: 4, max: 4 });

    const fifth = await client.post('/custom-fields', badgeField(b.id, 'Floor'));
    expect(fifth.statusCode).toBe(422);
    expect(fifth.json()).toMatchObject({
      code: 'rule_violation',
      fields: {
        print_on_badge: ['At most 4 custom fields can be printed on a badge. Turn it off on another field first.'],
      },
    });
    const plain = await addField(client, b.id, { name: 'Floor' });
    const turnOn = await client.put(`/custom-fields/${plain.id}`, badgeField(b.id, 'Floor'));
    expect(turnOn.statusCode).toBe(422);
    expect(Object.keys(turnOn.json().fields)).toEqual(['print_on_badge']);

    // A field already on the badge may be saved again; turning one off makes room.
    expect((await client.put(`/custom-fields/${fourth.id}`, badgeField(b.id, 'Team name'))).statusCode).toBe(200);
    expect((await client.put(`/custom-fields/${fourth.id}`, badgeField(b.id, 'Team name', false))).statusCode).toBe(
      200,
    );
    expect((await client.put(`/custom-fields/${plain.id}`, badgeField(b.id, 'Floor'))).statusCode).toBe(200);
    expect((await client.get('/custom-fields/badge-usage')).json()).toEqual({ used: 4, max: 4 });

    // Another company's budget is its own.
    const { client: other } = await adminOf();
    const section = await addSection(other, 'Visitor details');
    await addField(other, section.id, { name: 'Plate', print_on_badge: true });
  });

  it('keeps the limit when many admins save at once', async () => {
    const { client, people } = await adminOf();
    const { client: second } = await signIn(ctx.app, people.system_admin.email, PASSWORD);
    const section = await addSection(client, 'Visitor details');
    await addField(client, section.id, { name: 'Plate', print_on_badge: true });
    await addField(client, section.id, { name: 'Employer', print_on_badge: true });
    const results = await Promise.all(
      ['A', 'B', 'C', 'D', 'E', 'F'].map((name, i) =>
        (i % 2 ? second : client).post('/custom-fields', badgeField(section.id, `Field ${name}`)),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 422, 422, 422, 422]);
    expect((await client.get('/custom-fields/badge-usage')).json()).toEqual({ used: 4, max: 4 });
  });
});

describe('plans', () => {
  it('answers every custom-fields endpoint with 403 plan_required on the lite plan', async () => {
    const { client } = await adminOf({ plan: 1 });
    const id = '0196a0a0-0000-7000-8000-000000000001';
    const calls = [
      client.get('/custom-field-sections'),
      client.get('/custom-field-sections/availability?name=A'),
      client.get(`/custom-field-sections/${id}`),
      client.post('/custom-field-sections', { name: 'A' }),
      client.put(`/custom-field-sections/${id}`, { name: 'A' }),
      client.delete(`/custom-field-sections/${id}`),
      client.get('/custom-fields'),
      client.get('/custom-fields/badge-usage'),
      client.post('/custom-fields', {}),
      client.get(`/custom-fields/${id}`),
      client.put(`/custom-fields/${id}`, {}),
      client.delete(`/custom-fields/${id}`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'plan_required',
        message: 'Custom fields are available on the Professional and Enterprise plans.',
      });
    }
    const covered = ctx.app.apiRoutes.filter(
      (r) => r.url.startsWith('/api/v1/custom-field') || r.url.startsWith('/api/v1/custom-fields'),
    );
    expect(covered).toHaveLength(calls.length);
  });

  it.each([
    ['professional', 2],
    ['enterprise', 3],
  ] as const)('works on the %s plan', async (_name, plan) => {
    const { client } = await adminOf({ plan });
    const section = await addSection(client, 'Visitor details');
    await addField(client, section.id, { name: 'Plate' });
    expect((await client.get('/custom-fields')).json()).toHaveLength(1);
  });

  it('still refuses a caller without the permission first', async () => {
    const { people } = await createCompany(ctx.db.db, { plan: 1 });
    const { client } = await signIn(ctx.app, people.employee.email, PASSWORD);
    expect((await client.get('/custom-field-sections')).json().code).toBe('forbidden');
  });
});

describe('permissions', () => {
  it('lets people editors read the form fields, and only custom-field admins change them', async () => {
    const { client: admin, entity, people } = await adminOf();
    const section = await addSection(admin, 'Visitor details');
    await addField(admin, section.id, { name: 'Plate' });
    const { client: warden } = await signIn(ctx.app, people.fire_warden.email, PASSWORD);
    expect((await warden.get('/custom-fields')).statusCode).toBe(403);
    // A role given `users` alone reads the form fields but not the settings.
    const res = await admin.put(`/roles/${entity.roles.fire_warden}/permissions`, { permissions: { users: 1 } });
    expect(res.statusCode).toBe(200);
    expect((await warden.get('/custom-fields')).json()).toHaveLength(1);
    expect((await warden.get('/custom-field-sections')).statusCode).toBe(403);
    expect((await warden.post('/custom-field-sections', { name: 'X' })).statusCode).toBe(403);
  });
});

describe('another company', () => {
  it('can neither read nor change nor delete a section or field of ours: 404, nothing changes', async () => {
    const { client: ours, entity } = await adminOf();
    const section = await addSection(ours, 'Visitor details');
    const field = await addField(ours, section.id, {
      name: 'Visit purpose',
      type: 'radioButtons',
      options: { choices: ['Meeting'] },
      print_on_badge: true,
    });
    await storeValues(entity, field.id, ['Meeting']);
    const { client: theirs } = await adminOf();
    const theirSection = await addSection(theirs, 'Theirs');
    const fieldBody = { section_id: section.id, name: 'Hijack', type: 'text', binding: 'profile' };

    const attempts = [
      theirs.get(`/custom-field-sections/${section.id}`),
      theirs.put(`/custom-field-sections/${section.id}`, { name: 'Renamed' }),
      theirs.delete(`/custom-field-sections/${section.id}`),
      theirs.get(`/custom-fields/${field.id}`),
      theirs.put(`/custom-fields/${field.id}`, { ...fieldBody, section_id: theirSection.id }),
      theirs.delete(`/custom-fields/${field.id}`),
      // Adding a field into our section, or moving nothing into it.
      theirs.post('/custom-fields', fieldBody),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode).toBe(404);

    expect((await theirs.get('/custom-field-sections')).json<Section[]>().map((s) => s.value)).toEqual(['Theirs']);
    expect(await theirs.get('/custom-fields').then((r) => r.json())).toEqual([]);
    expect((await theirs.get('/custom-fields/badge-usage')).json()).toEqual({ used: 0, max: 4 });
    // Their taken-name check does not see our names.
    expect((await theirs.get('/custom-field-sections/availability?name=Visitor%20details')).json().available).toBe(
      true,
    );

    const [ourSection] = await ctx.db.db
      .select()
      .from(customFieldSections)
      .where(and(eq(customFieldSections.entityId, entity.id), eq(customFieldSections.id, section.id)));
    expect(ourSection?.name).toBe('Visitor details');
    const [ourField] = await ctx.db.db
      .select()
      .from(customFields)
      .where(and(eq(customFields.entityId, entity.id), eq(customFields.id, field.id)));
    expect(ourField).toMatchObject({ name: 'Visit purpose', sectionId: section.id });
    expect(await countValues(entity.id, field.id)).toBe(1);
  });
});

describe('the demo custom fields', () => {
  it('gives staff and visitors realistic values that pass their own fields, with three fields on the badge', async () => {
    const { client, entity } = await adminOf();
    const kinds = ['Staff', 'Interns', 'Visitors', 'Contractors', 'Delivery'];
    const typeIds = new Map<string, string>();
    for (const kind of kinds) typeIds.set(kind, await insertUserType(ctx.db.db, entity, kind));
    for (const [i, kind] of [...kinds, ...kinds, ...kinds].entries()) {
      const person = await insertPerson(ctx.db.db, entity, {
        firstName: `${kind} ${i}`,
        email: `p${i}@${kind === 'Staff' || kind === 'Interns' ? 'demo.localhost' : 'northwind.example'}`,
      });
      await givePersonUserType(ctx.db.db, entity, person.id, typeIds.get(kind)!);
    }
    await withTenant(ctx.db.db, entity.id, (tx) => seedDemoCustomFields(tx, entity.id));

    const sections = (await client.get('/custom-field-sections')).json<Section[]>();
    expect(sections.map((s) => s.value)).toEqual(DEMO_CUSTOM_FIELD_SECTIONS.map((s) => s.name));
    expect((await client.get('/custom-fields/badge-usage')).json()).toEqual({ used: 3, max: 4 });
    const fields = sections.flatMap((s) => s.fields);
    const byName = new Map(fields.map((f) => [f.name, f]));
    expect(byName.get('Start date')!.value_count).toBe(6);
    expect(byName.get('Employer')!.value_count).toBe(9);
    // The demo's fields never take a built-in field's name (the import's template would hold it twice).
    for (const f of fields) expect(isBuiltInName(f.name), f.name).toBe(false);
    expect(byName.get('Visit purpose')!.value_count).toBe(9);

    const stored = await ctx.db.db.select().from(personFieldValues).where(eq(personFieldValues.entityId, entity.id));
    for (const row of stored) {
      const field = fields.find((f) => f.id === row.fieldId)!;
      expect(checkCustomFieldValue(field, row.value), `${field.name}: ${JSON.stringify(row.value)}`).toEqual({
        ok: true,
        value: row.value,
      });
    }
    expect(stored.find((r) => r.fieldId === byName.get('Employer')!.id)!.value).toBe('Northwind');
  });
});
