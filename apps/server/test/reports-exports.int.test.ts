// Exports of report views (issue 14 item 8): asked for through the API, written by the job from the
// History report's source, read back with exceljs; split sheets, escaping, the company's clock, Arabic
// headers right to left, a run cut short and run again, download links, expiry, another company,
// refused filters and columns, and the report's own permission.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportLink, ExportList, ReportExport } from '@app/shared/reports/exports';
import { withTenant } from '../src/db/client';
import { reportExports, rolePermissions } from '../src/db/schema/index';
import { hasReportText, reportText } from '../src/modules/reports/exports/export-headers';
import { expireReportExports, runReportExport } from '../src/modules/reports/exports/exports.service';
import { reportSource } from '../src/modules/reports/report-sources';
import { REPORT_NAMES } from '@app/shared/reports/common';
import { LANGUAGES } from '@app/shared/constants';
import { createTestApp, type TestContext } from './helpers/test-app';
import { signIn, type TestClient } from './helpers/http-client';
import { insertVisit, visitsWorld, type VisitsWorld } from './helpers/visits-factories';
import { createCompany, PASSWORD } from './helpers/world';

let ctx: TestContext;
let w: VisitsWorld;
const MINUTE = 60_000;
// 21:30 UTC on 1 March 2026 is 01:30 on 2 March in Dubai (UTC+4).
const FIRST = Date.UTC(2026, 2, 1, 21, 30);
const FILTERS = { from: '2026-03-01', to: '2026-03-31', sortField: 'signed_in_at', orderBy: 'asc' };
const PRINTER = { report: 'printer', filters: { from: '2026-03-01', to: '2026-03-31' }, columns: ['person'] };
const COLUMNS = ['person', 'signed_in', 'site'];

beforeAll(async () => {
  ctx = await createTestApp();
  w = await visitsWorld(ctx.app, ctx.db.db, { timezone: 'Asia/Dubai' });
  const formula = await w.person('=HYPERLINK("http://evil")');
  const plain = await w.person('Ann');
  for (let i = 0; i < 25; i++) {
    await insertVisit(ctx.db.db, w.entity, {
      personId: (i === 3 ? formula : plain).id,
      siteId: w.sites.hq,
      areaId: w.areas.reception,
      state: 'left',
      signedInAt: new Date(FIRST + i * MINUTE),
      signedOutAt: new Date(FIRST + i * MINUTE + 30 * MINUTE),
    });
  }
});
afterAll(() => ctx.close());

async function requestExport(client: TestClient, body: Record<string, unknown> = {}) {
  const res = await client.post('/exports', {
    report: 'history',
    format: 'xlsx',
    filters: FILTERS,
    columns: COLUMNS,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(202);
  return res.json<ReportExport>();
}

const filesOf = async (entityId: string) =>
  readdir(path.join(ctx.dataDir, 'files', 'report-exports', entityId)).catch(() => [] as string[]);

async function download(client: TestClient, id: string) {
  const link = await client.post(`/exports/${id}/link`);
  expect(link.statusCode, link.body).toBe(200);
  const { url } = link.json<ExportLink>();
  return { url, res: await client.get(url) };
}

async function readBook(body: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  return book;
}

describe('report exports', () => {
  it('translates every column header of every report in every language', () => {
    for (const name of REPORT_NAMES) {
      const source = reportSource(name);
      if (!source) continue;
      for (const column of source.columns) {
        for (const lang of LANGUAGES) expect(hasReportText(lang, column.header), `${lang} ${column.header}`).toBe(true);
      }
    }
  });

  it('writes an Arabic requester’s xlsx: Arabic headers right to left, escaped cells, the company clock, split sheets', async () => {
    w.admin.lang = 'ar';
    const queued = await requestExport(w.admin);
    w.admin.lang = undefined;
    expect(queued).toMatchObject({ report: 'history', format: 'xlsx', status: 'queued', rows: 0, mine: true });

    const done = await runReportExport(ctx.app, w.entity.id, queued.id, { batchSize: 7, sheetRowLimit: 10 });
    expect(done).toMatchObject({ status: 'done', rows: 25, progress: 100 });
    const status = (await w.admin.get(`/exports/${queued.id}`)).json<ReportExport>();
    expect(status).toMatchObject({ status: 'done', rows: 25, progress: 100 });
    expect(status.bytes).toBeGreaterThan(0);
    expect(Date.parse(status.expires_at!) - Date.parse(status.finished_at!)).toBe(7 * 24 * 60 * MINUTE);

    const { res } = await download(w.admin, queued.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="history-2026-\d\d-\d\d_\d{4}\.xlsx"/);
    expect(res.rawPayload.length).toBe(status.bytes);
    const book = await readBook(res.rawPayload);
    expect(book.worksheets.map((s) => s.rowCount)).toEqual([11, 11, 6]);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe(reportText('ar', 'exports.report_names.history'));
    expect(sheet.views[0]?.rightToLeft).toBe(true);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      reportText('ar', 'history.columns.person'),
      reportText('ar', 'history.columns.signed_in'),
      reportText('ar', 'history.columns.site'),
    ]);
    expect(sheet.getCell('A1').value).toMatch(/[\u0600-\u06ff]/);
    expect(sheet.getCell('A2').value).toBe('Ann Tester');
    expect(sheet.getCell('A5').value).toBe('\'=HYPERLINK("http://evil") Tester');
    expect((sheet.getCell('B2').value as Date).toISOString()).toBe('2026-03-02T01:30:00.000Z');
    expect(sheet.getCell('B2').numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(sheet.getCell('C2').value).toBe('HQ');
    expect((book.worksheets[2]!.getCell('B6').value as Date).toISOString()).toBe('2026-03-02T01:54:00.000Z');
    expect(await filesOf(w.entity.id)).toEqual([`${queued.id}.xlsx`]);
  });

  it('writes csv with the English headers, the BOM and DD/MM/YYYY HH:mm on the company clock', async () => {
    const queued = await requestExport(w.admin, { format: 'csv', columns: ['signed_in', 'person'] });
    await runReportExport(ctx.app, w.entity.id, queued.id);
    const { res } = await download(w.admin, queued.id);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const text = res.rawPayload.toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      `${reportText('en', 'history.columns.signed_in')},${reportText('en', 'history.columns.person')}`,
    );
    expect(lines[1]).toBe('02/03/2026 01:30,Ann Tester');
    expect(lines[4]).toBe('02/03/2026 01:33,"\'=HYPERLINK(""http://evil"") Tester"');
    expect(lines).toHaveLength(27);
  });

  it('starts the file again when a run is cut short, and leaves one file with every row', async () => {
    const queued = await requestExport(w.admin);
    await expect(
      runReportExport(ctx.app, w.entity.id, queued.id, {
        batchSize: 5,
        afterBatch: (rows) => {
          if (rows >= 10) throw new Error('the process died');
        },
      }),
    ).rejects.toThrow('the process died');
    const cut = (await w.admin.get(`/exports/${queued.id}`)).json<ReportExport>();
    expect(cut).toMatchObject({ status: 'queued', error: 'internal' });
    expect((await filesOf(w.entity.id)).filter((f) => f.startsWith(queued.id))).toEqual([]);

    const done = await runReportExport(ctx.app, w.entity.id, queued.id, { batchSize: 5 });
    expect(done).toMatchObject({ status: 'done', rows: 25, attempts: 2, error: null });
    expect((await filesOf(w.entity.id)).filter((f) => f.startsWith(queued.id))).toEqual([`${queued.id}.xlsx`]);
    const book = await readBook((await download(w.admin, queued.id)).res.rawPayload);
    expect(book.worksheets).toHaveLength(1);
    expect(book.worksheets[0]!.rowCount).toBe(26);
    // A finished export is not run again.
    expect(
      await runReportExport(ctx.app, w.entity.id, queued.id, { afterBatch: () => Promise.reject(new Error('no')) }),
    ).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('marks an export failed after its last attempt', async () => {
    const queued = await requestExport(w.admin);
    const boom = { afterBatch: () => Promise.reject(new Error('disk full')) };
    await expect(runReportExport(ctx.app, w.entity.id, queued.id, boom)).rejects.toThrow('disk full');
    await expect(runReportExport(ctx.app, w.entity.id, queued.id, boom)).rejects.toThrow('disk full');
    const failed = await runReportExport(ctx.app, w.entity.id, queued.id, boom);
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, error: 'internal', fileKey: null });
    expect((await w.admin.post(`/exports/${queued.id}/link`)).statusCode).toBe(422);
  });

  it('lets only the requester download, only while the link and the export live', async () => {
    const queued = await requestExport(w.admin);
    await runReportExport(ctx.app, w.entity.id, queued.id);
    const { url } = await download(w.admin, queued.id);

    // Another member of the same company sees the export in the list but cannot download it.
    const { client: reader } = await signIn(ctx.app, w.people.employee_reporting.email, PASSWORD);
    expect((await reader.post(`/exports/${queued.id}/link`)).statusCode).toBe(404);
    expect((await reader.get(url)).statusCode).toBe(404);
    const listed = (await reader.get('/exports')).json<ExportList>().data.find((e) => e.id === queued.id);
    expect(listed).toMatchObject({ mine: false, requested_by: { name: 'admin Person' } });

    // A forged secret, and the link once its five minutes are over.
    expect((await w.admin.get(url.replace(/\.[\w-]+$/, '.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'))).statusCode).toBe(404);
    await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx
        .update(reportExports)
        .set({ linkExpiresAt: new Date(Date.now() - 1000) })
        .where(and(eq(reportExports.entityId, w.entity.id), eq(reportExports.id, queued.id))),
    );
    const late = await w.admin.get(url);
    expect(late.statusCode).toBe(404);
    expect(late.json<{ message: string }>().message).toMatch(/expired/);

    // After the retention period the file is removed and no link is given.
    const expired = await expireReportExports(ctx.app, new Date(Date.now() + 8 * 24 * 60 * MINUTE));
    expect(expired).toBeGreaterThanOrEqual(1);
    expect((await w.admin.get(`/exports/${queued.id}`)).json<ReportExport>().status).toBe('expired');
    expect(await filesOf(w.entity.id)).not.toContain(`${queued.id}.xlsx`);
    const refused = await w.admin.post(`/exports/${queued.id}/link`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json<{ fields: Record<string, string[]> }>().fields.id).toBeDefined();
  });

  it('keeps every export within its company', async () => {
    const queued = await requestExport(w.admin);
    await runReportExport(ctx.app, w.entity.id, queued.id);
    const { url } = await download(w.admin, queued.id);
    const other = await createCompany(ctx.db.db);
    const { client: stranger } = await signIn(ctx.app, other.people.admin.email, PASSWORD);
    expect((await stranger.get('/exports')).json<ExportList>().data).toEqual([]);
    expect((await stranger.get(`/exports/${queued.id}`)).statusCode).toBe(404);
    expect((await stranger.post(`/exports/${queued.id}/link`)).statusCode).toBe(404);
    expect((await stranger.get(url)).statusCode).toBe(404);
    // Nor does the job of another company's id find it.
    expect(await runReportExport(ctx.app, other.entity.id, queued.id)).toBeNull();
  });

  it('lists the newest first, 100 a page, by keyset', async () => {
    const first = (await w.admin.get('/exports?limit=2')).json<ExportList>();
    expect(first.data).toHaveLength(2);
    expect(first.next_cursor).not.toBeNull();
    const second = (await w.admin.get(`/exports?limit=2&cursor=${first.next_cursor}`)).json<ExportList>();
    expect(second.data).toHaveLength(2);
    const all = (await w.admin.get('/exports')).json<ExportList>().data;
    expect([...first.data, ...second.data].map((e) => e.id)).toEqual(all.slice(0, 4).map((e) => e.id));
    expect(first.count).toBe(all.length);
    // A page jumped to by its number is the same as the one its cursor leads to.
    const byNumber = (await w.admin.get('/exports?limit=2&page=2')).json<ExportList>();
    expect(byNumber.data.map((e) => e.id)).toEqual(second.data.map((e) => e.id));
    const times = all.map((e) => Date.parse(e.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await w.admin.get('/exports?search=admin%20pers')).json<ExportList>().count).toBe(all.length);
    expect((await w.admin.get('/exports?search=nobody')).json<ExportList>().data).toEqual([]);
    expect((await w.admin.get('/exports?limit=101')).statusCode).toBe(400);
    expect((await w.admin.get('/exports?bogus=1')).statusCode).toBe(400);
  });

  it('refuses unknown filters and columns, and periods past ten years, naming the field', async () => {
    const post = (body: Record<string, unknown>) =>
      w.admin.post('/exports', { report: 'history', format: 'xlsx', filters: FILTERS, columns: COLUMNS, ...body });
    const unknownFilter = await post({ filters: { ...FILTERS, bogus: 1 } });
    expect(unknownFilter.statusCode).toBe(400);
    expect(Object.keys(unknownFilter.json<{ fields: object }>().fields)).toEqual(['filters.bogus']);
    const unknownColumn = await post({ columns: ['person', 'salary'] });
    expect(unknownColumn.statusCode).toBe(400);
    expect(unknownColumn.json<{ fields: Record<string, string[]> }>().fields['columns.1']![0]).toContain('salary');
    const backwards = await post({ filters: { ...FILTERS, from: '2026-03-31', to: '2026-03-01' } });
    expect(Object.keys(backwards.json<{ fields: object }>().fields)).toEqual(['filters.to']);
    // Longer than a screen allows is fine for an export; past ten years is not.
    expect((await post({ filters: { ...FILTERS, from: '2020-01-01', to: '2026-03-01' } })).statusCode).toBe(202);
    const tooLong = await post({ filters: { ...FILTERS, from: '2010-01-01', to: '2026-03-01' } });
    expect(Object.keys(tooLong.json<{ fields: object }>().fields)).toEqual(['filters.to']);
    expect((await post({ format: 'pdf' })).statusCode).toBe(400);
    expect((await post({ report: 'nothing' })).statusCode).toBe(400);
    expect((await post({ columns: [] })).statusCode).toBe(400);
    expect((await post({ extra: true })).statusCode).toBe(400);
  });

  it('needs the report’s own permission as well as the export list’s', async () => {
    const company = await createCompany(ctx.db.db);
    const { client: reader } = await signIn(ctx.app, company.people.employee_reporting.email, PASSWORD);
    const body = { report: 'history', format: 'csv', filters: FILTERS, columns: COLUMNS };
    expect((await reader.post('/exports', body)).statusCode).toBe(202);
    await ctx.db.db
      .update(rolePermissions)
      .set({ allowed: 0 })
      .where(
        and(
          eq(rolePermissions.entityId, company.entity.id),
          eq(rolePermissions.roleId, company.entity.roles.employee_reporting),
          eq(rolePermissions.permission, 'show_history_list'),
        ),
      );
    expect((await reader.post('/exports', body)).statusCode).toBe(403);
    expect((await reader.post('/exports', { ...body, ...PRINTER })).statusCode).toBe(202);
    // An employee without the export list cannot ask at all.
    const { client: employee } = await signIn(ctx.app, company.people.employee.email, PASSWORD);
    expect((await employee.post('/exports', { ...body, ...PRINTER })).statusCode).toBe(403);
    expect((await employee.get('/exports')).statusCode).toBe(403);
  });

  it('fails an export whose requester lost the report’s permission before it ran', async () => {
    const company = await createCompany(ctx.db.db);
    const { client: reader } = await signIn(ctx.app, company.people.employee_reporting.email, PASSWORD);
    const queued = await requestExport(reader, PRINTER);
    await ctx.db.db
      .update(rolePermissions)
      .set({ allowed: 0 })
      .where(
        and(
          eq(rolePermissions.entityId, company.entity.id),
          eq(rolePermissions.roleId, company.entity.roles.employee_reporting),
          eq(rolePermissions.permission, 'show_printer_list'),
        ),
      );
    expect(await runReportExport(ctx.app, company.entity.id, queued.id)).toMatchObject({
      status: 'failed',
      error: 'forbidden',
      attempts: 1,
    });
  });
});
