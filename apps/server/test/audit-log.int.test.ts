// The audit log viewer (issue 29): a company's recorded changes newest first with who made them and
// their values before and after; filters by who, action, target and days; keyset pages; the company
// details permission; another company's entries never shown; the log append-only for the application;
// entries past the company's data retention removed with the nightly retention; exported as a report.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AuditLogList, AuditLogOptions } from '@app/shared/reports/audit-log';
import type { ExportLink, ReportExport } from '@app/shared/reports/exports';
import { rowsOf, withTenant } from '../src/db/client';
import { newId } from '../src/lib/ids';
import { runRetention } from '../src/modules/privacy/privacy.service';
import { runReportExport } from '../src/modules/reports/exports/exports.service';
import { signIn } from './helpers/http-client';
import { createTestApp, type TestContext } from './helpers/test-app';
import { visitsWorld, type VisitsWorld } from './helpers/visits-factories';
import { PASSWORD } from './helpers/world';

let ctx: TestContext;
let w: VisitsWorld;
let other: VisitsWorld;
let siteId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await visitsWorld(ctx.app, ctx.db.db);
  other = await visitsWorld(ctx.app, ctx.db.db);
  const created = await w.admin.post('/sites', { name: 'Audit HQ' });
  expect(created.statusCode, created.body).toBe(201);
  siteId = created.json<{ id: string }>().id;
  const renamed = await w.admin.put(`/sites/${siteId}`, { name: 'Audit House' });
  expect(renamed.statusCode, renamed.body).toBe(200);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

const list = async (query: string, client = w.admin) => {
  const res = await client.get(`/audit-log${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuditLogList>();
};

describe('the audit log viewer', () => {
  it('lists the company’s changes newest first, with who made them and the values before and after', async () => {
    const page = await list(`?target_type=site&target_id=${siteId}`);
    expect(page.data.map((r) => r.action)).toEqual(['site.update', 'site.create']);
    const [update] = page.data;
    expect(update).toMatchObject({
      target_type: 'site',
      target_id: siteId,
      actor: { kind: 'user', user_id: w.people.admin.id, name: 'admin Person' },
      before: expect.objectContaining({ name: 'Audit HQ' }),
      after: expect.objectContaining({ name: 'Audit House' }),
    });
    expect(update!.at.local).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(page.count).toBe(2);
  });

  it('filters by who made the change, its action and days, and pages by keyset without overlap', async () => {
    const byAdmin = await list(`?actor_user_id=${w.people.admin.id}&limit=100`);
    expect(byAdmin.data.length).toBeGreaterThan(5);
    expect(byAdmin.data.every((r) => r.actor.user_id === w.people.admin.id)).toBe(true);
    const stranger = await list(`?actor_user_id=${other.people.admin.id}`);
    expect(stranger.data).toEqual([]);
    const created = await list('?action=site.create&limit=100');
    expect(created.data.every((r) => r.action === 'site.create')).toBe(true);
    expect(created.data.map((r) => r.target_id)).toContain(siteId);
    expect((await list('?from=2020-01-01&to=2020-01-31')).data).toEqual([]);
    const searched = await list(`?search=${siteId.slice(-12)}`);
    expect(searched.data.map((r) => r.action)).toEqual(['site.update', 'site.create']);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: AuditLogList = await list(`?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...page.data.map((r) => r.id));
      cursor = page.next_cursor;
    } while (cursor);
    const all = await list('?limit=100');
    expect(seen).toEqual(all.data.map((r) => r.id));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('offers the members, actions and targets written, and refuses bad filters naming the field', async () => {
    const res = await w.admin.get('/audit-log/options');
    expect(res.statusCode, res.body).toBe(200);
    const options = res.json<AuditLogOptions>();
    expect(options.actors).toContainEqual({ id: w.people.admin.id, name: 'admin Person' });
    expect(options.actors.map((a) => a.id)).not.toContain(other.people.admin.id);
    expect(options.actions).toEqual(expect.arrayContaining(['site.create', 'site.update']));
    expect(options.target_types).toContain('site');

    for (const [query, field] of [
      ['?action=DROP%20TABLE', 'action'],
      ['?actor_user_id=nobody', 'actor_user_id'],
      ['?from=2026-02-10&to=2026-02-01', 'to'],
      ['?cursor=nonsense', 'cursor'],
      ['?target_id=' + 'x'.repeat(101), 'target_id'],
    ] as const) {
      const bad = await w.admin.get(`/audit-log${query}`);
      expect(bad.statusCode, `${query}: ${bad.body}`).toBe(400);
      expect(Object.keys(bad.json<{ fields: Record<string, string[]> }>().fields)).toContain(field);
    }
    expect((await w.admin.get('/audit-log?colour=red')).statusCode).toBe(400);
  });

  it('exports through the report exports, with the filters on screen and the values as JSON', async () => {
    const queued = await w.admin.post('/exports', {
      report: 'audit_log',
      format: 'csv',
      filters: { target_type: 'site', target_id: siteId },
      columns: ['at', 'actor', 'action', 'before', 'after'],
    });
    expect(queued.statusCode, queued.body).toBe(202);
    const { id } = queued.json<ReportExport>();
    expect(await runReportExport(ctx.app, w.entity.id, id)).toMatchObject({ status: 'done', rows: 2 });
    const { url } = (await w.admin.post(`/exports/${id}/link`)).json<ExportLink>();
    const csv = (await w.admin.get(url)).body.replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(csv[0]).toBe('When,Made by,Action,Before,After');
    expect(csv[1]).toContain('admin Person,site.update,');
    expect(csv[1]).toContain('""name"":""Audit HQ""');
    expect(csv[2]).toContain('site.create');
    // Another company's member may not export it without the permission either.
    const { client: employee } = await signIn(ctx.app, w.people.employee.email, PASSWORD);
    const refused = await employee.post('/exports', {
      report: 'audit_log',
      format: 'csv',
      filters: {},
      columns: ['at'],
    });
    expect(refused.statusCode).toBe(403);
  });

  it('is for members with the company details permission, and never shows another company’s entries', async () => {
    const { client: employee } = await signIn(ctx.app, w.people.employee.email, PASSWORD);
    expect((await employee.get('/audit-log')).statusCode).toBe(403);
    expect((await employee.get('/audit-log/options')).statusCode).toBe(403);
    const theirs = await list(`?target_id=${siteId}`, other.admin);
    expect(theirs.data).toEqual([]);
    const all = await list('?limit=100', other.admin);
    expect(all.data.some((r) => r.actor.user_id === w.people.admin.id)).toBe(false);
  });

  it('is append-only for the application: an entry can be neither changed nor deleted', async () => {
    const refused = async (statement: ReturnType<typeof sql>) => {
      const error = await withTenant(ctx.db.db, w.entity.id, (tx) => tx.execute(statement)).then(
        () => null,
        (err: unknown) => err as { cause?: { message?: string } },
      );
      return error?.cause?.message ?? null;
    };
    expect(await refused(sql`update audit_log set action = 'forged'`)).toMatch(/permission denied/);
    expect(await refused(sql`delete from audit_log`)).toMatch(/permission denied/);
  });

  it('loses the entries older than the company’s data retention with the nightly run, and only those', async () => {
    const oldEntry = async (entityId: string, daysAgo: number) => {
      const id = newId();
      await withTenant(ctx.db.db, entityId, (tx) =>
        tx.execute(sql`insert into audit_log (entity_id, id, actor_kind, action, target_type, created_at)
                       values (${entityId}, ${id}, 'user', 'site.update', 'site', now() - make_interval(days => ${daysAgo}))`),
      );
      return id;
    };
    const due = await oldEntry(w.entity.id, 400);
    const kept = await oldEntry(w.entity.id, 300);
    const othersOld = await oldEntry(other.entity.id, 400);
    const set = await w.admin.put('/privacy/company', { data_retention_days: 365, scans_retention_days: 365 });
    expect(set.statusCode, set.body).toBe(200);

    const run = await runRetention(ctx.app, w.entity.id, {
      trigger: 'schedule',
      scope: 'both',
      localDate: '2026-12-05',
      now: new Date(),
    });
    expect(run).toMatchObject({ status: 'done' });
    const left = async (entityId: string) =>
      withTenant(ctx.db.db, entityId, async (tx) =>
        rowsOf<{ id: string }>(await tx.execute(sql`select id from audit_log`)).map((r) => r.id),
      );
    const ours = await left(w.entity.id);
    expect(ours).not.toContain(due);
    expect(ours).toContain(kept);
    expect(await left(other.entity.id)).toContain(othersOld);
    // The retention's own change is recorded, and recent entries stay.
    expect((await list('?action=site.create&limit=100')).data.map((r) => r.target_id)).toContain(siteId);
  });
});
