// The "I am safe" link (issue 15 §8): a person's own link shows their session and marks them, and only
// them, present while the session runs; refused once it ended; an unknown link is 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { MarksResult, SafeLink } from '@app/shared/emergency/schemas';
import { rowsOf, withTenant } from '../src/db/client';
import { auditLog } from '../src/db/schema/index';
import { newId } from '../src/lib/ids';
import { startSessionByApi } from './helpers/emergency-roll-factories';
import { TestClient } from './helpers/http-client';
import { createTestApp, type TestContext } from './helpers/test-app';
import { visitsWorld, type VisitsWorld } from './helpers/visits-factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function rollOf(w: VisitsWorld, sessionId: string) {
  return withTenant(ctx.db.db, w.entity.id, async (tx) =>
    rowsOf<{ full_name: string; status: string; source: string; marked_by_name: string | null; version: number }>(
      await tx.execute(sql`
        select full_name, status, source, marked_by_name, version from emergency_roll
         where entity_id = ${w.entity.id} and session_id = ${sessionId} order by full_name`),
    ),
  );
}

describe('the "I am safe" link', () => {
  it('shows the person’s own session and marks only them present, while the session runs', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const ann = await w.person('Ann');
    const bea = await w.person('Bea');
    await w.signInOne(ann.id);
    await w.signInOne(bea.id);
    const s = await startSessionByApi(ctx.app, ctx.db.db, w, { areaIds: [w.areas.reception], name: 'Evening drill' });
    const anon = new TestClient(ctx.app);
    const link = `/public/emergency/safe/${s.tokens.get(ann.id)!}`;

    const shown = await anon.get(link);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json<SafeLink>()).toEqual({
      company_name: w.entity.name,
      session_name: 'Evening drill',
      is_drill: true,
      first_name: 'Ann',
      active: true,
      status: 'not_present',
    });

    const safe = await anon.post(link, {});
    expect(safe.statusCode, safe.body).toBe(200);
    expect(safe.json<SafeLink>()).toMatchObject({ status: 'present', active: true });
    expect(await rollOf(w, s.id)).toEqual([
      { full_name: 'Ann Tester', status: 'present', source: 'safe_link', marked_by_name: null, version: 2 },
      { full_name: 'Bea Tester', status: 'not_present', source: 'start', marked_by_name: null, version: 1 },
    ]);
    // Pressed twice: still present, and the history has both.
    expect((await anon.post(link, {})).statusCode).toBe(200);
    const marks = await withTenant(ctx.db.db, w.entity.id, async (tx) =>
      rowsOf<{ source: string }>(
        await tx.execute(
          sql`select source from emergency_marks where entity_id = ${w.entity.id} and session_id = ${s.id}`,
        ),
      ),
    );
    expect(marks.map((m) => m.source)).toEqual(['safe_link', 'safe_link']);
    const audit = await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx
        .select({ actorKind: auditLog.actorKind })
        .from(auditLog)
        .where(and(eq(auditLog.entityId, w.entity.id), eq(auditLog.action, 'emergency_session.safe_link'))),
    );
    expect(audit).toEqual([{ actorKind: 'link' }, { actorKind: 'link' }]);

    // A warden marking her missing later wins over the link's earlier mark (the latest made wins).
    const warden = await w.admin.post(`/emergency/sessions/${s.id}/marks`, {
      marks: [{ client_id: newId(), roll_id: (await rollIds(w, s.id))['Ann Tester']!, status: 'not_present' }],
    });
    expect(warden.json<MarksResult>().entries[0]).toMatchObject({ status: 'not_present', marked_by: 'admin Person' });
    expect((await anon.get(link)).json<SafeLink>()).toMatchObject({ active: true, status: 'not_present' });
  });

  it('is refused once the session ended, reads as ended, and an unknown token is 404', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const ann = await w.person('Ann');
    await w.signInOne(ann.id);
    const s = await startSessionByApi(ctx.app, ctx.db.db, w, {
      areaIds: [w.areas.reception],
      isDrill: false,
      name: 'East wing smoke',
    });
    const anon = new TestClient(ctx.app);
    const link = `/public/emergency/safe/${s.tokens.get(ann.id)!}`;
    expect((await anon.get(link)).json<SafeLink>()).toMatchObject({
      active: true,
      first_name: 'Ann',
      session_name: 'East wing smoke',
      company_name: w.entity.name,
    });
    expect((await w.admin.post(`/emergency/sessions/${s.id}/end`, {})).statusCode).toBe(200);

    // Ended: the link says only that it is no longer in use; nobody, no company, no session named.
    const ended = await anon.get(link);
    expect(ended.statusCode).toBe(200);
    expect(ended.json<SafeLink>()).toEqual({ active: false });
    for (const named of ['Ann', w.entity.name, 'East wing smoke', 'not_present'])
      expect(ended.body).not.toContain(named);
    const late = await anon.post(link, {});
    expect(late.statusCode).toBe(409);
    expect(late.json<{ message: string }>().message).toBe(
      'This emergency session has ended: its roll can no longer be changed.',
    );
    const es = await anon.post(link, {}, { 'x-lang': 'es' });
    expect(es.json<{ message: string }>().message).toBe(
      'Esta sesión de emergencia ha finalizado: su lista ya no se puede cambiar.',
    );
    expect((await rollOf(w, s.id))[0]).toMatchObject({ status: 'not_present', version: 1 });

    // The real token with its last letter changed (a 32-byte token's last letter is one of 16, 'A' among them).
    const real = s.tokens.get(ann.id)!;
    const altered = `${real.slice(0, -1)}${real.endsWith('A') ? 'B' : 'A'}`;
    for (const token of ['x'.repeat(43), altered]) {
      const unknown = await anon.get(`/public/emergency/safe/${token}`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'not_found', fields: { token: [expect.any(String)] } });
      expect((await anon.post(`/public/emergency/safe/${token}`, {})).statusCode).toBe(404);
    }
    const short = await anon.get('/public/emergency/safe/abc');
    expect(short.statusCode).toBe(400);
    expect(Object.keys(short.json<{ fields: object }>().fields)).toEqual(['token']);
  });

  it('is limited per address like the other public links', async () => {
    const limited = await createTestApp({ PUBLIC_RATE_LIMIT: '3' }, { db: ctx.db });
    try {
      const anon = new TestClient(limited.app);
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) codes.push((await anon.get(`/public/emergency/safe/${'y'.repeat(43)}`)).statusCode);
      expect(codes).toEqual([404, 404, 404, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});

async function rollIds(w: VisitsWorld, sessionId: string) {
  return withTenant(ctx.db.db, w.entity.id, async (tx) =>
    Object.fromEntries(
      rowsOf<{ full_name: string; id: string }>(
        await tx.execute(
          sql`select full_name, id from emergency_roll where entity_id = ${w.entity.id} and session_id = ${sessionId}`,
        ),
      ).map((r) => [r.full_name, r.id]),
    ),
  );
}
