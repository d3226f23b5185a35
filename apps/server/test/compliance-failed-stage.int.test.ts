// A compliance failed online after the visit was approved (spec §4 Journey stage: "awaiting admin
// approval (compliance failed)", "compliance failed"): the expected visit, the logbook and the sign-in
// follow the failure, as the journey's approval rule says: a visit that needs approval waits for an
// admin again; one that does not is refused until the compliance is answered again and passes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCompliance, questionBody, type CreatedCompliance } from './helpers/compliances-factories';
import { TestClient } from './helpers/http-client';
import { createTestApp, type TestContext } from './helpers/test-app';
import { expectedVisitBody, expectedWorld, newVisitor, type ExpectedWorld } from './helpers/expected-visits-factories';

let ctx: TestContext;
let visitor: TestClient;
beforeAll(async () => {
  ctx = await createTestApp();
  visitor = new TestClient(ctx.app);
});
afterAll(async () => ctx.close());

/** Later today on the (UTC) company clock, so the visit is today's at sign-in. */
function laterToday() {
  const at = new Date(Math.min(Date.now() + 15 * 60_000, new Date().setUTCHours(23, 59, 0, 0)));
  return { visit_date: at.toISOString().slice(0, 10), visit_time: at.toISOString().slice(11, 16) };
}

async function failedWorld() {
  const w = await expectedWorld(ctx.app, ctx.db.db);
  const question = await addCompliance(w.admin, questionBody('Health questions'));
  for (const typeId of [w.types.visitors, w.types.guests, w.types.contractors]) {
    const res = await w.admin.put(`/journey-flows/${w.flows[typeId]}`, {
      user_type_id: typeId,
      checks: { host: true },
      host_ids: [w.host.id],
      compliances: [{ id: question.id }],
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { w, question };
}

const answers = (q: CreatedCompliance, right: boolean) =>
  q.content.questions!.map((x) => ({ question_id: x.id, answer_id: x.answers.find((a) => a.correct === right)!.id }));

/** The visitor registers through the user type's link; answers the visit's id, person and link token. */
async function register(w: ExpectedWorld, typeId: string, tag: string) {
  const res = await visitor.post('/public/pre-registrations', {
    link_id: await w.qrOf(typeId),
    user_type_id: typeId,
    area_id: w.areas.reception,
    ...laterToday(),
    ...newVisitor(`${w.tag}${tag}`, {
      email: `${tag}.${w.tag}@example.test`,
      phone: `5${w.tag.replace(/\D/g, '').slice(0, 6)}${tag.length}`,
    }),
    host_ids: JSON.stringify([w.host.id]),
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ visit_id: string }>().visit_id;
  const read = (await w.admin.get(`/expected-visits/${id}`)).json<{ person: { id: string }; link_url: string }>();
  return { id, personId: read.person.id, token: read.link_url.split('/').pop()! };
}

const failOnline = (token: string, q: CreatedCompliance) =>
  visitor.post(`/public/visits/${token}/compliance`, {
    responses: [{ compliance_id: q.id, answers: answers(q, false), notes: 'no' }],
  });

async function stagesOf(w: ExpectedWorld, id: string) {
  const date = laterToday().visit_date;
  const expected = await w.admin.get(`/visits?state=expected&from=${date}&to=${date}`);
  const logbook = await w.admin.get(`/visits?from=${date}&to=${date}`);
  const stageIn = (res: typeof expected) =>
    res.json<{ data: { id: string; stage: string }[] }>().data.find((v) => v.id === id)?.stage;
  return {
    detail: (await w.admin.get(`/expected-visits/${id}`)).json<{ stage: string; decisions: string[] }>(),
    expectedRow: stageIn(expected),
    logbookRow: stageIn(logbook),
  };
}

const signIn = (w: ExpectedWorld, personId: string, extra: Record<string, unknown> = {}) =>
  w.admin.post('/visits/sign-in', {
    area_id: w.areas.reception,
    people: [{ person_id: personId, host_ids: [w.host.id], ...extra }],
  });

describe('a compliance failed after approval', () => {
  it('takes the approval back: awaiting admin approval (compliance failed) everywhere; sign-in waits for an admin', async () => {
    const { w, question } = await failedWorld();
    const v = await register(w, w.types.guests, 'guest');
    const approved = await w.admin.post(`/expected-visits/${v.id}/decisions`, { decision: 'approve' });
    expect(approved.json().data.stage).toBe('approved');

    const failed = await failOnline(v.token, question);
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json().stage).toBe('awaiting_approval_compliance_failed');
    const stages = await stagesOf(w, v.id);
    expect(stages).toEqual({
      detail: expect.objectContaining({
        stage: 'awaiting_approval_compliance_failed',
        decisions: ['approve', 'reject'],
      }),
      expectedRow: 'awaiting_approval_compliance_failed',
      logbookRow: 'awaiting_approval_compliance_failed',
    });

    const preview = await w.admin.post('/visits/sign-in/preview', {
      area_id: w.areas.reception,
      person_ids: [v.personId],
    });
    expect(preview.json().people[0].blocker).toEqual({
      code: 'awaiting_approval',
      message: "Today's visit failed its compliance: an administrator must approve it before sign-in.",
    });
    const refused = await signIn(w, v.personId, {
      compliances: [{ compliance_id: question.id, answers: answers(question, true) }],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain("Today's visit failed its compliance: an administrator must approve it");

    // The admin approves it again, knowing: that approval stands; the desk asks the compliance again.
    const again = await w.admin.post(`/expected-visits/${v.id}/decisions`, { decision: 'approve' });
    expect(again.json().data.stage).toBe('approved');
    expect((await signIn(w, v.personId)).statusCode).toBe(422);
    const arrived = await signIn(w, v.personId, {
      compliances: [{ compliance_id: question.id, answers: answers(question, true) }],
    });
    expect(arrived.statusCode, arrived.body).toBe(201);
    expect(arrived.json().data[0]).toMatchObject({ id: v.id, state: 'on_site', stage: 'approved' });
  });

  it('counts the approval again when the failed answer is answered again and passes', async () => {
    const { w, question } = await failedWorld();
    const v = await register(w, w.types.guests, 'redo');
    await w.admin.post(`/expected-visits/${v.id}/decisions`, { decision: 'approve' });
    expect((await failOnline(v.token, question)).json().stage).toBe('awaiting_approval_compliance_failed');
    const fixed = await visitor.post(`/public/visits/${v.token}/compliance`, {
      responses: [{ compliance_id: question.id, answers: answers(question, true) }],
    });
    expect(fixed.json().stage).toBe('approved');
  });

  it('never lets the system’s auto-approval cover a failure', async () => {
    const { w, question } = await failedWorld();
    const v = await register(w, w.types.contractors, 'auto');
    expect((await w.admin.get(`/expected-visits/${v.id}`)).json().stage).toBe('auto_approved');
    expect((await failOnline(v.token, question)).json().stage).toBe('awaiting_approval_compliance_failed');
    expect((await signIn(w, v.personId)).statusCode).toBe(422);
  });

  it('refuses the sign-in of a visit that needs no approval until the compliance is answered again and passes', async () => {
    const { w, question } = await failedWorld();
    const made = await w.admin.post('/expected-visits', expectedVisitBody(w, laterToday()));
    expect(made.statusCode, made.body).toBe(201);
    const v = made.json().data as { id: string; person: { id: string }; link_url: string };
    const failed = await failOnline(v.link_url.split('/').pop()!, question);
    expect(failed.json().stage).toBe('compliance_failed');
    expect((await stagesOf(w, v.id)).expectedRow).toBe('compliance_failed');
    const refused = await signIn(w, v.person.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('was failed online: answer it again here');
    const stillFailing = await signIn(w, v.person.id, {
      compliances: [{ compliance_id: question.id, answers: answers(question, false), notes: 'no' }],
    });
    expect(stillFailing.statusCode).toBe(422);
    const arrived = await signIn(w, v.person.id, {
      compliances: [{ compliance_id: question.id, answers: answers(question, true) }],
    });
    expect(arrived.statusCode, arrived.body).toBe(201);
  });

  it('lets no other company see or decide the failed visit', async () => {
    const { w, question } = await failedWorld();
    const v = await register(w, w.types.guests, 'other');
    await w.admin.post(`/expected-visits/${v.id}/decisions`, { decision: 'approve' });
    await failOnline(v.token, question);
    const other = await expectedWorld(ctx.app, ctx.db.db);
    expect((await other.admin.get(`/expected-visits/${v.id}`)).statusCode).toBe(404);
    expect((await other.admin.post(`/expected-visits/${v.id}/decisions`, { decision: 'approve' })).statusCode).toBe(
      404,
    );
    const date = laterToday().visit_date;
    const theirs = await other.admin.get(`/visits?state=expected&from=${date}&to=${date}`);
    expect(theirs.json<{ data: { id: string }[] }>().data.map((x) => x.id)).not.toContain(v.id);
    expect((await stagesOf(w, v.id)).detail.stage).toBe('awaiting_approval_compliance_failed');
  });
});
