// Stored files across app nodes (the issue: "a photo uploaded through A answers 404 through B; an export
// asked through A ran as a job on B and wrote its file on B, so its download answered 404 through A").
// Two apps on the same database, each with a DATA_DIR of its own, both with FILE_STORE=s3 on a local
// S3-compatible server: what one node stores, the other serves; a missing file is still a 404, and a
// store in trouble a 500, never a 404.
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Person } from '@app/shared/people/schemas';
import type { ExportLink, ReportExport } from '@app/shared/reports/exports';
import { expireReportExports, runReportExport } from '../src/modules/reports/exports/exports.service';
import { TestClient } from './helpers/http-client';
import { makePng, readImage } from './helpers/images';
import { startS3Server, type TestS3 } from './helpers/s3-server';
import { createTestApp, type TestContext } from './helpers/test-app';
import { insertVisit, visitsWorld, type VisitsWorld } from './helpers/visits-factories';

let s3: TestS3;
let a: TestContext;
let b: TestContext;
let w: VisitsWorld;
/** The admin's session (made through A) on node B: sessions live in the shared database. */
let adminOnB: TestClient;

const FIRST = Date.UTC(2026, 2, 1, 9, 0);

beforeAll(async () => {
  s3 = await startS3Server();
  a = await createTestApp(s3.env);
  // On PostgreSQL B opens its own connections to the run's database; the embedded one has one connection.
  b = await createTestApp(s3.env, a.db.kind === 'postgres' ? undefined : { db: a.db });
  w = await visitsWorld(a.app, a.db.db);
  const ann = await w.person('Ann');
  for (let i = 0; i < 12; i++) {
    await insertVisit(a.db.db, w.entity, {
      personId: ann.id,
      siteId: w.sites.hq,
      areaId: w.areas.reception,
      state: 'left',
      signedInAt: new Date(FIRST + i * 60_000),
      signedOutAt: new Date(FIRST + i * 60_000 + 30 * 60_000),
    });
  }
  adminOnB = new TestClient(b.app);
  adminOnB.cookies = new Map(w.admin.cookies);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await s3?.close();
});

/** What a node left on its own disk: nothing but scratch folders, emptied. */
function localFiles(ctx: TestContext): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else found.push(path.relative(ctx.dataDir, full));
    }
  };
  walk(path.join(ctx.dataDir, 'files'));
  walk(path.join(ctx.dataDir, 'tmp'));
  return found;
}

describe('files across nodes through the S3 store', () => {
  it('runs two apps with data folders of their own', () => {
    expect(a.dataDir).not.toBe(b.dataDir);
    expect(a.app.env.fileStore).toMatchObject({ driver: 's3', bucket: s3.bucket, endpoint: s3.endpoint });
    expect(b.app.env.fileStore).toEqual(a.app.env.fileStore);
  });

  it('serves through B the company logo uploaded through A, and forgets it through A once B removes it', async () => {
    const png = makePng(200, 45);
    const res = await w.admin.upload('PUT', '/company/logo', 'file', png, 'logo.png', 'image/png');
    expect(res.statusCode, res.body).toBe(200);
    const logo = res.json<{ logo: string }>().logo;
    const onB = await b.app.inject({ url: logo });
    expect(onB.statusCode, onB.body).toBe(200);
    expect(onB.headers['content-type']).toBe('image/png');
    expect(await readImage(onB.rawPayload)).toEqual({ format: 'png', width: 200, height: 45, hasMetadata: false });
    expect(onB.rawPayload.equals((await a.app.inject({ url: logo })).rawPayload)).toBe(true);

    expect((await adminOnB.delete('/company/logo')).statusCode).toBe(200);
    expect((await a.app.inject({ url: logo })).statusCode).toBe(404);
    expect(localFiles(a)).toEqual([]);
    expect(localFiles(b)).toEqual([]);
  });

  it('serves through B a person’s photo uploaded through A; a missing one is a 404, a store in trouble a 500', async () => {
    const person = await w.person('Photo');
    const res = await w.admin.upload(
      'PUT',
      `/people/${person.id}/photo`,
      'photo',
      makePng(250, 300),
      'me.png',
      'image/png',
    );
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json<Person>().photo_url!;
    const onA = await w.admin.get(url);
    const onB = await adminOnB.get(url);
    expect(onB.statusCode, onB.body).toBe(200);
    expect(onB.rawPayload.equals(onA.rawPayload)).toBe(true);
    expect(await readImage(onB.rawPayload)).toMatchObject({ format: 'png', width: 250, height: 300 });

    // The store answering 500 is no "missing photo": B answers 500 (after the SDK's retries), not 404.
    s3.failNext(10, { method: 'GET' });
    expect((await adminOnB.get(url)).statusCode).toBe(500);
    s3.failNext(0);

    // Gone from the bucket behind the app's back: a 404 on either node.
    const key = s3.requests.find((r) => r.method === 'PUT' && r.path.includes(`/people/${person.id}/`))!.path;
    await b.app.files.remove(key.slice(`/${s3.bucket}/`.length));
    expect((await adminOnB.get(url)).statusCode).toBe(404);
    expect((await w.admin.get(url)).statusCode).toBe(404);
    expect(localFiles(a)).toEqual([]);
    expect(localFiles(b)).toEqual([]);
  });

  it('downloads through A an export asked through A whose job ran on B', async () => {
    const asked = await w.admin.post('/exports', {
      report: 'history',
      format: 'csv',
      filters: { from: '2026-03-01', to: '2026-03-31', sortField: 'signed_in_at', orderBy: 'asc' },
      columns: ['person', 'site'],
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const queued = asked.json<ReportExport>();

    s3.requests.length = 0;
    const done = await runReportExport(b.app, w.entity.id, queued.id, { batchSize: 5 });
    expect(done).toMatchObject({ status: 'done', rows: 12 });
    const objectPath = `/${s3.bucket}/report-exports/${w.entity.id}/${queued.id}.csv`;
    expect(s3.requests.filter((r) => r.method === 'PUT').map((r) => r.path)).toEqual([objectPath]);
    // B wrote its scratch file, put it in the bucket and removed it: nothing is left on either node.
    expect(localFiles(b)).toEqual([]);
    expect(localFiles(a)).toEqual([]);

    const status = (await w.admin.get(`/exports/${queued.id}`)).json<ReportExport>();
    const link = await w.admin.post(`/exports/${queued.id}/link`);
    expect(link.statusCode, link.body).toBe(200);
    const { url } = link.json<ExportLink>();
    const file = await w.admin.get(url);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers).toMatchObject({
      'content-type': 'text/csv; charset=utf-8',
      'content-length': String(status.bytes),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    });
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="history-2026-\d\d-\d\d_\d{4}\.csv"/);
    const lines = file.rawPayload
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines.slice(1, -1)).toEqual(Array.from({ length: 12 }, () => 'Ann Tester,HQ'));
    expect(file.rawPayload.length).toBe(status.bytes);

    // A store in trouble is a 500 for the download, never a 404; a file gone from it, a 404.
    s3.failNext(10, { method: 'GET' });
    expect((await w.admin.get(url)).statusCode).toBe(500);
    s3.failNext(0);
    await a.app.files.remove(`report-exports/${w.entity.id}/${queued.id}.csv`);
    expect((await w.admin.get(url)).statusCode).toBe(404);
  });

  it('sweeps scratch files that a dead run left on its node, and only those past a day', async () => {
    const scratch = path.join(b.dataDir, 'tmp', 'report-exports');
    mkdirSync(scratch, { recursive: true });
    writeFileSync(path.join(scratch, 'dead.1.x.csv'), 'left by a killed process');
    writeFileSync(path.join(scratch, 'running.1.y.csv'), 'being written');
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60_000);
    utimesSync(path.join(scratch, 'dead.1.x.csv'), twoDaysAgo, twoDaysAgo);
    await expireReportExports(b.app);
    expect(readdirSync(scratch)).toEqual(['running.1.y.csv']);
  });
});
