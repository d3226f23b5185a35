// A kiosk prints the badge of a visit signed in at its area (spec Print badge): the badge comes back to
// lay out, and the print queue report shows it printed by that kiosk.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BadgePrint } from '@app/shared/visits/schemas';
import type { PrintQueueList } from '@app/shared/reports/print-queue';
import { TestClient } from './helpers/http-client';
import { pairKiosk } from './helpers/kiosk-pairing';
import { createTestApp, type TestContext } from './helpers/test-app';
import { visitsWorld, type VisitBody } from './helpers/visits-factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('a kiosk printing a badge', () => {
  it('answers the badge, records it printed by the kiosk, and only for a visit at its own area', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    await w.flow(w.types.visitors, { checks: { print_badge: true, show_name: true } });
    const kiosk = await pairKiosk(ctx.app, w.admin, w.areas.reception);
    const ada = await w.person('Ada');
    const arrived = await kiosk.device.post('/kiosk-device/sign-in', { people: [{ person_id: ada.id }] });
    expect(arrived.statusCode, arrived.body).toBe(201);
    const visit = arrived.json<{ data: VisitBody[] }>().data[0]!;

    const printed = await kiosk.device.post(`/kiosk-device/visits/${visit.id}/badge-prints`, {});
    expect(printed.statusCode, printed.body).toBe(201);
    const body = printed.json<BadgePrint>();
    expect(body).toMatchObject({
      visit_id: visit.id,
      status: 'printed',
      badge: { name: 'Ada Tester', print_badge: true },
    });

    const queue = await w.admin.get('/reports/print-queue');
    expect(queue.statusCode, queue.body).toBe(200);
    const row = queue.json<PrintQueueList>().data.find((r) => r.id === body.id);
    expect(row).toMatchObject({ status: 'printed', kiosk: { id: kiosk.id }, requested_by: null });
    expect(row?.printed_at).not.toBeNull();

    // A visit at another area of the same site is none of this kiosk's business.
    const elsewhere = await w.signInOne((await w.person('Bob')).id, w.areas.warehouse);
    const refused = await kiosk.device.post(`/kiosk-device/visits/${elsewhere.id}/badge-prints`, {});
    expect(refused.statusCode, refused.body).toBe(404);
  });

  it('is refused without the kiosk’s token, for another company’s visit, and for a malformed id', async () => {
    const a = await visitsWorld(ctx.app, ctx.db.db);
    const b = await visitsWorld(ctx.app, ctx.db.db);
    const kioskA = await pairKiosk(ctx.app, a.admin, a.areas.reception);
    const visitB = await b.signInOne((await b.person('Cleo')).id);

    const foreign = await kioskA.device.post(`/kiosk-device/visits/${visitB.id}/badge-prints`, {});
    expect(foreign.statusCode, foreign.body).toBe(404);
    const anonymous = await new TestClient(ctx.app).post(`/kiosk-device/visits/${visitB.id}/badge-prints`, {});
    expect(anonymous.statusCode).toBe(401);
    const malformed = await kioskA.device.post('/kiosk-device/visits/not-an-id/badge-prints', {});
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ fields: Record<string, string[]> }>().fields.id).toBeDefined();

    const queueB = await b.admin.get('/reports/print-queue');
    expect(queueB.json<PrintQueueList>().data).toHaveLength(0);
  });
});
