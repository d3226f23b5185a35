// The people import (issue 16 item 1): the template's round trip (download, fill, upload, run, the
// people exist with their user types, sites and custom values), every problem a row can have, the
// grid's changes, a second import of the same people updating them, and a run stopped part way
// resuming without writing anyone twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { IMPORT_BASE_COLUMNS, type ImportRow, type ImportTask } from '@app/shared/people/import';
import type { Person } from '@app/shared/people/schemas';
import { withTenant } from '../src/db/client';
import { importTasks, people, personFieldValues } from '../src/db/schema/index';
import { t } from '../src/lib/i18n';
import { runImport } from '../src/modules/people-import/import-run';
import { makePng } from './helpers/images';
import {
  fillTemplate,
  photoZip,
  ranImport,
  readTemplate,
  rowsOf,
  sheetOf,
  uploadPhotos,
  uploaded,
  uploadSheet,
} from './helpers/people-import-files';
import { addUserType, insertProfileField, peopleWorld, type PeopleWorld } from './helpers/people-world';
import { createTestApp, type TestContext } from './helpers/test-app';

let ctx: TestContext;
let w: PeopleWorld;
const fields = {} as Record<'badge' | 'shirt' | 'diets' | 'start' | 'parking' | 'floor', string>;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await peopleWorld(ctx.app, ctx.db.db);
  const field = (name: string, type: string, options: Record<string, unknown> = {}) =>
    insertProfileField(ctx.db.db, w.entity, { name, type, options });
  fields.badge = await field('Badge name', 'text');
  fields.shirt = await field('Shirt', 'radioButtons', { choices: ['S', 'M', 'L'] });
  fields.diets = await field('Diets', 'checkboxes', { choices: ['Vegan', 'Halal', 'Kosher'] });
  fields.start = await field('Start date', 'date');
  fields.parking = await field('Parking', 'toggleButton');
  fields.floor = await field('Floor', 'number');
}, 60_000);
afterAll(() => ctx?.close());

const HEADER = ['First name', 'Last name', 'Email', 'Country code', 'Phone', 'ID', 'Company', 'User types', 'Sites'];

const peopleByEmail = (emails: string[]) =>
  withTenant(ctx.db.db, w.entity.id, (tx) =>
    tx
      .select()
      .from(people)
      .where(and(eq(people.entityId, w.entity.id), inArray(people.emailLower, emails))),
  );

const errorsOf = (row: ImportRow) => Object.fromEntries(Object.entries(row.errors).map(([k, v]) => [k, v[0]]));

describe('the template round trip', () => {
  it('offers the company’s columns and names, reads back what was filled in, and imports it', async () => {
    const res = await w.admin.get('/people/import/template');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('attachment');
    const template = res.rawPayload;
    const { header, lists, sheetNames } = await readTemplate(template);
    expect(sheetNames).toEqual(['People', 'Lists']);
    expect(header).toEqual([
      'First name *',
      'Last name *',
      'Email',
      'Country code',
      'Phone',
      'ID',
      'Company',
      'User types *',
      'Sites *',
      'Badge name',
      'Shirt',
      'Diets',
      'Start date',
      'Parking',
      'Floor',
    ]);
    const column = (i: number) =>
      lists
        .slice(1)
        .map((r) => r[i] ?? '')
        .filter(Boolean);
    expect(lists[0]).toEqual(['User types', 'Sites', 'Shirt', 'Diets', 'Parking']);
    expect(column(0)).toEqual(['Staff', 'Visitors']);
    expect(column(1)).toEqual(['Branch', 'HQ']);
    expect(column(2)).toEqual(['S', 'M', 'L']);

    const filled = await fillTemplate(template, [
      [
        'Rosa',
        'Parks',
        'rosa@import.test',
        '+44',
        '7700 900 001',
        'RP-1',
        'Acme',
        'Staff',
        'HQ',
        'Rosie',
        'm',
        'Vegan; halal',
        new Date(Date.UTC(2025, 0, 15)),
        1,
        3,
      ],
      [
        'Alan',
        'Turing',
        'ALAN@import.test',
        '44',
        '7700900002',
        null,
        null,
        'Staff; Visitors',
        'HQ; Branch',
        null,
        null,
        null,
        null,
        'false',
        null,
      ],
      ['Grace', 'Hopper', null, null, null, 'GH-7', null, 'visitors', 'branch'],
    ]);
    const task = await uploaded(w.admin, filled);
    expect(task).toMatchObject({
      status: 'validated',
      total_rows: 3,
      valid_rows: 3,
      error_rows: 0,
      unknown_columns: [],
    });
    expect(task.columns.map((c) => c.key)).toEqual([
      'first_name',
      'last_name',
      'email',
      'phone_code',
      'phone',
      'id_number',
      'company_name',
      'user_types',
      'sites',
      ...Object.values(fields).map((id) => `custom_fields.${id}`),
    ]);
    const rows = await rowsOf(w.admin, task.id);
    expect(rows.map((r) => [r.row_number, r.action, r.errors])).toEqual([
      [2, 'create', {}],
      [3, 'create', {}],
      [4, 'create', {}],
    ]);

    const done = await ranImport(w.admin, task.id);
    expect(done).toMatchObject({ status: 'done', created_rows: 3, updated_rows: 0, skipped_rows: 0, progress: 100 });
    const created = await rowsOf(w.admin, task.id, 'created');
    expect(created.map((r) => r.person?.name)).toEqual(['Rosa Parks', 'Alan Turing', 'Grace Hopper']);

    const rosa = (await w.admin.get(`/people/${created[0]!.person!.id}`)).json<Person>();
    expect(rosa).toMatchObject({
      email: 'rosa@import.test',
      phone_code: '44',
      phone: '7700900001',
      id_number: 'RP-1',
      company_name: 'Acme',
      role: { id: w.roles.employee },
    });
    expect(rosa.user_types.map((t) => t.name)).toEqual(['Staff']);
    expect(rosa.sites.map((s) => s.name)).toEqual(['HQ']);
    const values = Object.fromEntries(rosa.custom_fields.map((f) => [f.custom_field_id, f.value]));
    expect(values).toEqual({
      [fields.badge]: 'Rosie',
      [fields.shirt]: 'M',
      [fields.diets]: ['Vegan', 'Halal'],
      [fields.start]: '2025-01-15',
      [fields.parking]: 1,
      [fields.floor]: 3,
    });
    const alan = (await w.admin.get(`/people/${created[1]!.person!.id}`)).json<Person>();
    expect(alan.email).toBe('alan@import.test');
    expect(alan.user_types.map((t) => t.name)).toEqual(['Staff', 'Visitors']);
    expect(alan.sites.map((s) => s.name)).toEqual(['Branch', 'HQ']);
    expect(alan.custom_fields).toEqual([{ custom_field_id: fields.parking, type: 'toggleButton', value: 0 }]);

    // The queue lists it, with its counts.
    const queue = (await w.admin.get('/people/import')).json<{ data: ImportTask[]; count: number }>();
    expect(queue.data[0]).toMatchObject({ id: task.id, status: 'done', created_rows: 3, mine: true });
  });

  it('updates rather than duplicates when the same people are imported again, matched by email, phone or id', async () => {
    const rows = [
      ['Ada', 'Lovelace', 'ada@again.test', '44', '7700900101', 'AL-1', 'Analytical', 'Staff', 'HQ'],
      ['Charles', 'Babbage', null, '44', '7700900102', null, null, 'Staff', 'HQ'],
      ['Mary', 'Somerville', null, null, null, 'MS-3', null, 'Visitors', 'Branch'],
    ];
    const first = await uploaded(w.admin, await sheetOf(HEADER, rows));
    expect((await ranImport(w.admin, first.id)).created_rows).toBe(3);
    const before = await peopleByEmail(['ada@again.test']);

    // The same file again, with changes: matched by email, by phone, by id number.
    const again = rows.map((r) => [...r]);
    again[0]![6] = 'Difference Engines';
    again[1]![2] = 'charles@again.test';
    again[2]![7] = 'Staff; Visitors';
    const second = await uploaded(w.admin, await sheetOf(HEADER, again));
    const planned = await rowsOf(w.admin, second.id);
    expect(planned.map((r) => r.action)).toEqual(['update', 'update', 'update']);
    expect(planned.map((r) => r.person?.name)).toEqual(['Ada Lovelace', 'Charles Babbage', 'Mary Somerville']);
    const done = await ranImport(w.admin, second.id);
    expect(done).toMatchObject({ created_rows: 0, updated_rows: 3, skipped_rows: 0 });

    const after = await peopleByEmail(['ada@again.test', 'charles@again.test']);
    expect(after).toHaveLength(2);
    const ada = after.find((p) => p.email === 'ada@again.test')!;
    expect(ada.id).toBe(before[0]!.id);
    expect(ada.companyName).toBe('Difference Engines');
    const mary = (await w.admin.get(`/people/${planned[2]!.person!.id}`)).json<Person>();
    expect(mary.user_types.map((t) => t.name)).toEqual(['Staff', 'Visitors']);
    const counted = await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx
        .select({ n: sql<number>`count(*)::int` })
        .from(people)
        .where(and(eq(people.entityId, w.entity.id), sql`${people.lastName} in ('Lovelace', 'Babbage', 'Somerville')`)),
    );
    expect(counted[0]!.n).toBe(3);
  });
});

describe('the problems of a row', () => {
  let task: ImportTask;
  let byRow: Map<number, ImportRow>;
  const existing = {} as Record<'ann' | 'bob' | 'dora', string>;

  beforeAll(async () => {
    existing.ann = (await w.create({ first_name: 'Ann', last_name: 'Existing', email: 'ann@exists.test' })).id;
    await w.create({ first_name: 'Cleo', last_name: 'Existing', email: 'cleo@exists.test' });
    existing.bob = (
      await w.create({ first_name: 'Bob', last_name: 'Existing', phone_code: '44', phone: '7700900500' })
    ).id;
    existing.dora = (
      await w.create({ first_name: 'Dora', last_name: 'Existing', email: 'dora@exists.test', id_number: 'DORA-1' })
    ).id;
    await addUserType(w.admin, 'Contractors', { mandatory_profile_data: ['company_name'] });
    const header = [...HEADER, 'Floor', 'Mystery column'];
    const row = (first: string | null, extra: Record<number, unknown> = {}) => {
      const cells: unknown[] = [first, 'Row', null, null, null, null, null, 'Staff', 'HQ', null, 'ignored'];
      for (const [i, v] of Object.entries(extra)) cells[Number(i)] = v;
      return cells as (string | number | null)[];
    };
    const sheet = await sheetOf(header, [
      row(null), // 2: no first name
      row('BadEmail', { 2: 'not-an-email' }), // 3
      row('BadPhone', { 3: '44', 4: '77-abc' }), // 4
      row('NoCode', { 4: '7700900600' }), // 5
      row('TwinA', { 2: 'twin@file.test' }), // 6
      row('TwinB', { 2: 'TWIN@file.test' }), // 7
      row('Alien', { 7: 'Aliens' }), // 8
      row('Moon', { 8: 'Moon' }), // 9
      row('Floor', { 9: 'third' }), // 10
      row('Conflict', { 2: 'cleo@exists.test', 3: '44', 4: '7700900500' }), // 11: Cleo's email, Bob's phone
      row('Small', { 2: 'small@photo.test' }), // 12: its photo is too small
      row('Fine', { 2: 'fine@file.test' }), // 13
      row('AnnAgain', { 2: 'ann@exists.test' }), // 14: updates Ann
      row('Contractor', { 7: 'Contractors' }), // 15: its type needs a company
      row('DoraByEmail', { 2: 'dora@exists.test' }), // 16: updates Dora …
      row('DoraById', { 5: 'dora-1' }), // 17: … and so does this one
      row('LongName'.padEnd(60, 'x')), // 18
    ]);
    task = await uploaded(w.admin, sheet);
    const photos = await uploadPhotos(
      w.admin,
      task.id,
      await photoZip([
        { name: 'small@photo.test.png', data: makePng(100, 100) },
        { name: 'fine@file.test.png', data: makePng(300, 400) },
        { name: 'nobody@nowhere.test.png', data: makePng(300, 400) },
      ]),
    );
    expect(photos.statusCode, photos.body).toBe(200);
    task = photos.json<ImportTask>();
    byRow = new Map((await rowsOf(w.admin, task.id)).map((r) => [r.row_number, r]));
  });

  it('marks each problem on its cell, in words, and reports unknown columns and unmatched photos', () => {
    expect(task.unknown_columns).toEqual(['Mystery column']);
    expect(task).toMatchObject({ photos: 2, unmatched_photos: ['nobody@nowhere.test.png'] });
    const problems = Object.fromEntries([...byRow].map(([n, r]) => [n, errorsOf(r)]));
    expect(problems).toEqual({
      2: { first_name: 'First name is required.' },
      3: { email: 'Invalid email address' },
      4: { phone: 'Phone must contain digits only.' },
      5: { phone_code: 'Country code is required.' },
      6: { email: 'Email is also on row 7 of the file.' },
      7: { email: 'Email is also on row 6 of the file.' },
      8: { user_types: 'There is no user type named “Aliens”.' },
      9: { sites: 'There is no site named “Moon”.' },
      10: { [`custom_fields.${fields.floor}`]: 'Floor must be a number.' },
      11: {
        email: "Email belongs to another person than the row's other details.",
        phone: "Phone belongs to another person than the row's other details.",
      },
      12: { photo: 'The image must be at least 250×300 pixels.' },
      13: {},
      14: {},
      15: { company_name: expect.stringMatching(/company/i) },
      16: { email: 'Row 17 of the file updates the same person.' },
      17: { id_number: 'Row 16 of the file updates the same person.' },
      18: { first_name: 'First name must be at most 50 characters.' },
    });
    expect(byRow.get(13)).toMatchObject({ action: 'create', has_photo: true });
    expect(byRow.get(13)!.photo_url).toMatch(/^\/api\/v1\/people\/import\/.+\/photo\?v=/);
    expect(byRow.get(14)).toMatchObject({ action: 'update', person: { id: existing.ann } });
    expect(task).toMatchObject({ total_rows: 17, valid_rows: 2, error_rows: 15 });
  });

  it('serves a waiting row’s photo as a re-encoded image', async () => {
    const res = await w.admin.get(byRow.get(13)!.photo_url!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('checks a row again when the grid changes it, and the rows it clashed with', async () => {
    const fix = await w.admin.put(`/people/import/${task.id}/rows/${byRow.get(3)!.id}`, {
      cells: { email: 'fixed@file.test' },
    });
    expect(fix.statusCode, fix.body).toBe(200);
    expect(fix.json<ImportRow>()).toMatchObject({ errors: {}, cells: { email: 'fixed@file.test' } });

    // Dropping one twin clears the other.
    const drop = await w.admin.delete(`/people/import/${task.id}/rows/${byRow.get(6)!.id}`);
    expect(drop.statusCode, drop.body).toBe(200);
    expect(drop.json<ImportRow>().status).toBe('dropped');
    const twin = (await rowsOf(w.admin, task.id)).find((r) => r.row_number === 7)!;
    expect(twin.errors).toEqual({});
    // So does fixing one of two rows updating the same person.
    const dora = await w.admin.put(`/people/import/${task.id}/rows/${byRow.get(17)!.id}`, { cells: { id_number: '' } });
    expect(dora.statusCode, dora.body).toBe(200);
    expect((await rowsOf(w.admin, task.id)).find((r) => r.row_number === 16)!.errors).toEqual({});

    const unknown = await w.admin.put(`/people/import/${task.id}/rows/${byRow.get(2)!.id}`, { cells: { nope: 'x' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ 'cells.nope': ['“nope” is not a column of this import.'] });
    const empty = await w.admin.put(`/people/import/${task.id}/rows/${byRow.get(2)!.id}`, { cells: {} });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().fields)).toEqual(['cells']);
    const dropped = await w.admin.put(`/people/import/${task.id}/rows/${byRow.get(6)!.id}`, {
      cells: { last_name: 'x' },
    });
    expect(dropped.statusCode).toBe(422);

    const counts = (await w.admin.get(`/people/import/${task.id}`)).json<ImportTask>();
    expect(counts).toMatchObject({ total_rows: 17, dropped_rows: 1, valid_rows: 6, error_rows: 10 });
    expect((await rowsOf(w.admin, task.id, 'errors')).map((r) => r.row_number)).toEqual([
      2, 4, 5, 8, 9, 10, 11, 12, 15, 18,
    ]);
    expect((await rowsOf(w.admin, task.id, 'valid')).map((r) => r.row_number)).toEqual([3, 7, 13, 14, 16, 17]);
  });

  it('imports the rows without problems and skips the others with the reason', async () => {
    const done = await ranImport(w.admin, task.id);
    expect(done).toMatchObject({ status: 'done', created_rows: 4, updated_rows: 2, skipped_rows: 10, dropped_rows: 1 });
    const skipped = await rowsOf(w.admin, task.id, 'skipped');
    expect(skipped.map((r) => r.reason)).toEqual(Array(10).fill('Not imported: the row has problems.'));
    expect(errorsOf(skipped[0]!)).toEqual({ first_name: 'First name is required.' });
    const updated = await rowsOf(w.admin, task.id, 'updated');
    expect(updated.map((r) => r.person?.id).sort()).toEqual([existing.ann, existing.dora].sort());
    const [fine] = await peopleByEmail(['fine@file.test']);
    expect(fine!.image).toMatch(new RegExp(`^entities/${w.entity.id}/people/${fine!.id}/.+\\.png$`));
    expect((await w.admin.get(`/people/${fine!.id}/photo`)).statusCode).toBe(200);
    // The grid is closed once run.
    const late = await w.admin.put(`/people/import/${task.id}/rows/${byRow.get(2)!.id}`, {
      cells: { first_name: 'Late' },
    });
    expect(late.statusCode).toBe(422);
    expect((await w.admin.post(`/people/import/${task.id}/run`, {})).statusCode).toBe(422);
  });
});

describe('a run stopped part way', () => {
  it('resumes at the first row not yet imported and never writes anyone twice', async () => {
    const rows = Array.from({ length: 7 }, (_, i) => [
      `Crash${i}`,
      'Test',
      `crash${i}@resume.test`,
      null,
      null,
      null,
      null,
      'Staff',
      'HQ',
    ]);
    const task = await uploaded(w.admin, await sheetOf(HEADER, rows));
    const runner = { kind: 'user' as const, userId: w.people.admin.id, membershipId: w.people.admin.membershipId };
    await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx
        .update(importTasks)
        .set({ status: 'queued', runner })
        .where(and(eq(importTasks.entityId, w.entity.id), eq(importTasks.id, task.id))),
    );
    const emails = rows.map((r) => r[2] as string);

    // The process dies after the first batch has committed.
    await expect(
      runImport(ctx.app, w.entity.id, task.id, {
        batchSize: 3,
        afterBatch: () => {
          throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    expect(await peopleByEmail(emails)).toHaveLength(3);
    let state = (await w.admin.get(`/people/import/${task.id}`)).json<ImportTask>();
    expect(state).toMatchObject({ status: 'queued', processed_rows: 3, created_rows: 3 });

    // Left 'running' by a process that died: the next run takes it, and its batch fails before committing.
    await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx
        .update(importTasks)
        .set({ status: 'running' })
        .where(and(eq(importTasks.entityId, w.entity.id), eq(importTasks.id, task.id))),
    );
    await expect(
      runImport(ctx.app, w.entity.id, task.id, {
        batchSize: 3,
        insideBatch: () => {
          throw new Error('lost the database');
        },
      }),
    ).rejects.toThrow('lost the database');
    expect(await peopleByEmail(emails)).toHaveLength(3);
    state = (await w.admin.get(`/people/import/${task.id}`)).json<ImportTask>();
    expect(state).toMatchObject({ status: 'queued', processed_rows: 3 });

    // The retry finishes: everyone once.
    const done = await runImport(ctx.app, w.entity.id, task.id, { batchSize: 3 });
    expect(done).toMatchObject({ status: 'done', processedRows: 7, createdRows: 7, skippedRows: 0 });
    const created = await peopleByEmail(emails);
    expect(created).toHaveLength(7);
    expect(new Set(created.map((p) => p.emailLower)).size).toBe(7);
    // A created person has its row's id: another run could not create them again.
    const rowIds = (await rowsOf(w.admin, task.id, 'created')).map((r) => r.id).sort();
    expect(created.map((p) => p.id).sort()).toEqual(rowIds);
    // Running a finished task again does nothing.
    expect(await runImport(ctx.app, w.entity.id, task.id)).toMatchObject({ status: 'done', createdRows: 7 });
    expect(await peopleByEmail(emails)).toHaveLength(7);
  });

  it('marks a run failed after its last attempt, and a new run resumes it', async () => {
    const task = await uploaded(
      w.admin,
      await sheetOf(HEADER, [
        ['Fail', 'One', 'fail1@resume.test', null, null, null, null, 'Staff', 'HQ'],
        ['Fail', 'Two', 'fail2@resume.test', null, null, null, null, 'Staff', 'HQ'],
      ]),
    );
    await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx
        .update(importTasks)
        .set({
          status: 'queued',
          attempts: 2,
          runner: { kind: 'user', userId: w.people.admin.id, membershipId: w.people.admin.membershipId },
        })
        .where(and(eq(importTasks.entityId, w.entity.id), eq(importTasks.id, task.id))),
    );
    const failed = await runImport(ctx.app, w.entity.id, task.id, {
      batchSize: 1,
      afterBatch: () => {
        throw new Error('broken');
      },
    });
    expect(failed).toMatchObject({ status: 'failed', processedRows: 1 });
    expect((await w.admin.get(`/people/import/${task.id}`)).json<ImportTask>().error).toBe(
      'The import stopped because of an error on our side. Run it again to resume.',
    );
    const resumed = await ranImport(w.admin, task.id);
    expect(resumed).toMatchObject({ status: 'done', created_rows: 2, error: null });
    expect(await peopleByEmail(['fail1@resume.test', 'fail2@resume.test'])).toHaveLength(2);
  });
});

describe('formulas and odd cells', () => {
  it('reads a formula as its saved value, never running it, and keeps text that looks like one as text', async () => {
    const sheet = await sheetOf(HEADER, [
      [
        { formula: 'UPPER("x")', result: 'Formula' },
        'Cell',
        { formula: 'LOWER("X@Y.TEST")', result: 'formula@cells.test' },
        null,
        null,
        '=1+1',
        null,
        'Staff',
        'HQ',
      ],
      [{ formula: 'NOW()' }, 'Unsaved', null, null, null, null, null, 'Staff', 'HQ'],
      [{ richText: [{ text: 'Rich' }, { text: 'Text' }] }, 'Cell', null, null, null, null, null, 'Staff', 'HQ'],
    ]);
    const task = await uploaded(w.admin, sheet);
    const rows = await rowsOf(w.admin, task.id);
    expect(rows[0]!.cells).toMatchObject({ first_name: 'Formula', email: 'formula@cells.test', id_number: '=1+1' });
    expect(rows[0]!.errors).toEqual({});
    // A formula without a saved value is empty: it is not worked out here.
    expect(errorsOf(rows[1]!)).toEqual({ first_name: 'First name is required.' });
    expect(rows[2]!.cells.first_name).toBe('RichText');
  });

  it('writes custom values only where a row gives one, and leaves the rest as stored', async () => {
    const person = await w.create({
      first_name: 'Keep',
      last_name: 'Values',
      email: 'keep@values.test',
      custom_fields: [{ custom_field_id: fields.badge, value: 'Kept' }],
    });
    const task = await uploaded(
      w.admin,
      await sheetOf(
        [...HEADER, 'Floor', 'Badge name'],
        [['Keep', 'Values', 'keep@values.test', null, null, null, null, 'Staff', 'HQ', 7, null]],
      ),
    );
    await ranImport(w.admin, task.id);
    const stored = await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx
        .select({ fieldId: personFieldValues.fieldId, value: personFieldValues.value })
        .from(personFieldValues)
        .where(and(eq(personFieldValues.entityId, w.entity.id), eq(personFieldValues.personId, person.id))),
    );
    expect(Object.fromEntries(stored.map((s) => [s.fieldId, s.value]))).toEqual({
      [fields.badge]: 'Kept',
      [fields.floor]: 7,
    });
  });
});

describe('the upload’s own limits', () => {
  it('refuses a sheet without a required column, with a column twice, or without rows, keeping nothing', async () => {
    const before = (await w.admin.get('/people/import')).json<{ count: number }>().count;
    const cases: [Buffer, string][] = [
      [
        await sheetOf(['First name', 'Email', 'User types', 'Sites'], [['A', 'a@b.test', 'Staff', 'HQ']]),
        'The sheet lacks the columns Last name. Download the template and keep its header row.',
      ],
      [
        await sheetOf([...HEADER, 'Email'], [['A', 'B', 'a@b.test']]),
        'The column “Email” appears twice in the header row.',
      ],
      [await sheetOf(HEADER, []), 'The sheet has no rows below its header.'],
    ];
    for (const [sheet, message] of cases) {
      const res = await uploadSheet(w.admin, sheet);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields).toEqual({ file: [message] });
    }
    expect((await w.admin.get('/people/import')).json<{ count: number }>().count).toBe(before);
  });

  it('reads headers in another language and only the first sheet', async () => {
    const arabic = IMPORT_BASE_COLUMNS.map((column) => t('ar', `errors:fields.${column}`));
    expect(arabic.some((label) => /[\u0600-\u06ff]/.test(label))).toBe(true);
    const res = await uploadSheet(
      w.admin,
      await sheetOf(arabic, [['Layla', 'Arabic', 'layla@ar.test', null, null, null, null, 'Staff', 'HQ']], true),
    );
    expect(res.statusCode, res.body).toBe(201);
    const task = res.json<ImportTask>();
    expect(task).toMatchObject({ total_rows: 1, valid_rows: 1 });
  });

  it('leaves empty rows out, keeping the sheet’s row numbers', async () => {
    const task = await uploaded(
      w.admin,
      await sheetOf(HEADER, [[], ['Late', 'Header', null, null, null, null, null, 'Staff', 'HQ']]),
    );
    expect((await rowsOf(w.admin, task.id)).map((r) => r.row_number)).toEqual([3]);
  });
});
