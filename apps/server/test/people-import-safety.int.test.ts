// The people import against bad input and other callers: files that are no real xlsx (by content),
// too large packed or unpacked, a part hidden from the zip's directory, too many rows; photo zips that
// are bombs, climb out with `../`, hold folders or links, or hide a file that is no image behind `.jpg`
// (each refused with its message, nothing kept); another company can neither read nor change a task or
// its rows; the people permission, the API token and a member limited to some sites or user types.
import { Readable } from 'node:stream';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import yazl from 'yazl';
import type { ImportRow, ImportTask } from '@app/shared/people/import';
import { withTenant } from '../src/db/client';
import { importRows, importTasks } from '../src/db/schema/index';
import { AppError } from '../src/lib/app-error';
import { loadUserAccess } from '../src/modules/access/access.service';
import { findUserById } from '../src/modules/auth/users.repository';
import { uploadImport } from '../src/modules/people-import/people-import.service';
import { TestClient, signIn } from './helpers/http-client';
import {
  GIF,
  makePdfWithJavaScript,
  makeZip,
  makeZipBomb,
  makeZipWithFolder,
  makeZipWithNames,
  makeZipWithSymlink,
  makeZipWithTooManyEntries,
} from './helpers/upload-fixtures';
import { makePng } from './helpers/images';
import {
  photoZip,
  ranImport,
  rowsOf,
  sheetOf,
  uploadPhotos,
  uploaded,
  uploadSheet,
} from './helpers/people-import-files';
import { peopleWorld, scopedAdmin, type PeopleWorld } from './helpers/people-world';
import { createTestApp, type TestContext } from './helpers/test-app';
import { PASSWORD } from './helpers/world';

let ctx: TestContext;
let a: PeopleWorld;
let b: PeopleWorld;
let task: ImportTask;
let rows: ImportRow[];

const HEADER = ['First name', 'Last name', 'Email', 'Country code', 'Phone', 'ID', 'Company', 'User types', 'Sites'];
const goodRows = [
  ['Jane', 'Photo', 'jane@safety.test', null, null, 'JP-1', null, 'Staff', 'HQ'],
  ['Omar', 'Photo', 'omar@safety.test', null, null, null, null, 'Staff', 'HQ'],
];

beforeAll(async () => {
  ctx = await createTestApp();
  a = await peopleWorld(ctx.app, ctx.db.db);
  b = await peopleWorld(ctx.app, ctx.db.db);
  task = await uploaded(a.admin, await sheetOf(HEADER, goodRows));
  rows = await rowsOf(a.admin, task.id);
}, 60_000);
afterAll(() => ctx?.close());

/** The photos staged for the company's imports (files only). */
function stagedFiles(entityId: string) {
  const found: string[] = [];
  const walk = (dir: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.isDirectory()) walk(path.join(dir, e.name));
      else found.push(path.join(dir, e.name));
    }
  };
  walk(path.join(ctx.dataDir, 'files', 'entities', entityId, 'people-imports'));
  return found.sort();
}

async function zipOfStream(name: string, bytes: number): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
    ),
    '[Content_Types].xml',
  );
  zip.addBuffer(Buffer.from('<workbook/>'), 'xl/workbook.xml');
  const chunk = Buffer.alloc(1024 * 1024);
  const chunks = Math.ceil(bytes / chunk.length);
  zip.addReadStream(
    Readable.from(
      (function* () {
        for (let i = 0; i < chunks; i++) yield chunk;
      })(),
    ),
    name,
  );
  zip.end();
  const out: Buffer[] = [];
  for await (const c of zip.outputStream) out.push(c as Buffer);
  return Buffer.concat(out);
}

/** A real workbook with bytes slipped in between its last part and its directory (a part a reader going through in order would see). */
function withHiddenPart(xlsx: Buffer): Buffer {
  const eocd = xlsx.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const directoryAt = xlsx.readUInt32LE(eocd + 16);
  const hidden = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60, 1)]);
  const out = Buffer.concat([xlsx.subarray(0, directoryAt), hidden, xlsx.subarray(directoryAt)]);
  out.writeUInt32LE(directoryAt + hidden.length, eocd + hidden.length + 16);
  return out;
}

describe('files that are not what they claim', () => {
  it('refuses anything but a real xlsx by its content, naming the file, and keeps nothing', async () => {
    const before = (await a.admin.get('/people/import')).json<{ count: number }>().count;
    const sheet = await sheetOf(HEADER, goodRows);
    const macro = await makeZip((zip) => {
      zip.addBuffer(
        Buffer.from('<Types><Override ContentType="application/vnd.ms-excel.sheet.macroEnabled.main+xml"/></Types>'),
        '[Content_Types].xml',
      );
      zip.addBuffer(Buffer.from('<workbook/>'), 'xl/workbook.xml');
      zip.addBuffer(Buffer.from('<worksheet/>'), 'xl/worksheets/sheet1.xml');
      zip.addBuffer(Buffer.from('macro'), 'xl/vbaProject.bin');
    });
    const cases: [string, Buffer][] = [
      ['a PDF named .xlsx', makePdfWithJavaScript()],
      ['a CSV named .xlsx', Buffer.from('First name,Last name\nJane,Doe\n')],
      ['an old .xls (a compound file)', Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(512)])],
      ['a zip of photos', await photoZip([{ name: 'a.png', data: makePng(10, 10) }])],
      ['a workbook with macros', macro],
      ['a cut-off workbook', sheet.subarray(0, Math.floor(sheet.length / 2))],
      ['a workbook with a part hidden from its directory', withHiddenPart(sheet)],
      ['a GIF', GIF],
    ];
    for (const [label, data] of cases) {
      const res = await uploadSheet(a.admin, data, 'people.xlsx');
      expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
      expect(res.json().fields, label).toEqual({
        file: [
          'The file is not an Excel workbook (.xlsx), or it is damaged. Save it as an Excel workbook without macros and upload it again.',
        ],
      });
    }
    expect((await a.admin.get('/people/import')).json<{ count: number }>().count).toBe(before);
  });

  it('refuses a sheet over 2 MB, and one that unpacks past the limit', async () => {
    const big = await uploadSheet(a.admin, Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(2 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().fields).toEqual({ file: ['The file must be at most 2 MB.'] });

    const bomb = await zipOfStream('xl/worksheets/sheet1.xml', 130 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const res = await uploadSheet(a.admin, bomb);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().fields).toEqual({ file: ['The workbook is too large once unpacked: at most 128 MB.'] });
  });

  it('refuses a sheet past the row limit, with nothing kept', async () => {
    const count = async () =>
      (await ctx.db.query('select count(*)::int as n from import_rows where entity_id = $1', [a.entity.id])).rows[0]!.n;
    const before = await count();
    const user = (await findUserById(ctx.db.db, a.people.admin.id))!;
    const access = await loadUserAccess(ctx.db.db, a.entity.id, user);
    const sheet = await sheetOf(HEADER, [...goodRows, ...goodRows]);
    const refused = await uploadImport(ctx.app, access, 'en', { data: sheet, filename: 'x.xlsx' }, { maxRows: 3 }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).options).toMatchObject({
      field: 'file',
      messageKey: 'import_too_many_rows',
      vars: { max: 3 },
    });
    expect(await count()).toBe(before);
  });
});

describe('photo zips', () => {
  it('refuses a bomb, a `../` name, a folder, a link, too many files and a file that is no image, keeping nothing', async () => {
    const before = stagedFiles(a.entity.id);
    const cases: [string, Buffer, number, string][] = [
      ['a zip bomb', await makeZipBomb(), 413, '“photo.jpg” in the zip is larger than 0.5 MB.'],
      [
        'a `../` name',
        await makeZipWithNames(['../evil.png', 'jane@safety.test.png']),
        422,
        '“../evil.png” is not an allowed file name in a zip.',
      ],
      [
        'a folder',
        await makeZipWithFolder(),
        422,
        'The zip must not contain folders (“photos/”): put the files at its top level.',
      ],
      [
        'a link',
        await makeZipWithSymlink(),
        422,
        '“jane.png” in the zip is a link or a special file; only plain files are accepted.',
      ],
      ['too many files', await makeZipWithTooManyEntries(), 422, 'The zip may contain at most 1000 files.'],
      [
        'a text file named .jpg after a good photo',
        await photoZip([
          { name: 'jane@safety.test.png', data: makePng(300, 400) },
          { name: 'omar@safety.test.jpg', data: Buffer.from('#!/bin/sh\necho not a photo\n') },
        ]),
        422,
        '“omar@safety.test.jpg” in the zip is not a JPG or PNG image.',
      ],
      [
        'a GIF named .png',
        await photoZip([{ name: 'jane@safety.test.png', data: GIF }]),
        422,
        '“jane@safety.test.png” in the zip is not a JPG or PNG image.',
      ],
      [
        'a PDF',
        await photoZip([{ name: 'omar@safety.test.pdf', data: makePdfWithJavaScript() }]),
        422,
        '“omar@safety.test.pdf” in the zip is not a JPG or PNG image.',
      ],
      ['no zip at all', makePng(300, 400), 422, 'The file is not a zip archive, or it is damaged.'],
    ];
    for (const [label, zip, status, message] of cases) {
      const res = await uploadPhotos(a.admin, task.id, zip);
      expect(res.statusCode, `${label}: ${res.body}`).toBe(status);
      expect(res.json().fields, label).toEqual({ zip: [message] });
    }
    expect(stagedFiles(a.entity.id)).toEqual(before);
    expect((await rowsOf(a.admin, task.id)).every((r) => !r.has_photo)).toBe(true);
  });

  it('pairs photos by email or id number, and a second zip replaces the first', async () => {
    const first = await uploadPhotos(
      a.admin,
      task.id,
      await photoZip([
        { name: 'JANE@safety.test.png', data: makePng(300, 400) },
        { name: 'omar@safety.test.jpg', data: makePng(300, 400) },
      ]),
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<ImportTask>()).toMatchObject({ photos: 2, unmatched_photos: [] });
    expect(stagedFiles(a.entity.id)).toHaveLength(2);
    const second = await uploadPhotos(
      a.admin,
      task.id,
      await photoZip([{ name: 'jp-1.png', data: makePng(320, 400) }]),
    );
    expect(second.json<ImportTask>()).toMatchObject({ photos: 1 });
    expect((await rowsOf(a.admin, task.id)).map((r) => r.has_photo)).toEqual([true, false]);
    expect(stagedFiles(a.entity.id)).toHaveLength(1);
  });
});

describe('another company', () => {
  it('can neither read nor change a task or its rows', async () => {
    const token = (await b.admin.post('/company/client-token', {})).json<{ token: string }>().token;
    const bToken = new TestClient(ctx.app);
    bToken.bearer = token;
    const row = rows[0]!.id;
    for (const client of [b.admin, bToken]) {
      const calls = [
        client.get(`/people/import/${task.id}`),
        client.get(`/people/import/${task.id}/rows`),
        client.post(`/people/import/${task.id}/run`, {}),
        client.delete(`/people/import/${task.id}`),
        uploadPhotos(client, task.id, await photoZip([{ name: 'jane@safety.test.png', data: makePng(300, 400) }])),
      ];
      if (client === b.admin) {
        calls.push(
          client.put(`/people/import/${task.id}/rows/${row}`, { cells: { first_name: 'Stolen' } }),
          client.delete(`/people/import/${task.id}/rows/${row}`),
          client.get(`/people/import/${task.id}/rows/${row}/photo`),
        );
      }
      for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(404);
      expect((await client.get('/people/import')).json<{ data: ImportTask[] }>().data.map((t) => t.id)).not.toContain(
        task.id,
      );
    }
    // B's own task cannot reach A's rows through its own id either.
    const own = await uploaded(
      b.admin,
      await sheetOf(HEADER, [['Bee', 'Own', null, null, null, null, null, 'Staff', 'HQ']]),
    );
    expect((await b.admin.put(`/people/import/${own.id}/rows/${row}`, { cells: { first_name: 'X' } })).statusCode).toBe(
      404,
    );
    expect((await b.admin.delete(`/people/import/${own.id}/rows/${row}`)).statusCode).toBe(404);
    // A's task is as it was.
    const after = (await a.admin.get(`/people/import/${task.id}`)).json<ImportTask>();
    expect(after).toMatchObject({ status: 'validated', total_rows: 2, dropped_rows: 0 });
    expect((await rowsOf(a.admin, task.id)).map((r) => r.cells.first_name)).toEqual(['Jane', 'Omar']);
  });

  it('sees none of it under row-level security, even without naming the company', async () => {
    const seen = await withTenant(ctx.db.db, b.entity.id, async (tx) => ({
      tasks: await tx.select().from(importTasks).where(eq(importTasks.id, task.id)),
      rows: await tx.select().from(importRows).where(eq(importRows.taskId, task.id)),
    }));
    expect(seen).toEqual({ tasks: [], rows: [] });
    const own = await withTenant(ctx.db.db, a.entity.id, (tx) =>
      tx.select().from(importRows).where(eq(importRows.taskId, task.id)),
    );
    expect(own).toHaveLength(2);
  });
});

describe('who may import', () => {
  it('needs the people permission', async () => {
    const { client: employee } = await signIn(ctx.app, a.people.employee.email, PASSWORD);
    for (const res of [
      await employee.get('/people/import'),
      await employee.get('/people/import/template'),
      await uploadSheet(employee, await sheetOf(HEADER, goodRows)),
      await employee.get(`/people/import/${task.id}`),
      await employee.post(`/people/import/${task.id}/run`, {}),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
    }
  });

  it('lets the company’s API token upload, read and run, but not change the grid', async () => {
    const token = (await a.admin.post('/company/client-token', {})).json<{ token: string }>().token;
    const api = new TestClient(ctx.app);
    api.bearer = token;
    expect((await api.get('/people/import/template')).statusCode).toBe(200);
    const mine = await uploaded(
      api,
      await sheetOf(HEADER, [
        ['Api', 'Made', 'api@safety.test', null, null, null, null, 'Staff', 'HQ'],
        // The admin's own person uses the dashboard: the token leaves them alone.
        ['Admin', 'Renamed', a.people.admin.email, null, null, null, null, 'Staff', 'HQ'],
      ]),
    );
    expect(mine).toMatchObject({ requested_by: { id: null, name: null }, mine: false, valid_rows: 1, error_rows: 1 });
    const [, admin] = await rowsOf(api, mine.id);
    expect(admin!.errors.email).toEqual([
      'People who use the dashboard are changed in the dashboard by an admin, not with the API token.',
    ]);
    expect((await api.put(`/people/import/${mine.id}/rows/${admin!.id}`, { cells: { email: null } })).statusCode).toBe(
      403,
    );
    expect((await api.delete(`/people/import/${mine.id}/rows/${admin!.id}`)).statusCode).toBe(403);
    const done = await ranImport(api, mine.id);
    expect(done).toMatchObject({ status: 'done', created_rows: 1, skipped_rows: 1 });
  });

  it('shows a member limited to some sites and user types their own tasks only, and keeps their imports in scope', async () => {
    const limited = await scopedAdmin(ctx.app, ctx.db.db, a.entity, [a.sites.hq], [a.types.staff]);
    const outsider = await a.create({
      first_name: 'Out',
      last_name: 'Side',
      email: 'outside@safety.test',
      site_ids: [a.sites.branch],
      user_type_ids: [a.types.visitors],
    });
    expect(outsider.id).toBeTruthy();
    expect((await limited.client.get(`/people/import/${task.id}`)).statusCode).toBe(404);
    expect((await limited.client.get('/people/import')).json<{ count: number }>().count).toBe(0);

    const own = await uploaded(
      limited.client,
      await sheetOf(HEADER, [
        ['In', 'Scope', 'in@safety.test', null, null, null, null, 'Staff', 'HQ'],
        ['Wrong', 'Site', null, null, null, null, null, 'Staff', 'Branch'],
        ['Wrong', 'Type', null, null, null, null, null, 'Visitors', 'HQ'],
        ['Out', 'Side', 'outside@safety.test', null, null, null, null, 'Staff', 'HQ'],
      ]),
    );
    const checked = await rowsOf(limited.client, own.id);
    expect(checked.map((r) => Object.values(r.errors).flat())).toEqual([
      [],
      ['One of the chosen sites does not exist or is not assigned to you.'],
      ['One of the chosen user types does not exist or is not assigned to you.'],
      ['Email belongs to a person outside your sites or user types.'],
    ]);
    const list = (await limited.client.get('/people/import')).json<{ data: ImportTask[] }>().data;
    expect(list.map((t) => t.id)).toEqual([own.id]);
    // The whole company's admin sees it too.
    expect((await a.admin.get(`/people/import/${own.id}`)).statusCode).toBe(200);
  });
});
