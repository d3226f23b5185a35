// GET /areas/{id}/kiosk-setup (spec GET /generate_exe/{id}): an area's kiosk setup sheet, a PDF with the
// kiosk link, its QR code and the steps, in the reader's language; another company's or another admin's
// area is not found.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { withTenant } from '../src/db/client';
import { memberships, people as peopleTable, personSites } from '../src/db/schema/index';
import { backwards, pdfLines } from './helpers/emergency-roll-factories';
import { signIn, type TestClient } from './helpers/http-client';
import { createTestApp, type TestContext } from './helpers/test-app';
import { createCompany, PASSWORD } from './helpers/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function adminOf() {
  const company = await createCompany(ctx.db.db);
  const { client } = await signIn(ctx.app, company.people.admin.email, PASSWORD);
  return { ...company, client };
}

async function place(client: TestClient, site: string, area: string) {
  const s = await client.post('/sites', { name: site });
  expect(s.statusCode, s.body).toBe(201);
  const a = await client.post('/areas', { site_id: s.json().id, name: area });
  expect(a.statusCode, a.body).toBe(201);
  return { siteId: s.json().id as string, areaId: a.json().id as string };
}

describe('an area’s kiosk setup sheet', () => {
  it('is a PDF to download with the kiosk link as text, link and QR code, and the steps naming the area', async () => {
    const a = await adminOf();
    const { areaId } = await place(a.client, 'Head Office', 'Main Lobby');
    const res = await a.client.get(`/areas/${areaId}/kiosk-setup?lang=en`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename=.*kiosk-setup-Head Office-Main Lobby\.pdf/,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const raw = res.rawPayload.toString('latin1');
    const link = `${ctx.app.env.appUrl}/kiosk-register`;
    // The link is clickable (the text and the QR image both carry it) and the QR code is drawn.
    expect(raw.match(new RegExp(`/URI \\(${link.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\)`, 'g'))?.length).toBe(2);
    expect(raw).toContain('/Subtype /Image');
    const lines = pdfLines(res.rawPayload);
    expect(lines[0]).toBe('Kiosk setup');
    expect(lines).toContain('Area: Main Lobby · Site: Head Office');
    expect(lines).toContain(link);
    // Numbered steps, the number beside the first line of each.
    expect(lines.some((l) => l.startsWith('5. On a computer, sign in to the dashboard'))).toBe(true);
    expect(lines.join(' ')).toContain('pick the area “Main Lobby” of “Head Office”');
  });

  it('speaks the caller’s language, Arabic right to left', async () => {
    const a = await adminOf();
    const { areaId } = await place(a.client, 'HQ', 'Lobby');
    a.client.lang = 'ar';
    const res = await a.client.get(`/areas/${areaId}/kiosk-setup`);
    a.client.lang = undefined;
    expect(res.statusCode).toBe(200);
    const lines = pdfLines(res.rawPayload);
    // Drawn right to left: the words from the left are the last first, each backwards.
    expect(lines[0]).toBe(`${backwards('الكشك')} ${backwards('إعداد')}`);
    // The address still reads left to right.
    expect(lines).toContain(`${ctx.app.env.appUrl}/kiosk-register`);
    const es = await a.client.get(`/areas/${areaId}/kiosk-setup?lang=es`);
    expect(pdfLines(es.rawPayload)[0]).toBe('Configuración del quiosco');
    expect((await a.client.get(`/areas/${areaId}/kiosk-setup?lang=fr`)).statusCode).toBe(400);
  });

  it('is not found for another company’s area, nor for an area outside an admin’s sites', async () => {
    const a = await adminOf();
    const b = await adminOf();
    const theirs = await place(b.client, 'B site', 'B area');
    const res = await a.client.get(`/areas/${theirs.areaId}/kiosk-setup`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('B area');

    const north = await place(a.client, 'North', 'North hall');
    const south = await place(a.client, 'South', 'South hall');
    const { client: limited } = await signIn(ctx.app, a.people.system_admin.email, PASSWORD);
    await withTenant(ctx.db.db, a.entity.id, async (tx) => {
      await tx
        .update(memberships)
        .set({ siteScope: 'assigned' })
        .where(eq(memberships.id, a.people.system_admin.membershipId));
      const [person] = await tx
        .select({ id: peopleTable.id })
        .from(peopleTable)
        .where(eq(peopleTable.membershipId, a.people.system_admin.membershipId));
      await tx.insert(personSites).values({ entityId: a.entity.id, personId: person!.id, siteId: north.siteId });
    });
    expect((await limited.get(`/areas/${north.areaId}/kiosk-setup`)).statusCode).toBe(200);
    expect((await limited.get(`/areas/${south.areaId}/kiosk-setup`)).statusCode).toBe(404);
  });
});
