// A Wonde integration against the local fake of Wonde's API (decision 048): a school whose approval
// is pending, then students read, migrated, and their sign-ins written back as session attendance with
// the attendance codes the company mapped; scans that fail, re-coded, ignored, and sent again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Integration } from '@app/shared/integrations/schemas';
import { sql } from 'drizzle-orm';
import { withTenant } from '../src/db/client';
import { directoryLinks } from '../src/db/schema/index';
import { integrationRunsEnded } from '../src/modules/integrations/integration-runs';
import { collectScans, writeBackAll } from '../src/modules/integrations/write-back';
import { startWondeFake, WONDE_FAKE_TOKEN, type WondeFakeControl } from '../src/modules/integrations/fakes/wonde-fake';
import type { FakeServer } from '../src/modules/integrations/fakes/fake-server';
import { addMode, addReason } from './helpers/attendance-factories';
import { signIn } from './helpers/http-client';
import { createTestApp, type TestContext } from './helpers/test-app';
import { insertVisit, visitsWorld, type VisitsWorld } from './helpers/visits-factories';
import { createCompany, PASSWORD } from './helpers/world';

let ctx: TestContext;
let w: VisitsWorld;
let fake: { server: FakeServer; control: WondeFakeControl };

beforeAll(async () => {
  fake = await startWondeFake({ demo: true });
  ctx = await createTestApp({ WONDE_URL: fake.server.url });
  w = await visitsWorld(ctx.app, ctx.db.db);
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await fake?.server.close();
});

type Scan = {
  id: string;
  status: string;
  code_id: string | null;
  error: string | null;
  attempts: number;
  kind: string;
};

const scans = async (id: string) =>
  (await w.admin.get(`/integrations/${id}/scans?limit=100`)).json<{ data: Scan[] }>().data;

describe('a Wonde integration writing sign-ins back as session attendance', () => {
  let integration: Integration;
  let studentLinks: { personId: string; externalId: string }[];
  let lateCode: { id: string; code: string };
  let presentCode: { id: string; code: string };

  it('says a school that has not approved access is pending, in Wonde’s words', async () => {
    fake.control.setPending(true);
    const pending = await w.admin.post('/integrations', {
      name: 'Our school',
      dir_code: 'wonde',
      config: { school_id: fake.control.schoolId },
      secrets: { token: WONDE_FAKE_TOKEN },
    });
    expect(pending.statusCode, pending.body).toBe(422);
    expect(pending.json<{ fields: Record<string, string[]> }>().fields.token?.[0]).toMatch(/approv/i);
    fake.control.setPending(false);
    const res = await w.admin.post('/integrations', {
      name: 'Our school',
      dir_code: 'wonde',
      config: { school_id: fake.control.schoolId },
      secrets: { token: WONDE_FAKE_TOKEN },
    });
    expect(res.statusCode, res.body).toBe(201);
    integration = res.json<{ integration: Integration }>().integration;
    expect(integration.account).toBe(fake.control.schoolName);
  });

  it('reads the students, migrates them, and collects only the chosen area’s sign-ins', async () => {
    const saved = await w.admin.put(`/integrations/${integration.id}/settings`, {
      site_ids: [w.sites.hq],
      groups: [{ id: 'students', name: 'Students', user_type_id: w.types.staff }],
      fields: ['email'],
      sync_frequency: 'daily',
      write_back: true,
      write_back_area_ids: [w.areas.reception],
      sync: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await integrationRunsEnded(ctx.app);
    const migrate = await w.admin.post(`/integrations/${integration.id}/migrate`);
    expect(migrate.statusCode, migrate.body).toBe(202);
    await integrationRunsEnded(ctx.app);
    studentLinks = await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx.select({ personId: directoryLinks.personId, externalId: directoryLinks.externalId }).from(directoryLinks),
    );
    expect(studentLinks.length).toBeGreaterThan(10);
    // Sign-ins are written back from the migration on: it happened an hour ago.
    await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx.execute(sql`update integrations set migrated_at = now() - interval '1 hour' where id = ${integration.id}`),
    );

    const codes = fake.control.codes();
    lateCode = codes.find((c) => c.code === 'L')!;
    presentCode = codes.find((c) => c.code === '/')!;
    expect(lateCode && presentCode).toBeTruthy();
  });

  it('maps reasons to the directory’s codes, refusing a code it does not have', async () => {
    const mode = await addMode(w.admin, [w.sites.hq]);
    const late = await addReason(w.admin, mode.id, 'Bus late', 'late_sign_in', '09:00', 60);
    const unknown = await w.admin.put(`/integrations/${integration.id}/attendance-codes`, {
      ids: [late.id],
      attendanceCodeId: 'nope',
    });
    expect(unknown.statusCode).toBe(400);
    const res = await w.admin.put(`/integrations/${integration.id}/attendance-codes`, {
      ids: [late.id],
      attendanceCodeId: lateCode.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ reasons: { id: string; code_id: string | null }[]; codes: unknown[] }>();
    expect(body.reasons.find((r) => r.id === late.id)?.code_id).toBe(lateCode.id);
    expect(body.codes.length).toBeGreaterThan(3);

    const [a, b, c] = studentLinks;
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    await insertVisit(ctx.db.db, w.entity, {
      personId: a!.personId,
      siteId: w.sites.hq,
      areaId: w.areas.reception,
      state: 'signed_in',
      signedInAt: minutesAgo(10),
      lateReasonId: late.id,
    });
    await insertVisit(ctx.db.db, w.entity, {
      personId: b!.personId,
      siteId: w.sites.hq,
      areaId: w.areas.reception,
      state: 'signed_in',
      signedInAt: minutesAgo(9),
    });
    // Another area: not written back.
    await insertVisit(ctx.db.db, w.entity, {
      personId: c!.personId,
      siteId: w.sites.hq,
      areaId: w.areas.warehouse,
      state: 'signed_in',
      signedInAt: minutesAgo(8),
    });
    await writeBackAll(ctx.app, new Date());
    const list = await scans(integration.id);
    expect(list).toHaveLength(2);
    const sent = list.find((s) => s.code_id === lateCode.id)!;
    expect(sent.status).toBe('sent');
    const written = fake.control.attendanceWritten();
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ studentId: a!.externalId, attendanceCodeId: lateCode.id, comment: 'Bus late' });
    // A plain sign-in has no code until the company names its present mark: it waits, with why.
    const waiting = list.find((s) => s.code_id === null)!;
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting.error).toMatch(/code/i);

    const edited = await w.admin.put(`/integrations/${integration.id}/scans/edit`, {
      ids: [waiting.id, sent.id],
      attendanceCodeId: presentCode.id,
    });
    expect(edited.json()).toEqual({ changed: 1 });
    const now = await w.admin.post(`/integrations/${integration.id}/scans/send`);
    expect(now.json()).toEqual({ changed: 1 });
    expect(fake.control.attendanceWritten()).toHaveLength(2);
    // Collected once: a second minute makes no second scan.
    await writeBackAll(ctx.app, new Date());
    expect(await scans(integration.id)).toHaveLength(2);
  });

  it('writes a plain sign-in with the present code, and never sends an ignored scan', async () => {
    const present = await w.admin.put(`/integrations/${integration.id}/attendance-codes`, {
      present: true,
      attendanceCodeId: presentCode.id,
    });
    expect(present.json<{ present_code_id: string }>().present_code_id).toBe(presentCode.id);
    const d = studentLinks[3]!;
    const e = studentLinks[4]!;
    for (const person of [d, e]) {
      await insertVisit(ctx.db.db, w.entity, {
        personId: person.personId,
        siteId: w.sites.hq,
        areaId: w.areas.reception,
        state: 'signed_in',
        signedInAt: new Date(Date.now() - 20_000),
      });
    }
    // Collected a minute behind the clock (here, two minutes later); the admin ignores one before it is sent.
    expect(await collectScans(ctx.app, w.entity.id, integration.id, new Date(Date.now() + 120_000))).toBe(2);
    const fresh = (await scans(integration.id)).filter((s) => s.status === 'pending');
    expect(fresh.every((s) => s.code_id === presentCode.id)).toBe(true);
    const ignored = await w.admin.put(`/integrations/${integration.id}/scans/ignore`, { ids: [fresh[0]!.id] });
    expect(ignored.json()).toEqual({ changed: 1 });
    const before = fake.control.attendanceWritten().length;
    await w.admin.post(`/integrations/${integration.id}/scans/send`);
    expect(fake.control.attendanceWritten()).toHaveLength(before + 1);
    expect((await scans(integration.id)).find((s) => s.id === fresh[0]!.id)?.status).toBe('ignored');
  });

  it('is another company’s to neither read nor change', async () => {
    const other = await createCompany(ctx.db.db);
    const { client: stranger } = await signIn(ctx.app, other.people.admin.email, PASSWORD);
    const [scan] = await scans(integration.id);
    expect((await stranger.get(`/integrations/${integration.id}/scans`)).statusCode).toBe(404);
    expect((await stranger.put(`/integrations/${integration.id}/scans/ignore`, { ids: [scan!.id] })).statusCode).toBe(
      404,
    );
    expect((await stranger.get(`/integrations/${integration.id}/attendance-codes`)).statusCode).toBe(404);
    expect((await stranger.post(`/integrations/${integration.id}/scans/send`)).statusCode).toBe(404);
  });
});
