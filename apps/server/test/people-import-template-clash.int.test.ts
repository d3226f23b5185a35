// The import's template as a person following the product's steps uses it (issue 24 item 1): every
// company of the test world downloads its template in each language and uploads it back, filled with a
// row, and it is taken. A custom field made with a built-in field's name before such names were refused
// ("Company" beside the built-in company) is told apart by a suffix on its header, and read back by it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCustomColumn } from '@app/shared/people/import';
import { LANGUAGES } from '@app/shared/constants';
import type { ImportRow, ImportTask } from '@app/shared/people/import';
import { fillTemplate, readTemplate, rowsOf, templateRoundTrip, uploadSheet } from './helpers/people-import-files';
import { fullWorld } from './helpers/full-world';
import { insertProfileField, peopleWorld } from './helpers/people-world';
import { createTestApp, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, 60_000);
afterAll(() => ctx?.close());

describe('every company’s template, downloaded and uploaded back', () => {
  it('is taken in every language, for a company with one of everything and one with custom fields', async () => {
    const full = await fullWorld(ctx.app, ctx.db.db);
    const plain = await peopleWorld(ctx.app, ctx.db.db);
    await insertProfileField(ctx.db.db, plain.entity, { name: 'Employer', type: 'text' });
    await insertProfileField(ctx.db.db, plain.entity, {
      name: 'Shirt',
      type: 'radioButtons',
      options: { choices: ['S', 'M'] },
    });
    for (const client of [full.admin, plain.admin]) {
      for (const lang of LANGUAGES) await templateRoundTrip(client, lang);
    }
  }, 180_000);

  it('tells a custom field named like a built-in one apart, in the header and the grid, and reads it back', async () => {
    const w = await peopleWorld(ctx.app, ctx.db.db);
    // Fields made before the rule: the demo's old "Company", and one named like the Arabic "Company".
    const company = await insertProfileField(ctx.db.db, w.entity, { name: 'Company', type: 'text' });
    const arabic = await insertProfileField(ctx.db.db, w.entity, {
      name: 'الشركة',
      type: 'radioButtons',
      options: { choices: ['A', 'B'] },
    });
    const headers = {
      en: ['Company (custom field)', 'الشركة (custom field)'],
      ar: ['Company (حقل مخصص)', 'الشركة (حقل مخصص)'],
      es: ['Company (campo personalizado)', 'الشركة (campo personalizado)'],
    };
    for (const lang of LANGUAGES) {
      const { header, task } = await templateRoundTrip(w.admin, lang);
      expect(header.slice(9)).toEqual(headers[lang]);
      // The import's grid and its row dialog show the task's headers: the custom ones suffixed too.
      expect(task.columns.find((c) => c.key === importCustomColumn(company))?.header).toBe(headers[lang][0]);
    }

    // Filled in: the built-in "Company" column goes to the person's company, the suffixed one to the field.
    const res = await w.admin.get('/people/import/template');
    const { header } = await readTemplate(res.rawPayload);
    expect(header).toContain('Company');
    const filled = await fillTemplate(res.rawPayload, [
      ['Ada', 'Lovelace', null, null, null, null, 'Analytical Engines', 'Staff', 'HQ', 'Babbage & Co', 'B'],
    ]);
    const up = await uploadSheet(w.admin, filled);
    expect(up.statusCode, up.body).toBe(201);
    const [row] = await rowsOf(w.admin, up.json<ImportTask>().id);
    expect((row as ImportRow).errors).toEqual({});
    expect(row!.cells).toMatchObject({
      company_name: 'Analytical Engines',
      [importCustomColumn(company)]: 'Babbage & Co',
      [importCustomColumn(arabic)]: 'B',
    });

    // A sheet filled in another language's template is read back the same way.
    const ar = await w.admin.get('/people/import/template', { 'x-lang': 'ar' });
    const arFilled = await fillTemplate(ar.rawPayload, [
      ['Ada', 'Lovelace', null, null, null, null, 'AE', 'Staff', 'HQ', 'B & Co', 'A'],
    ]);
    const arUp = await uploadSheet(w.admin, arFilled);
    expect(arUp.statusCode, arUp.body).toBe(201);
    const [arRow] = await rowsOf(w.admin, arUp.json<ImportTask>().id);
    expect(arRow!.cells).toMatchObject({ company_name: 'AE', [importCustomColumn(company)]: 'B & Co' });
  });
});
