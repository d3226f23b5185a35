// A visit's own links (spec §3 Visit details (by link), §4 Pre-registration link expiry, §8 expiry
// messages, /c/{visitUrl}/{code}, /online-compliance/{id}): reading, confirming, the code form, online
// compliance and vaccine or test documents.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { withTenant } from '../src/db/client';
import { people, personDocuments } from '../src/db/schema/index';
import { addCompliance, makePdf, questionBody, statementBody, vaccineBody } from './helpers/compliances-factories';
import { TestClient } from './helpers/http-client';
import { createTestApp, type TestContext } from './helpers/test-app';
import {
  auditsOf,
  expectedVisitBody,
  expectedWorld,
  newVisitor,
  postForm,
  setVisit,
  slot,
  storedVisit,
  type ExpectedWorld,
} from './helpers/expected-visits-factories';
import { watchLiveEvents } from './helpers/live-events';

let ctx: TestContext;
let visitor: TestClient;
beforeAll(async () => {
  ctx = await createTestApp();
  visitor = new TestClient(ctx.app);
});
afterAll(async () => ctx.close());

type Res = Pick<LightMyRequestResponse, 'json'>;
const fields = (res: Res) => res.json<{ fields?: Record<string, string[]> }>().fields ?? {};
const END = 'Please contact the system admin for further details.';

/** An admin-added visit of a new visitor tomorrow; its token from the link the visitor was sent. */
async function adminVisit(w: ExpectedWorld, over: Record<string, unknown> = {}) {
  const res = await w.admin.post('/expected-visits', expectedVisitBody(w, over));
  expect(res.statusCode, res.body).toBe(201);
  const data = res.json().data;
  return {
    id: data.id as string,
    personId: data.person.id as string,
    token: (data.link_url as string).split('/').pop()!,
  };
}

const confirmBody = (w: ExpectedWorld, over: Record<string, unknown> = {}) => ({ ...newVisitor(w.tag), ...over });

describe('a visit by its link', () => {
  it('shows the visit, the person and what the visit needs; confirming it expires the confirmation link', async () => {
    const w = await expectedWorld(ctx.app, ctx.db.db);
    const v = await adminVisit(w);
    const res = await visitor.get(`/public/visits/${v.token}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      visitMetadata: { is_expired: false, reason: null, is_confirmed: false, message: null },
      user_has_passport: false,
      visitId: v.id,
      company: { name: w.entity.name },
      stage: 'ready_to_sign_in',
      expectedDateTime: `${slot(1).visit_date} 10:00:00`,
      user: { first_name: 'Vera', last_name: 'Visitor', email: `vera.${w.tag}@example.test`, company_name: 'Acme Ltd' },
      site: { name: 'HQ' },
      area: { name: 'Reception' },
      hosts: [{ id: w.host.id, full_name: 'Hannah Host' }],
      validations: {
        registration_method: 'registration_allowed',
        photo_needed: false,
        host: { asked: true, required: true },
        compliance_flags: { is_compliance_required: false },
      },
    });
    const info = (await visitor.get(`/public/pre-registration/${v.token}`)).json();
    expect(info).toMatchObject({ kind: 'confirmation', visit: { visitId: v.id } });

    const emitted = watchLiveEvents(ctx.app);
    const confirmed = await visitor.post(
      `/public/visits/${v.token}/confirm`,
      confirmBody(w, { first_name: 'Verity', host_message: 'At the gate' }),
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      message: 'Your visit is confirmed.',
      visit_id: v.id,
      stage: 'ready_to_sign_in',
      approval: 'not_needed',
    });
    expect(confirmed.json().qr).toMatch(/^data:image\/png;base64,/);
    expect(await emitted.visitIds(w.entity.id)).toContainEqual({
      action: 'confirmed',
      visit_ids: [v.id],
      area_ids: [w.areas.reception],
    });
    emitted.restore();
    expect((await w.admin.get(`/people/${v.personId}`)).json().first_name).toBe('Verity');
    expect((await storedVisit(ctx.db.db, w.entity, v.id)).hostMessage).toBe('At the gate');
    expect((await auditsOf(ctx.db.db, w.entity, v.id)).map((a) => [a.action, a.actorKind])).toEqual([
      ['visit.expected', 'user'],
      ['visit.confirmed', 'link'],
    ]);

    const after = (await visitor.get(`/public/visits/${v.token}`)).json();
    expect(after).toMatchObject({
      visitMetadata: {
        is_expired: true,
        reason: 'VISIT_CONFIRMED',
        is_confirmed: true,
        message: `Your confirmation link has expired because you have already confirmed your visit. ${END}`,
      },
      user: null,
      validations: null,
    });
    expect((await visitor.get(`/public/visits/${v.token}?mode=compliance`)).json().visitMetadata.is_expired).toBe(
      false,
    );
    const twice = await visitor.post(`/public/visits/${v.token}/confirm`, confirmBody(w));
    expect(twice.statusCode).toBe(422);
  });

  it('refuses confirming with another person’s email or phone (duplicate-user check)', async () => {
    const w = await expectedWorld(ctx.app, ctx.db.db);
    const v = await adminVisit(w);
    const taken = await visitor.post(`/public/visits/${v.token}/confirm`, confirmBody(w, { email: w.host.email }));
    expect(taken.statusCode).toBe(409);
    expect(fields(taken).email).toEqual(['Email address already exists']);
  });

  it('names why a link expired, in each language; an unknown token answers the generic case', async () => {
    const w = await expectedWorld(ctx.app, ctx.db.db);
    const v = await adminVisit(w);
    const read = async (lang?: string) => {
      visitor.lang = lang;
      const body = (await visitor.get(`/public/visits/${v.token}`)).json();
      visitor.lang = undefined;
      return body;
    };
    await setVisit(ctx.db.db, w.entity, v.id, { stage: 'rejected' });
    expect((await read()).visitMetadata).toEqual({
      is_expired: true,
      reason: 'VISIT_REJECTED',
      is_confirmed: false,
      message: `Your confirmation link has expired because your visit has not been approved. ${END}`,
    });
    await setVisit(ctx.db.db, w.entity, v.id, { stage: 'ready_to_sign_in', state: 'cancelled' });
    expect((await read()).visitMetadata.message).toBe(
      `Your confirmation link has expired because your visit has been deleted. ${END}`,
    );
    expect((await read('ar')).visitMetadata.message).toMatch(/^انتهت صلاحية رابط التأكيد/);
    await setVisit(ctx.db.db, w.entity, v.id, { state: 'expected', expectedAt: new Date(Date.now() - 31 * 60_000) });
    expect((await read()).visitMetadata).toMatchObject({
      reason: 'VISIT_EXPIRED',
      message: `Your confirmation link has expired because you missed your appointment. ${END}`,
    });
    expect((await read('es')).visitMetadata.message).toMatch(
      /^Su enlace de confirmación ha caducado porque no acudió a su cita/,
    );
    await setVisit(ctx.db.db, w.entity, v.id, { expectedAt: new Date(Date.now() - 29 * 60_000) });
    expect((await read()).visitMetadata.is_expired).toBe(false);
    await setVisit(ctx.db.db, w.entity, v.id, { state: 'on_site', signedInAt: new Date() });
    expect((await read()).visitMetadata).toMatchObject({
      reason: 'VISIT_ARRIVED',
      message: `Your confirmation link has expired because you have already arrived at the area. ${END}`,
    });
    await setVisit(ctx.db.db, w.entity, v.id, { state: 'left', signOutSource: 'auto_midnight' });
    expect((await read()).visitMetadata.reason).toBe('SCAN_EXPIRED');
    const compliance = (await visitor.get(`/public/visits/${v.token}/compliance`)).json();
    expect(compliance).toMatchObject({
      visitMetadata: {
        is_expired: true,
        reason: 'SCAN_EXPIRED',
        message: `Your compliance link has expired because your visit has already ended. ${END}`,
      },
      user_has_passport: false,
      compliances: [],
    });

    // A person with a passport (a login identity) is offered it on the expired page.
    await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx
        .update(people)
        .set({ userId: w.people.employee.id })
        .where(and(eq(people.entityId, w.entity.id), eq(people.id, v.personId))),
    );
    expect((await read()).user_has_passport).toBe(true);

    const unknown = (await visitor.get('/public/visits/abcdefghijklmnopqrstuvwx')).json();
    expect(unknown).toMatchObject({
      visitMetadata: { is_expired: true, reason: 'LINK_INVALID' },
      user_has_passport: false,
      company: null,
    });
    expect((await visitor.post('/public/visits/abcdefghijklmnopqrstuvwx/confirm', confirmBody(w))).statusCode).toBe(
      404,
    );
  });

  it('checks the code of a /c/ link', async () => {
    const w = await expectedWorld(ctx.app, ctx.db.db);
    const v = await adminVisit(w);
    const code = (await storedVisit(ctx.db.db, w.entity, v.id)).linkCode!;
    const wrong = await visitor.post(`/public/visits/${v.token}/code`, { code: 'WRONG123' });
    expect(wrong.statusCode).toBe(422);
    expect(fields(wrong).code).toEqual(['This code is not correct.']);
    expect((await visitor.post(`/public/visits/${v.token}/code`, { code: code.toLowerCase() })).json()).toEqual({
      ok: true,
    });
    await setVisit(ctx.db.db, w.entity, v.id, { state: 'cancelled' });
    const gone = await visitor.post(`/public/visits/${v.token}/code`, { code });
    expect(gone.statusCode).toBe(422);
    expect(gone.json().message).toBe(`Your compliance link has expired because your visit has been deleted. ${END}`);
  });
});

describe('online compliance', () => {
  async function complianceWorld() {
    const w = await expectedWorld(ctx.app, ctx.db.db);
    const question = await addCompliance(w.admin, questionBody('Health questions'));
    const statement = await addCompliance(w.admin, statementBody('Safety statement'));
    const vaccine = await addCompliance(w.admin, vaccineBody('Vaccination'));
    const flowId = w.flows[w.types.visitors]!;
    const res = await w.admin.put(`/journey-flows/${flowId}`, {
      user_type_id: w.types.visitors,
      checks: { host: true },
      host_ids: [w.host.id],
      compliances: [{ id: question.id }, { id: statement.id }, { id: vaccine.id }],
    });
    expect(res.statusCode, res.body).toBe(200);
    return { w, question, statement, vaccine };
  }
  const answersOf = (q: Awaited<ReturnType<typeof complianceWorld>>['question'], right: boolean) =>
    q.content.questions!.map((x) => ({ question_id: x.id, answer_id: x.answers.find((a) => a.correct === right)!.id }));

  it('asks what the flow asks without giving the right answers; answers move the stage', async () => {
    const { w, question, statement, vaccine } = await complianceWorld();
    const v = await adminVisit(w);
    expect((await storedVisit(ctx.db.db, w.entity, v.id)).stage).toBe('compliance_pending');
    const res = await visitor.get(`/public/visits/${v.token}/compliance`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ visitId: v.id, stage: 'compliance_pending', visitMetadata: { is_expired: false } });
    expect(
      body.compliances.map((c: { name: string; version: number; answer: null }) => [c.name, c.version, c.answer]),
    ).toEqual([
      ['Health questions', 1, null],
      ['Safety statement', 1, null],
      ['Vaccination', 1, null],
    ]);
    expect(JSON.stringify(body.compliances[0].content)).not.toContain('correct');

    const notAsked = await visitor.post(`/public/visits/${v.token}/compliance`, {
      responses: [{ compliance_id: w.host.id, accepted: true }],
    });
    expect(notAsked.statusCode).toBe(422);
    expect(fields(notAsked)['responses.0.compliance_id']).toEqual(['This compliance is not asked for this visit.']);
    const vaccineHere = await visitor.post(`/public/visits/${v.token}/compliance`, {
      responses: [{ compliance_id: vaccine.id, accepted: true }],
    });
    expect(fields(vaccineHere)['responses.0.compliance_id']).toEqual([
      'Upload the vaccination certificate or test result for this compliance.',
    ]);

    const emitted = watchLiveEvents(ctx.app);
    const wrong = await visitor.post(`/public/visits/${v.token}/compliance`, {
      responses: [
        { compliance_id: question.id, answers: answersOf(question, false), notes: 'too short' },
        { compliance_id: statement.id, accepted: true },
      ],
    });
    expect(wrong.statusCode, wrong.body).toBe(200);
    expect(wrong.json()).toEqual({
      stage: 'compliance_failed',
      answers: [
        { compliance_id: question.id, status: 'failed' },
        { compliance_id: statement.id, status: 'success' },
      ],
    });
    expect(await emitted.visitIds(w.entity.id)).toContainEqual(
      expect.objectContaining({ action: 'compliance_answered', visit_ids: [v.id] }),
    );
    emitted.restore();
    const justified = await visitor.post(`/public/visits/${v.token}/compliance`, {
      responses: [
        {
          compliance_id: question.id,
          answers: answersOf(question, false),
          notes: 'I had a cold, now fully recovered.',
        },
      ],
    });
    expect(justified.json()).toEqual({
      stage: 'compliance_pending',
      answers: [{ compliance_id: question.id, status: 'justified' }],
    });

    const file = { field: 'file', data: makePdf('Certificate'), name: 'cert.pdf', type: 'application/pdf' };
    const today = new Date().toISOString().slice(0, 10);
    const doc = await postForm(
      visitor,
      `/public/visits/${v.token}/documents`,
      {
        compliance_id: vaccine.id,
        type: 'covid_vaccine',
        protocol: 'comirnaty',
        start_date: '2024-01-10',
      },
      file,
    );
    expect(doc.statusCode, doc.body).toBe(201);
    expect(doc.json()).toMatchObject({ status: 'vaccinated', answer_status: 'success', stage: 'ready_to_sign_in' });
    const [stored] = await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx
        .select()
        .from(personDocuments)
        .where(and(eq(personDocuments.entityId, w.entity.id), eq(personDocuments.id, doc.json().id))),
    );
    expect(stored).toMatchObject({
      type: 'covid_vaccine',
      status: 'vaccinated',
      visitId: v.id,
      fileName: 'cert.pdf',
      startDate: '2024-01-10',
    });

    const future = await postForm(
      visitor,
      `/public/visits/${v.token}/documents`,
      { compliance_id: vaccine.id, type: 'test', result: 'negative', start_date: '2199-01-01' },
      file,
    );
    expect(future.statusCode).toBe(422);
    expect(fields(future).start_date).toEqual(['The start date cannot be in the future.']);
    const dates = await postForm(
      visitor,
      `/public/visits/${v.token}/documents`,
      { compliance_id: vaccine.id, type: 'test', result: 'negative', start_date: today, expiry_date: '2020-01-01' },
      file,
    );
    expect(dates.statusCode).toBe(400);
    expect(fields(dates).expiry_date).toEqual(['The expiry date cannot be before the start date.']);
    const text = await postForm(
      visitor,
      `/public/visits/${v.token}/documents`,
      { compliance_id: vaccine.id, type: 'test', result: 'negative', start_date: today },
      { ...file, data: Buffer.from('just text') },
    );
    expect(fields(text).file).toEqual(['The file must be a PDF, PNG or JPG document.']);
    const statementDoc = await postForm(
      visitor,
      `/public/visits/${v.token}/documents`,
      { compliance_id: statement.id, type: 'test', result: 'negative', start_date: today },
      file,
    );
    expect(fields(statementDoc).compliance_id).toEqual([
      'This compliance does not take vaccination certificates or test results.',
    ]);
  });

  it('does not ask again what is still valid for a later visit (once yes, every time no)', async () => {
    const { w, statement, vaccine } = await complianceWorld();
    const first = await adminVisit(w);
    const doc = await postForm(
      visitor,
      `/public/visits/${first.token}/documents`,
      { compliance_id: vaccine.id, type: 'covid_vaccine', protocol: 'spikevax', start_date: '2024-03-01' },
      { field: 'file', data: makePdf(), name: 'c.pdf', type: 'application/pdf' },
    );
    expect(doc.statusCode, doc.body).toBe(201);
    await visitor.post(`/public/visits/${first.token}/compliance`, {
      responses: [{ compliance_id: statement.id, accepted: true }],
    });
    const later = await adminVisit(w, { visitor: null, person_id: first.personId, ...slot(3) });
    const asked = (await visitor.get(`/public/visits/${later.token}/compliance`)).json();
    const byName = Object.fromEntries(
      asked.compliances.map((c: { name: string; answer: unknown }) => [c.name, c.answer]),
    );
    expect(byName.Vaccination).toMatchObject({ status: 'success', vaccine_status: 'vaccinated', valid_until: null });
    expect(byName['Safety statement']).toBeNull();
    expect(byName['Health questions']).toBeNull();
  });

  it('refuses answers through an expired link, naming the reason', async () => {
    const { w, statement } = await complianceWorld();
    const v = await adminVisit(w);
    await setVisit(ctx.db.db, w.entity, v.id, { stage: 'rejected' });
    const res = await visitor.post(`/public/visits/${v.token}/compliance`, {
      responses: [{ compliance_id: statement.id, accepted: true }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      `Your compliance link has expired because your visit has not been approved. ${END}`,
    );
  });
});
