// Sending an expected visitor the invitation again (spec POST /compliance-resent).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/test-app';
import { givePersonSite, givePersonUserType, insertPerson } from './helpers/people-rows';
import { scopedAdmin } from './helpers/people-world';
import {
  auditsOf,
  expectedWorld,
  addExpectedVisit,
  newVisitor,
  setVisit,
  storedVisit,
} from './helpers/expected-visits-factories';
import { mailsTo } from './helpers/mail';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

const fields = (res: { json: <T>() => T }) => res.json<{ fields: Record<string, string[]> }>().fields;

describe('sending the invitation again', () => {
  it('emails the same link and code, audits it, and waits a minute before another', async () => {
    const w = await expectedWorld(ctx.app, ctx.db.db);
    const visit = await addExpectedVisit(w);
    const email = visit.person.email;
    expect(await mailsTo(ctx.db.db, email)).toHaveLength(1);

    const res = await w.admin.post(`/expected-visits/${visit.id}/invitation`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: `Invitation sent to ${email}.` });
    const mails = await mailsTo(ctx.db.db, email);
    expect(mails).toHaveLength(2);
    const stored = await storedVisit(ctx.db.db, w.entity, visit.id);
    expect(mails[0]!.text).toContain(visit.link_url);
    expect(mails[0]!.text).toContain(`Your visit code: ${stored.linkCode}`);
    expect(mails[0]!.text).toContain('HQ, Reception');
    expect((await auditsOf(ctx.db.db, w.entity, visit.id)).map((a) => a.action)).toContain('visit.invitation_sent');

    const again = await w.admin.post(`/expected-visits/${visit.id}/invitation`);
    expect(again.statusCode).toBe(422);
    expect(fields(again).id).toEqual([
      'The invitation was sent less than a minute ago: wait a moment before sending it again.',
    ]);
    expect(await mailsTo(ctx.db.db, email)).toHaveLength(2);
    // A minute later it goes.
    await setVisit(ctx.db.db, w.entity, visit.id, {
      extra: { ...stored.extra, invited_at: new Date(Date.now() - 61_000).toISOString() },
    });
    expect((await w.admin.post(`/expected-visits/${visit.id}/invitation`)).statusCode).toBe(200);
    expect(await mailsTo(ctx.db.db, email)).toHaveLength(3);
  });

  it('refuses when the link no longer works or there is no email, saying why in the admin’s language', async () => {
    const w = await expectedWorld(ctx.app, ctx.db.db);
    const missed = await addExpectedVisit(w);
    await setVisit(ctx.db.db, w.entity, missed.id, { expectedAt: new Date(Date.now() - 3 * 3600_000) });
    const late = await w.admin.post(`/expected-visits/${missed.id}/invitation`);
    expect(late.statusCode).toBe(422);
    expect(fields(late).id).toEqual([
      'The time of this visit has passed: change its date or time to invite the visitor again.',
    ]);

    const rejected = await addExpectedVisit(w, {
      visitor: newVisitor(`${w.tag}r`, { email: `r.${w.tag}@example.test`, phone: '7000000001' }),
    });
    await setVisit(ctx.db.db, w.entity, rejected.id, { stage: 'rejected' });
    w.admin.lang = 'es';
    const refused = await w.admin.post(`/expected-visits/${rejected.id}/invitation`);
    expect(fields(refused).id).toEqual([
      'Esta visita fue rechazada: apruébela de nuevo antes de enviar la invitación.',
    ]);
    w.admin.lang = 'en';

    const waiting = await addExpectedVisit(w, {
      visitor: newVisitor(`${w.tag}w`, { email: `w.${w.tag}@example.test`, phone: '7000000004' }),
    });
    await setVisit(ctx.db.db, w.entity, waiting.id, { stage: 'awaiting_approval' });
    expect(fields(await w.admin.post(`/expected-visits/${waiting.id}/invitation`)).id).toEqual([
      'This visit waits for approval: approve it before sending the invitation.',
    ]);

    const deleted = await addExpectedVisit(w, {
      visitor: newVisitor(`${w.tag}d`, { email: `d.${w.tag}@example.test`, phone: '7000000002' }),
    });
    expect((await w.admin.delete(`/expected-visits/${deleted.id}`)).statusCode).toBe(200);
    expect(fields(await w.admin.post(`/expected-visits/${deleted.id}/invitation`)).id).toEqual([
      'This visit is no longer expected: it was deleted or the visitor has already arrived.',
    ]);

    const mute = await insertPerson(ctx.db.db, w.entity, { firstName: 'Mo', email: null, phone: '7000000003' });
    await givePersonSite(ctx.db.db, w.entity, mute.id, w.sites.hq);
    await givePersonUserType(ctx.db.db, w.entity, mute.id, w.types.visitors);
    const noEmail = await addExpectedVisit(w, { visitor: null, person_id: mute.id });
    const silent = await w.admin.post(`/expected-visits/${noEmail.id}/invitation`);
    expect(silent.statusCode, silent.body).toBe(422);
    expect(fields(silent).email).toEqual(['This visitor has no email address: add one to send the invitation.']);
  });

  it('answers 404 for a visit of another company or outside an admin’s scope', async () => {
    const w = await expectedWorld(ctx.app, ctx.db.db);
    const visit = await addExpectedVisit(w);
    const other = await expectedWorld(ctx.app, ctx.db.db);
    expect((await other.admin.post(`/expected-visits/${visit.id}/invitation`)).statusCode).toBe(404);
    const limited = await scopedAdmin(ctx.app, ctx.db.db, w.entity, [w.sites.hq], [w.types.staff]);
    expect((await limited.client.post(`/expected-visits/${visit.id}/invitation`)).statusCode).toBe(404);
    expect(await mailsTo(ctx.db.db, visit.person.email)).toHaveLength(1);
  });
});
