import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Person } from '@app/shared/people/schemas';
import { withTenant } from '../src/db/client';
import { personFieldValues } from '../src/db/schema/index';
import { newId } from '../src/lib/ids';
import { createTestApp, type TestContext } from './helpers/test-app';
import { insertProfileField, peopleWorld } from './helpers/people-world';

// Custom field values on people (issue 3 item 7, spec §3 "Custom field", §6 plans).

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const world = (opts: Parameters<typeof peopleWorld>[2] = {}) => peopleWorld(ctx.app, ctx.db.db, opts);

describe('custom field values', () => {
  it('checks each value by its field’s type, names the field, stores, clears and enforces required ones', async () => {
    const w = await world();
    const badge = await insertProfileField(ctx.db.db, w.entity, { name: 'Badge name', type: 'text', required: true });
    const age = await insertProfileField(ctx.db.db, w.entity, { name: 'Age', type: 'number' });
    const diet = await insertProfileField(ctx.db.db, w.entity, {
      name: 'Diet',
      type: 'checkboxes',
      options: { choices: ['Vegan', 'Halal', 'Kosher'] },
    });
    const parking = await insertProfileField(ctx.db.db, w.entity, { name: 'Parking', type: 'toggleButton' });
    const visitOnly = await insertProfileField(ctx.db.db, w.entity, { name: 'Mood', type: 'text', binding: 'sign_in' });
    const b = await world();
    const theirs = await insertProfileField(ctx.db.db, b.entity, { name: 'Theirs', type: 'text' });

    const post = (values: { custom_field_id: string; value: unknown }[]) =>
      w.admin.post('/people', w.body({ custom_fields: values }));
    const required = await post([{ custom_field_id: age, value: 30 }]);
    expect(required.statusCode).toBe(400);
    expect(required.json().fields).toEqual({ [`custom_fields.${badge}`]: ['Badge name is required.'] });
    const wrong = await post([
      { custom_field_id: badge, value: 'Ada' },
      { custom_field_id: age, value: 'thirty' },
    ]);
    expect(wrong.json().fields).toEqual({ [`custom_fields.${age}`]: ['Age must be a number.'] });
    const choice = await post([
      { custom_field_id: badge, value: 'Ada' },
      { custom_field_id: diet, value: ['Vegan', 'Paleo'] },
    ]);
    expect(choice.json().fields).toEqual({ [`custom_fields.${diet}`]: ['Diet must be one of its choices.'] });
    for (const foreign of [theirs, visitOnly, newId()]) {
      const res = await post([
        { custom_field_id: badge, value: 'Ada' },
        { custom_field_id: foreign, value: 'x' },
      ]);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().fields)).toEqual(['custom_fields']);
    }

    const created = await post([
      { custom_field_id: badge, value: ' Ada ' },
      { custom_field_id: age, value: '36' },
      { custom_field_id: diet, value: '["Kosher","Vegan"]' },
      { custom_field_id: parking, value: true },
    ]);
    expect(created.statusCode, created.body).toBe(201);
    const person = created.json<Person>();
    const byField = (p: Person) => Object.fromEntries(p.custom_fields.map((v) => [v.custom_field_id, v.value]));
    expect(byField(person)).toEqual({ [badge]: 'Ada', [age]: 36, [diet]: ['Vegan', 'Kosher'], [parking]: 1 });
    expect(person.custom_fields.find((v) => v.custom_field_id === diet)!.type).toBe('checkboxes');

    // Left out: values stay. Null clears; a required field cannot be cleared.
    const kept = await w.admin.put(`/people/${person.id}`, w.body({ first_name: 'Augusta' }));
    expect(byField(kept.json())).toEqual(byField(person));
    const cleared = await w.admin.put(
      `/people/${person.id}`,
      w.body({ custom_fields: [{ custom_field_id: age, value: null }] }),
    );
    expect(byField(cleared.json())).toEqual({ [badge]: 'Ada', [diet]: ['Vegan', 'Kosher'], [parking]: 1 });
    const emptied = await w.admin.put(
      `/people/${person.id}`,
      w.body({ custom_fields: [{ custom_field_id: badge, value: '' }] }),
    );
    expect(emptied.statusCode).toBe(400);
  });

  it('refuses any value on a lite plan and shows none', async () => {
    const w = await world({ plan: 1 });
    const field = await insertProfileField(ctx.db.db, w.entity, { name: 'Badge name', type: 'text', required: true });
    const res = await w.admin.post('/people', w.body({ custom_fields: [{ custom_field_id: field, value: 'x' }] }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'plan_required',
      fields: { custom_fields: ['Custom fields are available on the Professional and Enterprise plans.'] },
    });
    // Nothing is required either, and a value stored before a downgrade is not shown.
    const person = await w.create({ custom_fields: [] });
    await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx.insert(personFieldValues).values({ entityId: w.entity.id, personId: person.id, fieldId: field, value: 'old' }),
    );
    expect((await w.admin.get(`/people/${person.id}`)).json().custom_fields).toEqual([]);
  });
});
