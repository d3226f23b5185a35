// A flow's "Email admins when a check fails" and its "Also notify" addresses: a failed temperature or
// mask check at sign-in mails the company's admins who see the site, each in their own language, and
// the flow's extra addresses in the company's language (its owner's); whether the sign-in was refused
// or let through with a reason is said. Nothing is mailed when the flow's setting is off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { withTenant } from '../src/db/client';
import { memberships, users } from '../src/db/schema/index';
import { mailsTo } from './helpers/mail';
import { createTestApp, type TestContext } from './helpers/test-app';
import { visitsWorld, type VisitsWorld } from './helpers/visits-factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const REASON = 'Checked by the site nurse, no fever';

const setLang = (email: string, lang: string) => ctx.db.db.update(users).set({ lang }).where(eq(users.email, email));

/** Every mail of the test's addresses, as [to, subject, text]. */
async function mailed(addresses: string[]) {
  const all = await Promise.all(addresses.map((a) => mailsTo(ctx.db.db, a)));
  return all.flat().map((m) => ({ to: m.to, subject: m.subject, text: m.text }));
}

async function world() {
  const w = await visitsWorld(ctx.app, ctx.db.db);
  const extra = [`security.${w.tag}@example.test`, `desk.${w.tag}@example.test`];
  const everyone = [...Object.values(w.people).map((p) => p.email), ...extra];
  return { ...w, extra, everyone };
}

const hotAndNoMask = (w: VisitsWorld, personId: string, extra: Record<string, unknown> = {}) =>
  w.signInPeople([{ person_id: personId, temperature: { value: 38.2 }, mask: false, ...extra }]);

describe('mails about failed checks at sign-in', () => {
  it('tells the site’s admins in their languages and the extra addresses in the company’s, refused or let through', async () => {
    const w = await world();
    // The owner (role admin) reads Spanish, the system admin Arabic; extra addresses follow the owner.
    await setLang(w.people.admin.email, 'es');
    await setLang(w.people.system_admin.email, 'ar');
    await w.flow(w.types.visitors, {
      checks: { temperature_check: true, temperature_threshold: 37.5, mask_check: true },
      notifications: { notify_admins_on_failed_check: true, extra_recipients: w.extra },
    });
    const tam = await w.person('Tam');

    const refused = await hotAndNoMask(w, tam.id);
    expect(refused.statusCode).toBe(422);
    const first = await mailed(w.everyone);
    expect(first.map((m) => m.to).sort()).toEqual(
      [w.people.admin.email, w.people.system_admin.email, ...w.extra].sort(),
    );
    const to = (address: string) => first.find((m) => m.to === address)!;
    expect(to(w.people.admin.email)).toMatchObject({
      subject: 'Control no superado: Tam Tester en HQ › Reception',
    });
    expect(to(w.people.admin.email).text).toContain('Hola, admin:');
    expect(to(w.people.admin.email).text).toContain('• Temperatura de 38.2 °C, por encima del límite de 37.5 °C');
    expect(to(w.people.admin.email).text).toContain('• Sin mascarilla');
    expect(to(w.people.admin.email).text).toContain('Se rechazó el registro de entrada.');
    expect(to(w.people.system_admin.email).subject).toBe('فشل فحص: Tam Tester في HQ › Reception');
    expect(to(w.people.system_admin.email).text).toContain('رُفض تسجيل الدخول.');
    for (const address of w.extra) {
      expect(to(address).subject).toBe('Control no superado: Tam Tester en HQ › Reception');
      expect(to(address).text.startsWith('Hola:')).toBe(true);
    }

    // Let through with a reason: told again, with the reason.
    const letIn = await hotAndNoMask(w, tam.id, { override_reason: REASON });
    expect(letIn.statusCode, letIn.body).toBe(201);
    const second = (await mailed(w.everyone)).filter((m) => !first.some((f) => f.to === m.to && f.text === m.text));
    expect(second).toHaveLength(4);
    expect(second.find((m) => m.to === w.extra[0])!.text).toContain(
      `El registro de entrada siguió adelante con este motivo: ${REASON}`,
    );
    // A sign-in whose checks pass mails nobody.
    const ok = await w.signInPeople([
      { person_id: (await w.person('Ola')).id, temperature: { value: 36.5 }, mask: true },
    ]);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await mailed(w.everyone)).toHaveLength(8);
  });

  it('mails nobody when the flow does not ask for it, even with extra addresses', async () => {
    const w = await world();
    await w.flow(w.types.visitors, {
      checks: { temperature_check: true, temperature_threshold: 37.5, mask_check: true },
      notifications: { notify_admins_on_failed_check: false, extra_recipients: w.extra },
    });
    const res = await hotAndNoMask(w, (await w.person('Tom')).id);
    expect(res.statusCode).toBe(422);
    expect(await mailed(w.everyone)).toEqual([]);
  });

  it('leaves out admins who do not see the site', async () => {
    const w = await world();
    await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx
        .update(memberships)
        .set({ siteScope: 'assigned' })
        .where(and(eq(memberships.entityId, w.entity.id), eq(memberships.id, w.people.system_admin.membershipId))),
    );
    await w.flow(w.types.visitors, {
      checks: { mask_check: true },
      notifications: { notify_admins_on_failed_check: true },
    });
    const res = await w.signInPeople([{ person_id: (await w.person('Mia')).id, mask: false }]);
    expect(res.statusCode).toBe(422);
    expect((await mailed(w.everyone)).map((m) => m.to)).toEqual([w.people.admin.email]);
  });
});
