// The online compliance link and its reminders (spec §5: sent at least 5 minutes before the visit,
// reminders at least 30 minutes apart, each compliance's settings; decision 010): the job's runs with
// their own clock send the link at the visit time minus send-before, a reminder every interval, none
// after the answer, none twice; a moved visit starts again; the logbook row shows what went and what is
// next; another company sees none of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { withTenant } from '../src/db/client';
import { visitComplianceMails } from '../src/db/schema/index';
import { sendComplianceMails } from '../src/modules/compliance-mails/compliance-mails.jobs';
import { addCompliance, statementBody } from './helpers/compliances-factories';
import { TestClient } from './helpers/http-client';
import { mailsTo } from './helpers/mail';
import { createTestApp, type TestContext } from './helpers/test-app';
import {
  auditsOf,
  expectedVisitBody,
  expectedWorld,
  newVisitor,
  slot,
  type ExpectedWorld,
} from './helpers/expected-visits-factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

const MIN = 60_000;
const LINK_SUBJECT = 'Before your visit to';
const REMINDER_SUBJECT = 'Reminder: complete the compliance';

/** A company whose Visitors and Guests flows ask a statement sent 3 hours before, reminded every hour. */
async function reminderWorld() {
  const w = await expectedWorld(ctx.app, ctx.db.db);
  const statement = await addCompliance(
    w.admin,
    statementBody('Safety statement', { settings: { send_before_minutes: 180, reminder_interval_minutes: 60 } }),
  );
  for (const typeId of [w.types.visitors, w.types.guests]) {
    const res = await w.admin.put(`/journey-flows/${w.flows[typeId]}`, {
      user_type_id: typeId,
      checks: { host: true },
      host_ids: [w.host.id],
      compliances: [{ id: statement.id }],
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { w, statement };
}

type Row = {
  id: string;
  compliance_mails: {
    link_sent: { at: string } | null;
    reminders_sent: number;
    last_reminder: { at: string } | null;
    next_due: { at: string } | null;
  } | null;
};

async function rowOf(w: ExpectedWorld, id: string, days = 2) {
  const res = await w.admin.get(`/visits?state=expected&from=${slot(0).visit_date}&to=${slot(days + 1).visit_date}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Row[] }>().data.find((r) => r.id === id)!;
}

const complianceMails = async (email: string) =>
  (await mailsTo(ctx.db.db, email)).filter(
    (m) => m.subject.startsWith(LINK_SUBJECT) || m.subject.startsWith(REMINDER_SUBJECT),
  );

const sweep = (at: number) => sendComplianceMails(ctx.app, { now: new Date(at) });

describe('compliance link and reminders', () => {
  it('sends the link at send-before, reminds at the interval, stops once answered, never twice', async () => {
    const { w, statement } = await reminderWorld();
    const res = await w.admin.post('/expected-visits', expectedVisitBody(w, slot(2)));
    expect(res.statusCode, res.body).toBe(201);
    const visit = res.json().data as { id: string; expected_at: string; link_url: string; person: { email: string } };
    const E = Date.parse(visit.expected_at);
    const email = visit.person.email;
    const token = visit.link_url.split('/').pop()!;

    // Nothing has gone; the row says when the link will.
    expect((await rowOf(w, visit.id)).compliance_mails).toEqual({
      link_sent: null,
      reminders_sent: 0,
      last_reminder: null,
      next_due: expect.objectContaining({ at: new Date(E - 180 * MIN).toISOString() }),
    });
    await sweep(E - 181 * MIN);
    expect(await complianceMails(email)).toHaveLength(0);

    // The link, once, however many runs come at that moment (the sweep and the visit's own run).
    const linkAt = E - 180 * MIN + 1000;
    await sweep(linkAt);
    await sweep(linkAt);
    await sendComplianceMails(ctx.app, { now: new Date(linkAt), entityId: w.entity.id, visitId: visit.id });
    const [link, ...more] = await complianceMails(email);
    expect(more).toHaveLength(0);
    expect(link!.subject).toBe(`Before your visit to ${w.entity.name}: please complete the compliance`);
    expect(link!.text).toContain(`/online-compliance/${token}`);
    expect(link!.text).toContain('HQ, Reception');
    expect((await rowOf(w, visit.id)).compliance_mails).toMatchObject({
      link_sent: { at: new Date(linkAt).toISOString() },
      reminders_sent: 0,
      next_due: { at: new Date(linkAt + 60 * MIN).toISOString() },
    });

    // Not before the interval; then one reminder.
    await sweep(linkAt + 59 * MIN);
    expect(await complianceMails(email)).toHaveLength(1);
    const remindAt = linkAt + 60 * MIN;
    await Promise.all([sweep(remindAt), sweep(remindAt)]);
    const mails = await complianceMails(email);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toBe(`Reminder: complete the compliance before your visit to ${w.entity.name}`);
    expect((await rowOf(w, visit.id)).compliance_mails).toMatchObject({
      reminders_sent: 1,
      last_reminder: { at: new Date(remindAt).toISOString() },
      next_due: { at: new Date(remindAt + 60 * MIN).toISOString() },
    });
    const audits = (await auditsOf(ctx.db.db, w.entity, visit.id)).map((a) => a.action);
    expect(audits.filter((a) => a.startsWith('visit.compliance_'))).toEqual([
      'visit.compliance_link_sent',
      'visit.compliance_reminder_sent',
    ]);

    // Answered: nothing more is due, and no run sends anything.
    const visitor = new TestClient(ctx.app);
    const answered = await visitor.post(`/public/visits/${token}/compliance`, {
      responses: [{ compliance_id: statement.id, accepted: true }],
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect((await rowOf(w, visit.id)).compliance_mails).toMatchObject({ reminders_sent: 1, next_due: null });
    await sweep(remindAt + 60 * MIN + 1000);
    await sweep(E - 6 * MIN);
    expect(await complianceMails(email)).toHaveLength(2);
  });

  it('reminds up to 5 minutes before the visit, and stops for a cancelled visit', async () => {
    const { w } = await reminderWorld();
    const made = await w.admin.post('/expected-visits', expectedVisitBody(w, slot(2)));
    const visit = made.json().data as { id: string; expected_at: string; person: { email: string } };
    const E = Date.parse(visit.expected_at);
    for (const at of [E - 180 * MIN, E - 120 * MIN, E - 60 * MIN, E - 5 * MIN, E - MIN]) await sweep(at + 500);
    // The link at -180, reminders at -120 and -60; the next (at the visit) would be too late.
    expect(await complianceMails(visit.person.email)).toHaveLength(3);
    expect((await rowOf(w, visit.id)).compliance_mails).toMatchObject({ reminders_sent: 2, next_due: null });

    const other = await w.admin.post(
      '/expected-visits',
      expectedVisitBody(w, {
        ...slot(2, 14),
        visitor: newVisitor(`${w.tag}c`, {
          email: `carl.${w.tag}@example.test`,
          phone: `8${w.tag.replace(/\D/g, '').slice(0, 7)}`,
        }),
      }),
    );
    expect(other.statusCode, other.body).toBe(201);
    const cancelled = other.json().data as { id: string; expected_at: string };
    expect((await w.admin.delete(`/expected-visits/${cancelled.id}`)).statusCode).toBe(200);
    await sweep(Date.parse(cancelled.expected_at) - 170 * MIN);
    expect(await complianceMails(`carl.${w.tag}@example.test`)).toHaveLength(0);
  });

  it('starts again when the visit moves, and writes in the language the visitor registered in', async () => {
    const { w } = await reminderWorld();
    const visitor = new TestClient(ctx.app);
    visitor.lang = 'es';
    const email = `guest.es.${w.tag}@example.test`;
    const registered = await visitor.post('/public/pre-registrations', {
      link_id: await w.qrOf(w.types.guests),
      user_type_id: w.types.guests,
      area_id: w.areas.reception,
      ...slot(2),
      ...newVisitor(`${w.tag}es`, { email, phone: `6${w.tag.replace(/\D/g, '').slice(0, 7)}` }),
      host_ids: JSON.stringify([w.host.id]),
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const id = registered.json<{ visit_id: string }>().visit_id;
    const first = (await w.admin.get(`/expected-visits/${id}`)).json<{ expected_at: string; person: { id: string } }>();
    const E = Date.parse(first.expected_at);
    await sweep(E - 180 * MIN + 500);
    const spanishMails = async () =>
      (await mailsTo(ctx.db.db, email)).filter((m) => m.subject.startsWith('Antes de su visita'));
    const [spanish] = await spanishMails();
    expect(spanish!.subject).toBe(`Antes de su visita a ${w.entity.name}: complete el cumplimiento`);

    // Moved a day later: the link goes again for the new time, not before.
    const moved = await w.admin.put(`/expected-visits/${id}`, {
      person_id: first.person.id,
      user_type_id: w.types.guests,
      site_id: w.sites.hq,
      area_id: w.areas.reception,
      ...slot(3),
      host_ids: [w.host.id],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const E2 = Date.parse(moved.json().data.expected_at);
    expect((await rowOf(w, id, 3)).compliance_mails).toEqual({
      link_sent: null,
      reminders_sent: 0,
      last_reminder: null,
      next_due: expect.objectContaining({ at: new Date(E2 - 180 * MIN).toISOString() }),
    });
    await sweep(E - 120 * MIN + 500);
    expect(await spanishMails()).toHaveLength(1);
    await sweep(E2 - 180 * MIN + 500);
    expect(await spanishMails()).toHaveLength(2);
  });

  it('hands over a mail recorded by a run that stopped before the mailer had it, once', async () => {
    const { w } = await reminderWorld();
    const made = await w.admin.post('/expected-visits', expectedVisitBody(w, slot(2)));
    const visit = made.json().data as { id: string; expected_at: string; person: { email: string } };
    const lost = { id: crypto.randomUUID(), to: visit.person.email, subject: `${LINK_SUBJECT} (recorded)`, text: 'x' };
    await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx
        .update(visitComplianceMails)
        .set({ pendingMail: lost, updatedAt: new Date(Date.now() - 5 * MIN) })
        .where(eq(visitComplianceMails.visitId, visit.id)),
    );
    await sweep(Date.now());
    await sweep(Date.now());
    expect((await complianceMails(visit.person.email)).map((m) => m.id)).toEqual([lost.id]);
    const [row] = await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx.select().from(visitComplianceMails).where(eq(visitComplianceMails.visitId, visit.id)),
    );
    expect(row!.pendingMail).toBeNull();
  });

  it('keeps a company’s sends from every other company', async () => {
    const { w } = await reminderWorld();
    const made = await w.admin.post('/expected-visits', expectedVisitBody(w, slot(2)));
    const visit = made.json().data as { id: string };
    const other = await expectedWorld(ctx.app, ctx.db.db);
    const seen = await withTenant(ctx.db.db, other.entity.id, (tx) =>
      tx.select().from(visitComplianceMails).where(eq(visitComplianceMails.visitId, visit.id)),
    );
    expect(seen).toEqual([]);
    await expect(
      withTenant(ctx.db.db, other.entity.id, (tx) =>
        tx.insert(visitComplianceMails).values({ entityId: w.entity.id, visitId: visit.id }),
      ),
    ).rejects.toThrow();
    const changed = await withTenant(ctx.db.db, other.entity.id, (tx) =>
      tx
        .update(visitComplianceMails)
        .set({ remindersSent: 9 })
        .where(eq(visitComplianceMails.visitId, visit.id))
        .returning(),
    );
    expect(changed).toEqual([]);
    const list = await other.admin.get(`/visits?state=expected&from=${slot(0).visit_date}&to=${slot(3).visit_date}`);
    expect(list.json<{ data: { id: string }[] }>().data.map((r) => r.id)).not.toContain(visit.id);
    expect((await rowOf(w, visit.id)).compliance_mails?.reminders_sent).toBe(0);
  });
});
