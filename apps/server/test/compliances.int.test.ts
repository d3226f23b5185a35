import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { withTenant } from '../src/db/client';
import { answerStatus } from '@app/shared/compliances/answer-status';
import { auditLog, complianceResponses, compliances, complianceVersions, entities } from '../src/db/schema/index';
import { seedDemoCompliances } from '../src/seed/demo/demo-compliances';
import { createTestApp, type TestContext } from './helpers/test-app';
import { signIn, type TestClient } from './helpers/http-client';
import { createCompany, PASSWORD } from './helpers/world';
import {
  addCompliance,
  agreementTextBody,
  insertJourneyAsking,
  makePdf,
  questionBody,
  removeJourney,
  statementBody,
  vaccineBody,
} from './helpers/compliances-factories';
import { makePng } from './helpers/images';
import { scopedAdmin } from './helpers/people-world';
import { insertVisit } from './helpers/visits-factories';

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

const names = (res: { json: () => { data: { name: string }[] } }) => res.json().data.map((c) => c.name);

describe('compliances: each format, the list and its filters', () => {
  it('creates a compliance of each format and lists them, filtered by format, searched and sorted', async () => {
    const { client } = await adminOf();
    const health = await addCompliance(client, questionBody('Health declaration'));
    expect(health).toMatchObject({
      format: 'question',
      frequency: 'daily',
      validity_days: null,
      version: 1,
      response_count: 0,
      journeys: [],
      settings: { send_before_minutes: 1440, reminder_interval_minutes: 240 },
    });
    // Every question and answer gets an id that answers name.
    const q = health.content.questions!;
    expect(q).toHaveLength(2);
    expect(new Set([...q.map((x) => x.id), ...q.flatMap((x) => x.answers.map((a) => a.id))]).size).toBe(6);
    await addCompliance(client, agreementTextBody('Non-disclosure agreement'));
    await addCompliance(client, statementBody('PPE statement'));
    const vaccine = await addCompliance(client, vaccineBody('COVID-19 vaccination or PCR'));
    expect(vaccine.content).toEqual({
      protocols: ['comirnaty', 'spikevax'],
      accept_negative_pcr: true,
      pcr_valid_days: 3,
    });

    const all = await client.get('/compliances');
    expect(all.json().count).toBe(4);
    expect(names(all)).toEqual([
      'COVID-19 vaccination or PCR',
      'Health declaration',
      'Non-disclosure agreement',
      'PPE statement',
    ]);
    expect(all.json().data[1]).toMatchObject({ format: 'question', frequency: 'daily', version: 1, journeys: [] });
    expect(names(await client.get('/compliances?format=question'))).toEqual(['Health declaration']);
    expect(names(await client.get('/compliances?format=agreement&format=statement'))).toEqual([
      'Non-disclosure agreement',
      'PPE statement',
    ]);
    expect(names(await client.get('/compliances?frequency=once'))).toEqual([
      'COVID-19 vaccination or PCR',
      'Non-disclosure agreement',
    ]);
    expect(names(await client.get('/compliances?search=agree'))).toEqual(['Non-disclosure agreement']);
    // A search with LIKE wildcards matches them literally.
    expect((await client.get('/compliances?search=%25')).json().count).toBe(0);
    expect(names(await client.get('/compliances?sortField=name&orderBy=desc&limit=2'))).toEqual([
      'PPE statement',
      'Non-disclosure agreement',
    ]);
    const page2 = await client.get('/compliances?sortField=name&orderBy=desc&limit=2&page=2');
    expect(names(page2)).toEqual(['Health declaration', 'COVID-19 vaccination or PCR']);
    expect((await client.get('/compliances?format=quiz')).statusCode).toBe(400);
    expect((await client.get('/compliances?sortField=password')).statusCode).toBe(400);
    expect((await client.get(`/compliances/${health.id}`)).json().name).toBe('Health declaration');
  });

  it('keeps only what the chosen agreement kind uses, and validation days only for valid until expiry', async () => {
    const { client } = await adminOf();
    const text = await addCompliance(
      client,
      agreementTextBody('Visitor rules', {
        content: { agreement_type: 'text', agreement_text: 'Be kind.', file: null },
      }),
    );
    expect(text.content).toEqual({ agreement_type: 'text', agreement_text: 'Be kind.', file: null });
    const daily = await client.post('/compliances', questionBody('Daily check', { validity_days: 30 }));
    expect(daily.json().validity_days).toBeNull();
    const yearly = await client.post(
      '/compliances',
      questionBody('Induction', { frequency: 'until_expiry', validity_days: 365 }),
    );
    expect(yearly.json()).toMatchObject({ frequency: 'until_expiry', validity_days: 365 });
  });
});

describe('compliance rules (spec §5), each named on its field', () => {
  it('needs a name of at least 2 characters, unique in the company whatever its case', async () => {
    const { client } = await adminOf();
    const short = await client.post('/compliances', questionBody('H'));
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.name[0]).toBe('Name must be at least 2 characters.');
    const spaced = await client.post('/compliances', questionBody('  H  '));
    expect(spaced.statusCode).toBe(400);
    await addCompliance(client, questionBody('Health declaration'));
    const dup = await client.post('/compliances', statementBody('HEALTH DECLARATION'));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().fields.name).toEqual(['A compliance with this name already exists.']);
    const other = await addCompliance(client, statementBody('Other'));
    const renamed = await client.put(`/compliances/${other.id}`, statementBody('health declaration'));
    expect(renamed.statusCode).toBe(409);
    // In another company the name is free.
    const { client: elsewhere } = await adminOf();
    await addCompliance(elsewhere, questionBody('Health declaration'));
  });

  it('needs the question and its answers written, at least two answers and one marked correct', async () => {
    const { client } = await adminOf();
    const noCorrect = await client.post(
      '/compliances',
      questionBody('Quiz', {
        content: { questions: [{ question: 'Ready?', answers: [{ answer: 'Yes' }, { answer: 'No' }] }] },
      }),
    );
    expect(noCorrect.statusCode).toBe(400);
    expect(noCorrect.json().fields['content.questions.0.answers']).toEqual(['Mark at least one answer as correct.']);
    const blank = await client.post(
      '/compliances',
      questionBody('Quiz', {
        content: {
          questions: [
            {
              question: '   ',
              answers: [
                { answer: '', correct: true },
                { answer: 'No', correct: false },
              ],
            },
          ],
        },
      }),
    );
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields['content.questions.0.question']).toEqual(['Question is required.']);
    expect(blank.json().fields['content.questions.0.answers.0.answer']).toEqual(['Answer is required.']);
    const one = await client.post(
      '/compliances',
      questionBody('Quiz', {
        content: { questions: [{ question: 'Ready?', answers: [{ answer: 'Yes', correct: true }] }] },
      }),
    );
    expect(one.json().fields['content.questions.0.answers']).toEqual(['Give each question at least two answers.']);
    const none = await client.post('/compliances', questionBody('Quiz', { content: { questions: [] } }));
    expect(none.json().fields['content.questions']).toEqual(['Add at least one question.']);
  });

  it('needs the agreement text or file, the statement, and something a vaccine compliance accepts', async () => {
    const { client } = await adminOf();
    const noText = await client.post(
      '/compliances',
      agreementTextBody('NDA', { content: { agreement_type: 'text', agreement_text: ' ' } }),
    );
    expect(noText.json().fields['content.agreement_text']).toEqual(['Agreement text is required.']);
    const noFile = await client.post('/compliances', agreementTextBody('NDA', { content: { agreement_type: 'file' } }));
    expect(noFile.json().fields['content.file']).toEqual(['Upload the agreement as a PDF or an image.']);
    const noStatement = await client.post('/compliances', statementBody('PPE', { content: { statement: '' } }));
    expect(noStatement.json().fields['content.statement']).toEqual(['Statement is required.']);
    const nothing = await client.post(
      '/compliances',
      vaccineBody('Vaccine', { content: { protocols: [], accept_negative_pcr: false } }),
    );
    expect(nothing.json().fields['content.protocols']).toEqual([
      'Choose at least one vaccine to accept, or accept negative PCR tests.',
    ]);
    const noDays = await client.post(
      '/compliances',
      vaccineBody('Vaccine', { content: { protocols: [], accept_negative_pcr: true } }),
    );
    expect(noDays.json().fields['content.pcr_valid_days']).toEqual([
      'PCR valid days are required when negative PCR tests are accepted.',
    ]);
    const unknown = await client.post(
      '/compliances',
      vaccineBody('Vaccine', { content: { protocols: ['snake_oil'] } }),
    );
    expect(unknown.statusCode).toBe(400);
  });

  it('needs validation days for valid until expiry: numeric, at most 3 digits', async () => {
    const { client } = await adminOf();
    const missing = await client.post('/compliances', questionBody('Induction', { frequency: 'until_expiry' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.validity_days).toEqual([
      'Validation days are required when answers are valid until expiry.',
    ]);
    const long = await client.post(
      '/compliances',
      questionBody('Induction', { frequency: 'until_expiry', validity_days: 1000 }),
    );
    expect(long.json().fields.validity_days).toEqual(['Validation days must be at most 999.']);
    const text = await client.post(
      '/compliances',
      questionBody('Induction', { frequency: 'until_expiry', validity_days: '30' }),
    );
    expect(text.statusCode).toBe(400);
    expect(text.json().fields.validity_days).toBeDefined();
    const zero = await client.post(
      '/compliances',
      questionBody('Induction', { frequency: 'until_expiry', validity_days: 0 }),
    );
    expect(zero.json().fields.validity_days).toEqual(['Validation days must be at least 1.']);
    await addCompliance(client, questionBody('Induction', { frequency: 'until_expiry', validity_days: 999 }));
  });

  it('sends at least 5 minutes before a visit and reminds at least 30 minutes apart', async () => {
    const { client } = await adminOf();
    const early = await client.post(
      '/compliances',
      questionBody('Online', { settings: { send_before_minutes: 4, reminder_interval_minutes: 30 } }),
    );
    expect(early.statusCode).toBe(400);
    expect(early.json().fields['settings.send_before_minutes']).toEqual(['Send before the visit must be at least 5.']);
    const often = await client.post(
      '/compliances',
      questionBody('Online', { settings: { send_before_minutes: 5, reminder_interval_minutes: 29 } }),
    );
    expect(often.json().fields['settings.reminder_interval_minutes']).toEqual([
      'Reminder interval must be at least 30.',
    ]);
    const ok = await addCompliance(
      client,
      questionBody('Online', { settings: { send_before_minutes: 5, reminder_interval_minutes: 30 } }),
    );
    expect((await client.get(`/compliances/${ok.id}`)).json().settings).toEqual({
      send_before_minutes: 5,
      reminder_interval_minutes: 30,
    });
    // Sending settings are not what is asked: changing them keeps the version.
    const changed = await client.put(
      `/compliances/${ok.id}`,
      questionBody('Online', {
        content: ok.content,
        settings: { send_before_minutes: 60, reminder_interval_minutes: 90 },
      }),
    );
    expect(changed.json()).toMatchObject({
      version: 1,
      settings: { send_before_minutes: 60, reminder_interval_minutes: 90 },
    });
  });

  it('answers in the caller’s language', async () => {
    const { client } = await adminOf();
    client.lang = 'es';
    const res = await client.post('/compliances', questionBody('Quiz', { frequency: 'until_expiry' }));
    expect(res.json().fields.validity_days).toEqual([
      'Los días de validez son obligatorios cuando las respuestas valen hasta su caducidad.',
    ]);
    client.lang = 'ar';
    await addCompliance(client, questionBody('Quiz'));
    expect((await client.post('/compliances', questionBody('QUIZ'))).json().message).toBe(
      'يوجد امتثال بهذا الاسم بالفعل.',
    );
  });
});

type Asked = { id: string; answers: { id: string; answer: string; correct: boolean }[] }[];
const rightAnswers = (questions: Asked) =>
  questions.map((q) => ({ question_id: q.id, answer_id: q.answers.find((a) => a.correct)!.id }));
const wrongFirst = (questions: Asked) =>
  questions.map((q, i) => ({ question_id: q.id, answer_id: q.answers.find((a) => a.correct === (i !== 0))!.id }));

/** A person (employee role) on a new site with a new user type, added through the people API. */
async function personOf(client: TestClient, roleId: string) {
  const tag = Math.random().toString(36).slice(2, 8);
  const site = await client.post('/sites', { name: `Site ${tag}` });
  const type = await client.post('/user-types', {
    name: `Visitors ${tag}`,
    registration_method: 'registration_allowed',
    grace_period_minutes: 30,
  });
  const res = await client.post('/people', {
    first_name: 'Grace',
    last_name: 'Hopper',
    role_id: roleId,
    site_ids: [site.json().id],
    user_type_ids: [type.json().id],
  });
  expect(res.statusCode, res.body).toBe(201);
  return { personId: res.json().id as string, siteId: site.json().id as string, userTypeId: type.json().id as string };
}

describe('versions and the can-edit check', () => {
  it('raises the version on every change to what is asked; earlier answers keep theirs', async () => {
    const { client, entity } = await adminOf();
    const { personId } = await personOf(client, entity.roles.employee);
    const created = await addCompliance(client, questionBody('Health declaration'));
    const v1 = created.content.questions!;

    // Saving what it already asks keeps version 1 (and its ids).
    const same = await client.put(`/compliances/${created.id}`, questionBody('Health declaration'));
    expect(same.json().version).toBe(1);
    expect(same.json().content.questions[0].id).toBe(v1[0]!.id);
    let canEdit = (await client.get(`/compliances/${created.id}/can-edit`)).json();
    expect(canEdit).toEqual({
      version: 1,
      answered: false,
      response_count: 0,
      people_count: 0,
      can_change_format: true,
      journeys: [],
    });

    const answered = await client.post(`/people/${personId}/compliance-responses`, {
      responses: [{ compliance_id: created.id, answers: rightAnswers(v1) }],
    });
    expect(answered.statusCode, answered.body).toBe(201);
    expect(answered.json().data[0]).toMatchObject({ version: 1, current_version: 1, status: 'success' });
    canEdit = (await client.get(`/compliances/${created.id}/can-edit`)).json();
    expect(canEdit).toMatchObject({
      version: 1,
      answered: true,
      response_count: 1,
      people_count: 1,
      can_change_format: false,
    });
    expect((await client.get('/compliances')).json().data[0].response_count).toBe(1);

    // The first question's right answer becomes "Yes": a new version.
    const changedContent = {
      questions: [
        {
          id: v1[0]!.id,
          question: 'Did you take a lateral flow test today?',
          answers: [
            { id: v1[0]!.answers[0]!.id, answer: 'Yes', correct: true },
            { id: v1[0]!.answers[1]!.id, answer: 'No', correct: false },
          ],
        },
        v1[1],
      ],
    };
    const v2 = await client.put(
      `/compliances/${created.id}`,
      questionBody('Health declaration', { content: changedContent }),
    );
    expect(v2.json().version).toBe(2);
    expect(v2.json().content.questions[1].id).toBe(v1[1]!.id);
    // A rename is a change too, and so is the frequency.
    const v3 = await client.put(
      `/compliances/${created.id}`,
      questionBody('Daily health declaration', { content: v2.json().content }),
    );
    expect(v3.json().version).toBe(3);
    const v4 = await client.put(
      `/compliances/${created.id}`,
      questionBody('Daily health declaration', { content: v3.json().content, frequency: 'weekly' }),
    );
    expect(v4.json().version).toBe(4);

    // Version 1 still reads as it was asked.
    const old = await client.get(`/compliances/${created.id}/versions/1`);
    expect(old.json()).toMatchObject({ version: 1, name: 'Health declaration', frequency: 'daily' });
    expect(old.json().content.questions[0].question).toBe('Do you have a fever or a cough today?');
    expect((await client.get(`/compliances/${created.id}/versions/9`)).statusCode).toBe(404);
    const stored = await withTenant(ctx.db.db, entity.id, (tx) =>
      tx.select().from(complianceVersions).where(eq(complianceVersions.complianceId, created.id)),
    );
    expect(stored.map((v) => v.version).sort()).toEqual([1, 2, 3, 4]);

    // The first answer keeps version 1; its details show what was asked then.
    const list = (await client.get(`/people/${personId}/compliance-responses`)).json();
    expect(list.data[0]).toMatchObject({ version: 1, current_version: 4, compliance_name: 'Health declaration' });
    const details = (await client.get(`/people/${personId}/compliance-responses/${list.data[0].id}`)).json();
    expect(details.asked.content.questions[0].question).toBe('Do you have a fever or a cough today?');
    expect(details.answers[0]).toMatchObject({ kind: 'question', answer: 'No', correct: true });

    // Answering version 1 now judges against version 1's correct answers ("No"), version 4 against "Yes".
    const onV1 = await client.post(`/people/${personId}/compliance-responses`, {
      responses: [{ compliance_id: created.id, version: 1, answers: rightAnswers(v1) }],
    });
    expect(onV1.json().data[0]).toMatchObject({ version: 1, is_wrong: false, status: 'success' });
    const onV4 = await client.post(`/people/${personId}/compliance-responses`, {
      responses: [{ compliance_id: created.id, answers: rightAnswers(v1) }],
    });
    expect(onV4.json().data[0]).toMatchObject({ version: 4, is_wrong: true, status: 'failed' });
    const future = await client.post(`/people/${personId}/compliance-responses`, {
      responses: [{ compliance_id: created.id, version: 5, answers: rightAnswers(v1) }],
    });
    expect(future.statusCode).toBe(422);
    expect(future.json().fields['responses.0.version']).toEqual([
      'This version of the compliance does not exist. The latest is 4.',
    ]);
    // Every change is in the audit log.
    const audit = await withTenant(ctx.db.db, entity.id, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, created.id), eq(auditLog.action, 'compliance.update'))),
    );
    expect(audit).toHaveLength(4);
  });

  it('fixes the format once answered, on the server too', async () => {
    const { client, entity } = await adminOf();
    const { personId } = await personOf(client, entity.roles.employee);
    const fresh = await addCompliance(client, statementBody('Fresh'));
    // Not answered: the format may change, which is a new version.
    const toAgreement = await client.put(`/compliances/${fresh.id}`, agreementTextBody('Fresh'));
    expect(toAgreement.json()).toMatchObject({ format: 'agreement', version: 2 });

    const used = await addCompliance(client, statementBody('Used'));
    await client.post(`/people/${personId}/compliance-responses`, {
      responses: [{ compliance_id: used.id, accepted: true }],
    });
    const refused = await client.put(`/compliances/${used.id}`, agreementTextBody('Used'));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().fields.format).toEqual([
      'People have answered this compliance already (1), so its format cannot change. Add a new compliance instead.',
    ]);
    expect((await client.get(`/compliances/${used.id}`)).json()).toMatchObject({ format: 'statement', version: 1 });
    // The same format with new words is fine.
    const reworded = await client.put(
      `/compliances/${used.id}`,
      statementBody('Used', { content: { statement: 'I will wear a hard hat in the warehouse.' } }),
    );
    expect(reworded.json().version).toBe(2);
  });
});

describe('answers: status, validity and scope', () => {
  it('judges each answer: success, failed with short notes, justified with notes of 20 characters or more', async () => {
    const { client, entity } = await adminOf();
    const { personId, siteId, userTypeId } = await personOf(client, entity.roles.employee);
    const health = await addCompliance(client, questionBody('Health'));
    const nda = await addCompliance(client, agreementTextBody('NDA'));
    const vaccine = await addCompliance(client, vaccineBody('Vaccine'));
    const areaRes = await client.post('/areas', { site_id: siteId, name: 'Reception' });
    const areaId = areaRes.json().id as string;
    const { id: visitId } = await insertVisit(ctx.db.db, entity, {
      personId,
      siteId,
      areaId,
      state: 'expected',
      expectedAt: new Date(Date.now() + 3_600_000),
    });
    const res = await client.post(`/people/${personId}/compliance-responses`, {
      visit_id: visitId,
      area_id: areaId,
      user_type_id: userTypeId,
      responses: [
        { compliance_id: health.id, answers: wrongFirst(health.content.questions!), notes: 'Hay fever' },
        { compliance_id: nda.id, accepted: true },
        {
          compliance_id: vaccine.id,
          document: { type: 'vaccine', protocol: 'coronavac', date: '2023-01-10' },
          notes: 'Vaccinated abroad, certificate checked by reception',
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const [h, n, v] = res.json().data;
    expect(h).toMatchObject({
      status: 'failed',
      is_wrong: true,
      is_completed: true,
      notes: 'Hay fever',
      visit_id: visitId,
      area_id: areaId,
      user_type_id: userTypeId,
      vaccine_status: 'not_applicable',
    });
    expect(h.answers[0]).toMatchObject({ kind: 'question', answer: 'Yes', correct: false });
    expect(n).toMatchObject({ status: 'success', is_wrong: false, answers: [{ kind: 'acceptance', accepted: true }] });
    expect(v).toMatchObject({ status: 'justified', is_wrong: true, vaccine_status: 'not_supported' });

    const justified = await client.post(`/people/${personId}/compliance-responses`, {
      responses: [
        {
          compliance_id: health.id,
          answers: wrongFirst(health.content.questions!),
          notes: '  Hay fever, checked!  ', // 18 characters once trimmed
        },
      ],
    });
    expect(justified.json().data[0].status).toBe('failed');
    const enough = await client.post(`/people/${personId}/compliance-responses`, {
      responses: [
        { compliance_id: health.id, answers: wrongFirst(health.content.questions!), notes: 'Hay fever, seen by nurse' },
      ],
    });
    expect(enough.json().data[0]).toMatchObject({ status: 'justified', notes: 'Hay fever, seen by nurse' });
    const pcr = await client.post(`/people/${personId}/compliance-responses`, {
      responses: [
        {
          compliance_id: vaccine.id,
          document: { type: 'test', result: 'negative', date: new Date().toISOString().slice(0, 10) },
        },
      ],
    });
    expect(pcr.json().data[0]).toMatchObject({ status: 'success', vaccine_status: 'negative_pcr' });

    const list = await client.get(`/people/${personId}/compliance-responses?compliance_id=${health.id}`);
    expect(list.json().count).toBe(3);
    expect(list.json().data.map((r: { status: string }) => r.status)).toEqual(['justified', 'failed', 'failed']);
    expect((await client.get(`/people/${personId}/compliance-responses?visit_id=${visitId}`)).json().count).toBe(3);
  });

  it('refuses answers that do not fit the compliance, naming the item', async () => {
    const { client, entity } = await adminOf();
    const { personId } = await personOf(client, entity.roles.employee);
    const health = await addCompliance(client, questionBody('Health'));
    const nda = await addCompliance(client, agreementTextBody('NDA'));
    const vaccine = await addCompliance(client, vaccineBody('Vaccine'));
    const post = (responses: unknown[], extra: Record<string, unknown> = {}) =>
      client.post(`/people/${personId}/compliance-responses`, { responses, ...extra });
    const missing = await post([
      { compliance_id: health.id, answers: rightAnswers(health.content.questions!).slice(1) },
    ]);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().fields['responses.0.answers']).toEqual(['Answer every question.']);
    const unknown = await post([
      { compliance_id: nda.id, accepted: true },
      { compliance_id: health.id, answers: [{ question_id: 'nope', answer_id: 'nope' }] },
    ]);
    expect(unknown.json().fields['responses.1.answers']).toEqual([
      'An answer does not belong to this version of the compliance.',
    ]);
    const noAccept = await post([{ compliance_id: nda.id }]);
    expect(noAccept.json().fields['responses.0.accepted']).toEqual(['Say whether the person agrees.']);
    const future = await post([
      { compliance_id: vaccine.id, document: { type: 'test', result: 'negative', date: '2999-01-01' } },
    ]);
    expect(future.json().fields['responses.0.document']).toEqual([
      'The vaccination or test date cannot be in the future.',
    ]);
    const twice = await post([
      { compliance_id: nda.id, accepted: true },
      { compliance_id: nda.id, accepted: false },
    ]);
    expect(twice.statusCode).toBe(400);
    const notHisType = await post([{ compliance_id: nda.id, accepted: true }], {
      user_type_id: '0190d3b2-7a4e-7c1e-9b8a-0123456789ab',
    });
    expect(notHisType.json().fields.user_type_id).toEqual(['The person does not have this user type.']);
    const noArea = await post([{ compliance_id: nda.id, accepted: true }], {
      area_id: '0190d3b2-7a4e-7c1e-9b8a-0123456789ab',
    });
    expect(noArea.json().fields.area_id).toEqual(['This area does not exist or is not on your sites.']);
    const noVisit = await post([{ compliance_id: nda.id, accepted: true }], {
      visit_id: '0190d3b2-7a4e-7c1e-9b8a-0123456789ab',
    });
    expect(noVisit.statusCode).toBe(422);
    expect(noVisit.json().fields.visit_id).toEqual(["This visit is not one of this person's visits."]);
    // Nothing of a refused request was kept.
    expect((await client.get(`/people/${personId}/compliance-responses`)).json().count).toBe(0);
  });

  it('sets valid until from the frequency in the company’s time zone', async () => {
    const { client, entity } = await adminOf();
    const { personId } = await personOf(client, entity.roles.employee);
    const daily = await addCompliance(client, statementBody('Daily', { frequency: 'daily' }));
    const weekly = await addCompliance(client, statementBody('Weekly', { frequency: 'weekly' }));
    const monthly = await addCompliance(client, statementBody('Monthly', { frequency: 'monthly' }));
    const yearly = await addCompliance(
      client,
      statementBody('Yearly', { frequency: 'until_expiry', validity_days: 365 }),
    );
    const once = await addCompliance(client, statementBody('Once', { frequency: 'once' }));
    const always = await addCompliance(client, statementBody('Always', { frequency: 'every_time' }));
    const all = [daily, weekly, monthly, yearly, once, always];

    const answerAll = async (timezone: string) => {
      await ctx.db.db.update(entities).set({ timezone }).where(eq(entities.id, entity.id));
      const res = await client.post(`/people/${personId}/compliance-responses`, {
        responses: all.map((c) => ({ compliance_id: c.id, accepted: true })),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { answered_at: string; valid_until: string | null; still_valid: boolean }[];
    };
    // Read independently of the code under test: the wall clock of an instant in a zone.
    const wall = (iso: string, timeZone: string) => {
      const parts = new Intl.DateTimeFormat('en-GB', {
        timeZone,
        hourCycle: 'h23',
        weekday: 'short',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      }).formatToParts(new Date(iso));
      const get = (type: string) => parts.find((p) => p.type === type)!.value;
      return {
        date: `${get('year')}-${get('month')}-${get('day')}`,
        time: `${get('hour')}:${get('minute')}`,
        weekday: get('weekday'),
      };
    };
    const nextDay = (date: string, days = 1) => {
      const d = new Date(`${date}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + days);
      return d.toISOString().slice(0, 10);
    };

    // Kiritimati is UTC+14 and Pago Pago UTC-11: the same moment is on different days there.
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const [d, w, m, y, o, a] = await answerAll(zone);
      const answered = wall(d!.answered_at, zone);
      for (const r of [d, w, m, y]) expect(wall(r!.valid_until!, zone).time).toBe('00:00');
      expect(wall(d!.valid_until!, zone).date).toBe(nextDay(answered.date));
      expect(wall(w!.valid_until!, zone).weekday).toBe('Mon');
      const weekDays = (Date.parse(w!.valid_until!) - Date.parse(d!.answered_at)) / 86_400_000;
      expect(weekDays).toBeGreaterThan(0);
      expect(weekDays).toBeLessThanOrEqual(7);
      expect(wall(m!.valid_until!, zone).date).toMatch(/-01$/);
      expect(wall(y!.valid_until!, zone).date).toBe(nextDay(answered.date, 366));
      expect(o!.valid_until).toBeNull();
      expect(o!.still_valid).toBe(true);
      expect(a!.valid_until).toBeNull();
      expect(a!.still_valid).toBe(false);
      expect(d!.still_valid).toBe(true);
    }
    const list = (await client.get(`/people/${personId}/compliance-responses?limit=20`)).json();
    const dailies = list.data.filter((r: { compliance_id: string }) => r.compliance_id === daily.id);
    // The zones are 25 hours apart: the same moment ends its day 1 hour (or 23 hours) apart in them.
    const gap = Date.parse(dailies[1].valid_until) - Date.parse(dailies[0].valid_until);
    expect([-3_600_000, 23 * 3_600_000]).toContain(gap);
    // Only what still counts: every-time answers never do.
    const valid = (await client.get(`/people/${personId}/compliance-responses?still_valid=true&limit=50`)).json();
    expect(valid.count).toBe(10);
    expect(valid.data.some((r: { compliance_id: string }) => r.compliance_id === always.id)).toBe(false);
  });

  it('lets admins limited to some sites and user types act only on their people', async () => {
    const { client, entity } = await adminOf();
    const inside = await personOf(client, entity.roles.employee);
    const outside = await personOf(client, entity.roles.employee);
    const nda = await addCompliance(client, agreementTextBody('NDA'));
    const scoped = await scopedAdmin(ctx.app, ctx.db.db, entity, [inside.siteId], [inside.userTypeId]);
    const body = { responses: [{ compliance_id: nda.id, accepted: true }] };
    expect((await scoped.client.post(`/people/${inside.personId}/compliance-responses`, body)).statusCode).toBe(201);
    expect((await scoped.client.get(`/people/${inside.personId}/compliance-responses`)).json().count).toBe(1);
    const refused = await scoped.client.post(`/people/${outside.personId}/compliance-responses`, body);
    expect(refused.statusCode).toBe(404);
    expect((await scoped.client.get(`/people/${outside.personId}/compliance-responses`)).statusCode).toBe(404);
    await client.post(`/people/${outside.personId}/compliance-responses`, body);
    const [firstOutside] = (await client.get(`/people/${outside.personId}/compliance-responses`)).json().data;
    expect(
      (await scoped.client.get(`/people/${outside.personId}/compliance-responses/${firstOutside.id}`)).statusCode,
    ).toBe(404);
    // Nor may it name an area outside its sites.
    const otherArea = await client.post('/areas', { site_id: outside.siteId, name: 'Gate' });
    const area = await scoped.client.post(`/people/${inside.personId}/compliance-responses`, {
      ...body,
      area_id: otherArea.json().id,
    });
    expect(area.statusCode).toBe(422);
  });
});

describe('deleting a compliance', () => {
  it('is refused while a journey asks it, naming the journeys; afterwards it is soft-deleted', async () => {
    const { client, entity } = await adminOf();
    const { personId } = await personOf(client, entity.roles.employee);
    const nda = await addCompliance(client, agreementTextBody('NDA'));
    await client.post(`/people/${personId}/compliance-responses`, {
      responses: [{ compliance_id: nda.id, accepted: true }],
    });
    const visitors = await insertJourneyAsking(ctx.db.db, entity, 'Visitors journey', [nda.id]);
    const contractors = await insertJourneyAsking(ctx.db.db, entity, 'Contractors journey', [nda.id]);

    const listed = (await client.get('/compliances')).json().data[0];
    expect(listed.journeys.map((j: { name: string }) => j.name)).toEqual(['Contractors journey', 'Visitors journey']);
    expect((await client.get(`/compliances/${nda.id}/can-edit`)).json().journeys).toHaveLength(2);
    const refused = await client.delete(`/compliances/${nda.id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      'This compliance is asked in journeys (2): Contractors journey, Visitors journey. Remove it from their flows before deleting it.',
    );
    expect((await client.get(`/compliances/${nda.id}`)).statusCode).toBe(200);

    await removeJourney(ctx.db.db, entity, visitors.journeyId);
    await removeJourney(ctx.db.db, entity, contractors.journeyId);
    expect((await client.delete(`/compliances/${nda.id}`)).statusCode).toBe(204);
    expect((await client.get(`/compliances/${nda.id}`)).statusCode).toBe(404);
    expect((await client.put(`/compliances/${nda.id}`, agreementTextBody('NDA'))).statusCode).toBe(404);
    expect((await client.delete(`/compliances/${nda.id}`)).statusCode).toBe(404);
    expect((await client.get('/compliances')).json().count).toBe(0);
    // The row and the answers stay; the name is free again.
    const [row] = await withTenant(ctx.db.db, entity.id, (tx) =>
      tx.select().from(compliances).where(eq(compliances.id, nda.id)),
    );
    expect(row!.deletedAt).not.toBeNull();
    const answers = (await client.get(`/people/${personId}/compliance-responses`)).json();
    expect(answers.data[0]).toMatchObject({ compliance_name: 'NDA', status: 'success' });
    await addCompliance(client, agreementTextBody('NDA'));
    // A deleted compliance is not answered any more.
    const late = await client.post(`/people/${personId}/compliance-responses`, {
      responses: [{ compliance_id: nda.id, accepted: true }],
    });
    expect(late.statusCode).toBe(404);
    expect(late.json().fields['responses.0.compliance_id']).toEqual(['This compliance does not exist or was deleted.']);
  });
});

describe('agreement files', () => {
  it('takes a PDF or an image by content, at most 5 MB, and serves it for each version', async () => {
    const { client } = await adminOf();
    const pdf = await client.upload('POST', '/compliances/files', 'file', makePdf(), 'NDA 2026.pdf', 'application/pdf');
    expect(pdf.statusCode, pdf.body).toBe(201);
    expect(pdf.json()).toMatchObject({ name: 'NDA 2026.pdf', mime: 'application/pdf' });
    // The declared type does not matter, the content does.
    const fake = await client.upload(
      'POST',
      '/compliances/files',
      'file',
      Buffer.from('hello'),
      'nda.pdf',
      'application/pdf',
    );
    expect(fake.statusCode).toBe(422);
    expect(fake.json().fields.file).toEqual(['The file must be a PDF, PNG or JPG.']);
    const big = await client.upload(
      'POST',
      '/compliances/files',
      'file',
      Buffer.concat([makePdf(), Buffer.alloc(5 * 1024 * 1024)]),
      'big.pdf',
      'application/pdf',
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('The file must be at most 5 MB.');
    const png = await client.upload('POST', '/compliances/files', 'file', makePng(300, 400), 'rules.png', 'image/png');
    expect(png.json()).toMatchObject({ mime: 'image/png' });

    // The body's type and size are not trusted: the stored file's are kept.
    const created = await addCompliance(
      client,
      agreementTextBody('NDA', {
        content: { agreement_type: 'file', file: { ...pdf.json(), mime: 'image/png', size: 1 } },
      }),
    );
    expect(created.content).toMatchObject({
      agreement_type: 'file',
      agreement_text: '',
      file: { mime: 'application/pdf', size: makePdf().length },
    });
    const file = await client.get(`/compliances/${created.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain("filename*=UTF-8''NDA%202026.pdf");
    expect(file.rawPayload.equals(makePdf())).toBe(true);

    const v2 = await client.put(
      `/compliances/${created.id}`,
      agreementTextBody('NDA', { content: { agreement_type: 'file', file: png.json() } }),
    );
    expect(v2.json().version).toBe(2);
    expect((await client.get(`/compliances/${created.id}/file`)).headers['content-type']).toBe('image/png');
    expect((await client.get(`/compliances/${created.id}/file?version=1`)).headers['content-type']).toBe(
      'application/pdf',
    );

    const invented = await client.post(
      '/compliances',
      agreementTextBody('Other', {
        content: {
          agreement_type: 'file',
          file: { id: 'abcdefghijklmnop.pdf', name: 'x.pdf', mime: 'application/pdf', size: 10 },
        },
      }),
    );
    expect(invented.statusCode).toBe(422);
    expect(invented.json().fields['content.file']).toEqual(['The agreement file was not found. Upload it again.']);
    const text = await addCompliance(client, agreementTextBody('Text only'));
    expect((await client.get(`/compliances/${text.id}/file`)).statusCode).toBe(404);
  });
});

describe('another company and other roles', () => {
  it('another company can neither read, change, delete, answer nor use what is ours', async () => {
    const a = await adminOf();
    const b = await adminOf();
    const theirs = await addCompliance(b.client, questionBody('Theirs'));
    const upload = await b.client.upload(
      'POST',
      '/compliances/files',
      'file',
      makePdf(),
      'theirs.pdf',
      'application/pdf',
    );
    const theirFile = await addCompliance(
      b.client,
      agreementTextBody('Their file', { content: { agreement_type: 'file', file: upload.json() } }),
    );
    const { personId: theirPerson } = await personOf(b.client, b.entity.roles.employee);
    const { personId: ourPerson } = await personOf(a.client, a.entity.roles.employee);

    expect((await a.client.get(`/compliances/${theirs.id}`)).statusCode).toBe(404);
    expect((await a.client.put(`/compliances/${theirs.id}`, questionBody('Ours'))).statusCode).toBe(404);
    expect((await a.client.delete(`/compliances/${theirs.id}`)).statusCode).toBe(404);
    expect((await a.client.get(`/compliances/${theirs.id}/can-edit`)).statusCode).toBe(404);
    expect((await a.client.get(`/compliances/${theirs.id}/versions/1`)).statusCode).toBe(404);
    expect((await a.client.get(`/compliances/${theirFile.id}/file`)).statusCode).toBe(404);
    expect((await a.client.get('/compliances')).json().count).toBe(0);
    // Their file cannot be named by us either.
    const borrowed = await a.client.post(
      '/compliances',
      agreementTextBody('Borrowed', { content: { agreement_type: 'file', file: upload.json() } }),
    );
    expect(borrowed.statusCode).toBe(422);
    // Nor their people, nor their compliances in our people's answers.
    const body = { responses: [{ compliance_id: theirs.id, answers: rightAnswers(theirs.content.questions!) }] };
    expect((await a.client.post(`/people/${theirPerson}/compliance-responses`, body)).statusCode).toBe(404);
    expect((await a.client.get(`/people/${theirPerson}/compliance-responses`)).statusCode).toBe(404);
    expect((await a.client.post(`/people/${ourPerson}/compliance-responses`, body)).statusCode).toBe(404);

    // Still theirs, unchanged, as their company's app role reads it.
    const still = await b.client.get(`/compliances/${theirs.id}`);
    expect(still.json()).toMatchObject({ name: 'Theirs', version: 1 });
    const seen = await withTenant(ctx.db.db, a.entity.id, (tx) => tx.select().from(compliances));
    expect(seen).toEqual([]);
  });

  it('an employee can neither read nor change compliances', async () => {
    const { client, people: staff } = await adminOf();
    const nda = await addCompliance(client, agreementTextBody('NDA'));
    const { client: employee } = await signIn(ctx.app, staff.employee.email, PASSWORD);
    expect((await employee.get('/compliances')).statusCode).toBe(403);
    expect((await employee.post('/compliances', statementBody('Mine'))).statusCode).toBe(403);
    expect((await employee.delete(`/compliances/${nda.id}`)).statusCode).toBe(403);
    expect(
      (await employee.upload('POST', '/compliances/files', 'file', makePdf(), 'x.pdf', 'application/pdf')).statusCode,
    ).toBe(403);
  });
});

describe('the demo compliances', () => {
  it('are valid compliances of every format, with answers judged by the same rules', async () => {
    const { client, entity } = await adminOf();
    // The seed answers for the company's visitors, contractors and deliveries.
    const site = (await client.post('/sites', { name: 'HQ' })).json().id;
    for (const typeName of ['Visitors', 'Contractors', 'Delivery']) {
      const type = await client.post('/user-types', {
        name: typeName,
        registration_method: 'registration_allowed',
        grace_period_minutes: 30,
      });
      for (let i = 0; i < 6; i++) {
        const res = await client.post('/people', {
          first_name: `${typeName} ${i}`,
          last_name: 'Demo',
          role_id: entity.roles.employee,
          site_ids: [site],
          user_type_ids: [type.json().id],
        });
        expect(res.statusCode, res.body).toBe(201);
      }
    }
    await withTenant(ctx.db.db, entity.id, (tx) => seedDemoCompliances(tx, entity.id));
    const answers = await withTenant(ctx.db.db, entity.id, (tx) => tx.select().from(complianceResponses));
    expect(answers.length).toBeGreaterThan(5);
    for (const a of answers) expect(a.status).toBe(answerStatus({ isWrong: a.isWrong, notes: a.notes }));
    expect(answers.some((a) => a.complianceVersion === 1)).toBe(true);
    const list = (await client.get('/compliances?limit=50')).json();
    expect(list.data.map((c: { name: string }) => c.name)).toEqual([
      'COVID-19 vaccination or PCR',
      'Health declaration',
      'Non-disclosure agreement',
      'PPE statement',
      'Site safety induction',
    ]);
    expect(new Set(list.data.map((c: { format: string }) => c.format))).toEqual(
      new Set(['question', 'agreement', 'statement', 'vaccine']),
    );
    const health = list.data.find((c: { name: string }) => c.name === 'Health declaration');
    expect(health.version).toBe(2);
    expect((await client.get(`/compliances/${health.id}/versions/1`)).json().content.questions).toHaveLength(2);
    const induction = list.data.find((c: { name: string }) => c.name === 'Site safety induction');
    expect(induction).toMatchObject({ frequency: 'until_expiry', validity_days: 365 });
    // Each one reads back through the API's schema, and saving it unchanged keeps its version.
    for (const item of list.data) {
      const full = (await client.get(`/compliances/${item.id}`)).json();
      const { name, format, frequency, validity_days, content, settings } = full;
      const saved = await client.put(`/compliances/${item.id}`, {
        name,
        format,
        frequency,
        validity_days,
        content,
        settings,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().version).toBe(item.version);
    }
  });

  it('keeps the API document generating', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/compliances',
        '/api/v1/compliances/{id}/can-edit',
        '/api/v1/people/{id}/compliance-responses',
      ]),
    );
  });
});
