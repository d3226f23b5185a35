// What the public pages promise the visitor holds (issue 13 item 4): the confirmation email with the
// visit code, QR and pass link; the admin's decision emailed to the visitor; the success answer says
// what the admin list says; the pass page reloads from its link until the visit is over; the
// invitation is sent again only while its link works.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './helpers/http-client';
import { createTestApp, type TestContext } from './helpers/test-app';
import {
  expectedVisitBody,
  expectedWorld,
  newVisitor,
  setVisit,
  slot,
  type ExpectedWorld,
} from './helpers/expected-visits-factories';
import { mailsTo, newestMailTo } from './helpers/mail';

let ctx: TestContext;
let visitor: TestClient;
beforeAll(async () => {
  ctx = await createTestApp();
  visitor = new TestClient(ctx.app);
});
afterAll(async () => ctx.close());

type Res = Pick<LightMyRequestResponse, 'json'>;
const fields = (res: Res) => res.json<{ fields?: Record<string, string[]> }>().fields ?? {};
type Done = { visit_id: string; stage: string; approval: string; link_code: string; pass_id: string; qr: string };

/** A phone number of its own for each visitor name. */
const phoneOf = (who: string) => `7${[...who].reduce((n, c) => (n * 31 + c.charCodeAt(0)) % 1e9, 7)}`.padEnd(10, '0');

async function register(w: ExpectedWorld, typeId: string, who = w.tag, lang = 'en') {
  const client = new TestClient(ctx.app);
  client.lang = lang;
  const res = await client.post('/public/pre-registrations', {
    link_id: await w.qrOf(typeId),
    user_type_id: typeId,
    area_id: w.areas.reception,
    ...slot(1),
    ...newVisitor(who, { email: `v.${who}@example.test`, phone: phoneOf(who) }),
    host_ids: [w.host.id],
  });
  expect(res.statusCode, res.body).toBe(201);
  return { done: res.json<Done>(), email: `v.${who}@example.test` };
}

const passOf = (token: string) => visitor.get(`/public/visits/${token}/pass`);

describe('the visitor’s emails', () => {
  it('confirm a registration with the visit code, its QR code inline and the link of its pass', async () => {
    const w = await expectedWorld(ctx.app, ctx.db.db);
    const { done, email } = await register(w, w.types.visitors);
    const [mail, ...more] = await mailsTo(ctx.db.db, email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe(`Your visit to ${w.entity.name}`);
    expect(mail!.text).toContain(`Your visit code: ${done.link_code}`);
    expect(mail!.text).toContain(`/pre-registration/${done.pass_id}/success`);
    expect(mail!.text).toContain('Your visit is registered.');
    expect(mail!.html).toContain('<img src="cid:visit-qr@visit"');
    expect(mail!.html).toMatch(new RegExp(`<a href="[^"]+/pre-registration/${done.pass_id}/success">`));
  });

  it('tell the visitor an admin’s approval (with the QR) and rejection, in the language they registered in', async () => {
    const w = await expectedWorld(ctx.app, ctx.db.db);
    const { done, email } = await register(w, w.types.guests, w.tag, 'ar');
    expect(done.approval).toBe('awaiting');
    expect((await newestMailTo(ctx.db.db, email))!.text).toContain('بانتظار الموافقة');

    const approved = await w.admin.post(`/expected-visits/${done.visit_id}/decisions`, { decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    const yes = (await newestMailTo(ctx.db.db, email))!;
    expect(yes.subject).toBe(`تمت الموافقة على زيارتك إلى ${w.entity.name}`);
    expect(yes.text).toContain(done.link_code);
    expect(yes.text).toContain(`/pre-registration/${done.pass_id}/success`);
    expect(yes.html).toContain('cid:visit-qr@visit');
    // The host is still told, in the admin's language.
    expect((await newestMailTo(ctx.db.db, w.host.email!))!.subject).toBe('Visit approved: Vera Visitor');

    await w.admin.post(`/expected-visits/${done.visit_id}/decisions`, { decision: 'reject_approved' });
    const no = (await newestMailTo(ctx.db.db, email))!;
    expect(no.subject).toBe(`لم تتم الموافقة على زيارتك إلى ${w.entity.name}`);
    expect(no.text).not.toContain(done.link_code);
    expect(await mailsTo(ctx.db.db, email)).toHaveLength(3);
  });

  it('confirm a visit the visitor confirmed through the admin’s invitation', async () => {
    const w = await expectedWorld(ctx.app, ctx.db.db);
    const added = await w.admin.post('/expected-visits', expectedVisitBody(w));
    const token = (added.json().data.link_url as string).split('/').pop()!;
    const email = `vera.${w.tag}@example.test`;
    const before = (await mailsTo(ctx.db.db, email)).length;
    const res = await visitor.post(`/public/visits/${token}/confirm`, newVisitor(w.tag));
    expect(res.statusCode, res.body).toBe(200);
    const mails = await mailsTo(ctx.db.db, email);
    expect(mails).toHaveLength(before + 1);
    expect(mails[0]!.text).toContain('You confirmed your visit');
    expect(mails[0]!.text).toContain(`Your visit code: ${res.json<Done>().link_code}`);
  });
});

describe('the success answer', () => {
  it('says a visit needing no approval is ready, as the admin list does, even for a type that approves self-registrations', async () => {
    const w = await expectedWorld(ctx.app, ctx.db.db);
    // An admin added it: it needs no approval, whatever the type asks of self-registrations.
    const added = await w.admin.post('/expected-visits', expectedVisitBody(w, { user_type_id: w.types.guests }));
    expect(added.json().data.stage).toBe('ready_to_sign_in');
    const token = (added.json().data.link_url as string).split('/').pop()!;
    const res = await visitor.post(`/public/visits/${token}/confirm`, newVisitor(w.tag));
    expect(res.json()).toMatchObject({ stage: 'ready_to_sign_in', approval: 'not_needed', pass_id: token });
    const pass = await passOf(token);
    expect(pass.json()).toMatchObject({ visit: { stage: 'ready_to_sign_in', approval: 'not_needed' } });
  });
});

describe('a visit’s pass', () => {
  it('shows the QR, code and current state of its own visit on any device, and names why once it is over', async () => {
    const w = await expectedWorld(ctx.app, ctx.db.db);
    const a = await register(w, w.types.guests, `${w.tag}a`);
    const b = await register(w, w.types.visitors, `${w.tag}b`);

    const first = await passOf(a.done.pass_id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      visitMetadata: { is_expired: false, reason: null },
      company: { name: w.entity.name },
      visit: {
        visit_id: a.done.visit_id,
        link_code: a.done.link_code,
        stage: 'awaiting_approval',
        approval: 'awaiting',
        site: 'HQ',
        area: 'Reception',
      },
    });
    expect(first.json().visit.qr).toMatch(/^data:image\/png;base64,/);
    // Another visit's token shows that visit only; a changed token shows nothing.
    expect((await passOf(b.done.pass_id)).json().visit.link_code).toBe(b.done.link_code);
    expect(b.done.link_code).not.toBe(a.done.link_code);
    const forged = await passOf(`${a.done.pass_id.slice(0, -2)}zz`);
    expect(forged.json()).toMatchObject({ visitMetadata: { is_expired: true, reason: 'LINK_INVALID' }, visit: null });

    // The current state, not the one at registration.
    await w.admin.post(`/expected-visits/${a.done.visit_id}/decisions`, { decision: 'approve' });
    expect((await passOf(a.done.pass_id)).json().visit).toMatchObject({ stage: 'approved', approval: 'approved' });

    await w.admin.post(`/expected-visits/${a.done.visit_id}/decisions`, { decision: 'reject_approved' });
    const rejected = (await passOf(a.done.pass_id)).json();
    expect(rejected).toMatchObject({ visitMetadata: { is_expired: true, reason: 'VISIT_REJECTED' }, visit: null });
    expect(rejected.visitMetadata.message).toContain('has not been approved');

    // Missed: the expected time plus the grace period (30 minutes) has passed.
    await setVisit(ctx.db.db, w.entity, b.done.visit_id, { expectedAt: new Date(Date.now() - 31 * 60_000) });
    expect((await passOf(b.done.pass_id)).json()).toMatchObject({
      visitMetadata: { is_expired: true, reason: 'VISIT_EXPIRED' },
      visit: null,
    });
    await setVisit(ctx.db.db, w.entity, b.done.visit_id, { state: 'on_site', signedInAt: new Date() });
    expect((await passOf(b.done.pass_id)).json().visitMetadata.reason).toBe('VISIT_ARRIVED');
  });
});

describe('sending the invitation again', () => {
  it('is refused once the visitor confirmed (its link would open as expired), and the visits list says so', async () => {
    const w = await expectedWorld(ctx.app, ctx.db.db);
    const { done } = await register(w, w.types.visitors);
    const refused = await w.admin.post(`/expected-visits/${done.visit_id}/invitation`);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(fields(refused).id).toEqual([
      'The visitor has already confirmed this visit, so the invitation link would open as expired. Their confirmation email has the visit code and QR code.',
    ]);
    const added = await w.admin.post(
      '/expected-visits',
      expectedVisitBody(w, {
        visitor: newVisitor(`${w.tag}n`, { email: `n.${w.tag}@example.test`, phone: phoneOf(`${w.tag}n`) }),
      }),
    );
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const list = await w.admin.get(`/visits?state=expected&from=${day(0)}&to=${day(2)}`);
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json<{ data: { id: string; confirmed: boolean }[] }>().data;
    expect(rows.find((r) => r.id === done.visit_id)?.confirmed).toBe(true);
    expect(rows.find((r) => r.id === added.json().data.id)?.confirmed).toBe(false);
    expect((await w.admin.post(`/expected-visits/${added.json().data.id}/invitation`)).statusCode).toBe(200);
  });
});
