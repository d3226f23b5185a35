import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { withTenant } from '../src/db/client';
import { auditLog, complianceResponses, outboxEmails, visits } from '../src/db/schema/index';
import { signIn, type TestClient } from './helpers/http-client';
import { createTestApp, type TestContext } from './helpers/test-app';
import { insertVisit, readVisit, visitsWorld, type VisitBody, type VisitsWorld } from './helpers/visits-factories';
import { scopedAdmin } from './helpers/people-world';
import { PASSWORD } from './helpers/world';
import { watchLiveEvents } from './helpers/live-events';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const world = (timezone?: string) => visitsWorld(ctx.app, ctx.db.db, { timezone });

type Refusal = {
  code: string;
  message: string;
  errors: Record<string, string>;
  people: { person_id: string; full_name: string | null; fields: Record<string, string[]> }[];
};

const REASON = 'Checked by the site nurse, no fever';

/** A fixed-offset zone whose clock reads between 10:00 and 13:59 now, so schedule tests never sit on an edge. */
function middayZone(): string {
  const hour = new Date().getUTCHours();
  const offset = ((12 - hour + 36) % 24) - 12; // local = UTC + offset lands on 12:xx (or 11:xx/13:xx at extremes)
  // Etc/GMT signs are inverted: Etc/GMT-4 is UTC+4.
  const zone = offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
  return zone;
}

async function auditOf(w: VisitsWorld, visitId: string) {
  return withTenant(ctx.db.db, w.entity.id, (tx) =>
    tx
      .select({ action: auditLog.action, after: auditLog.after, actorKind: auditLog.actorKind })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, w.entity.id), eq(auditLog.targetId, visitId)))
      .orderBy(desc(auditLog.createdAt)),
  );
}

/** A reason of a mode, from 08:00 for ten hours (so it applies at midday), its code from its name. */
async function addReason(w: { admin: TestClient }, modeId: string, name: string, type: string) {
  const res = await w.admin.post(`/attendance-modes/${modeId}/reasons`, {
    name,
    type,
    start_time: '08:00',
    duration_minutes: 600,
    attendance_code: name.slice(0, 3).toUpperCase(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

describe('signing in and out', () => {
  it('signs a person in and out, with an audit row and a live event each time', async () => {
    const w = await world();
    const ada = await w.person('Ada');
    const live = watchLiveEvents(ctx.app);
    const visit = await w.signInOne(ada.id);
    expect(visit).toMatchObject({
      state: 'on_site',
      person: { id: ada.id, full_name: 'Ada Tester' },
      area: { id: w.areas.reception, name: 'Reception' },
      site: { id: w.sites.hq, name: 'HQ' },
      user_type: { id: w.types.visitors, name: 'Visitors' },
      badge_label: 'sign_out',
      login_mode: 'signIn_signOut',
      sign_out_source: null,
    });
    expect(await live.visitIds(w.entity.id)).toEqual([
      { action: 'signed_in', visit_ids: [visit.id], area_ids: [w.areas.reception] },
    ]);
    expect((await auditOf(w, visit.id)).map((a) => a.action)).toEqual(['visit.signed_in']);

    const out = await w.admin.post('/visits/sign-out', { person_ids: [ada.id] });
    expect(out.statusCode, out.body).toBe(200);
    const left = out.json<{ message: string; data: VisitBody[] }>();
    expect(left.message).toBe('Signed out: 1');
    expect(left.data[0]).toMatchObject({
      id: visit.id,
      state: 'left',
      sign_out_source: 'dashboard',
      badge_label: 'sign_in',
    });
    expect(left.data[0]!.signed_out).not.toBeNull();
    expect((await live.visitIds(w.entity.id)).at(-1)).toEqual({
      action: 'signed_out',
      visit_ids: [visit.id],
      area_ids: [w.areas.reception],
    });
    expect((await auditOf(w, visit.id)).map((a) => a.action).sort()).toEqual(['visit.signed_in', 'visit.signed_out']);
    live.restore();

    // Signed out already: refused by name, nothing changes.
    const again = await w.admin.post('/visits/sign-out', { person_ids: [ada.id] });
    expect(again.statusCode).toBe(422);
    expect(Object.values(again.json<Refusal>().errors)).toEqual(['Ada Tester: Not signed in at the moment.']);
    const byVisit = await w.admin.post('/visits/sign-out', { visit_ids: [visit.id] });
    expect(byVisit.json<Refusal>().errors).toEqual({
      [`${ada.id}.visit_ids.${visit.id}`]: 'Ada Tester: This visit is not on site.',
    });
  });

  it('signs a person in once when eight requests sign them in at the same moment', async () => {
    const w = await world();
    const ada = await w.person('Ada');
    const tries = await Promise.all(Array.from({ length: 8 }, () => w.signInPeople([{ person_id: ada.id }])));
    expect(tries.map((r) => r.statusCode).sort()).toEqual([201, 422, 422, 422, 422, 422, 422, 422]);
    const onSite = await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx
        .select({ id: visits.id })
        .from(visits)
        .where(and(eq(visits.entityId, w.entity.id), eq(visits.personId, ada.id), eq(visits.state, 'on_site'))),
    );
    expect(onSite).toHaveLength(1);
  });

  it('refuses to sign in someone already on site in that area, or elsewhere, and says where', async () => {
    const w = await world();
    const bo = await w.person('Bo');
    await w.signInOne(bo.id);
    const twice = await w.signInPeople([{ person_id: bo.id }]);
    expect(twice.statusCode).toBe(422);
    expect(twice.json<Refusal>()).toMatchObject({
      code: 'rule_violation',
      message: 'Bo Tester: Already signed in to this area.',
      errors: { [`${bo.id}.person_id`]: 'Bo Tester: Already signed in to this area.' },
    });
    const elsewhere = await w.signInPeople([{ person_id: bo.id }], w.areas.warehouse);
    expect(Object.values(elsewhere.json<Refusal>().errors)).toEqual([
      'Bo Tester: Already signed in at Reception: sign them out there first.',
    ]);
    const preview = await w.admin.post('/visits/sign-in/preview', { area_id: w.areas.reception, person_ids: [bo.id] });
    expect(
      preview.json<{ people: { signed_in: boolean; action: string; badge_label: string }[] }>().people[0],
    ).toMatchObject({
      signed_in: true,
      action: 'sign_out',
      badge_label: 'sign_out',
    });
  });

  it('checks people in at check-in-only areas, as often as they come', async () => {
    const w = await world();
    const cy = await w.person('Cy');
    const first = await w.signInOne(cy.id, w.areas.dock);
    expect(first).toMatchObject({ state: 'checked_in', login_mode: 'checkIn_only', badge_label: 'check_in' });
    const second = await w.signInOne(cy.id, w.areas.dock);
    expect(second.id).not.toBe(first.id);
    const res = await w.signInPeople([{ person_id: cy.id }], w.areas.dock);
    expect(res.json<{ message: string }>().message).toBe('Checked in: 1');
  });

  it('signs many people in at once, or none of them when one is refused, naming each', async () => {
    const w = await world();
    const [a, b] = [await w.person('Ann'), await w.person('Ben')];
    const archived = await w.person('Cal', w.types.visitors, w.sites.hq, { status: 'archived' });
    const refused = await w.signInPeople([{ person_id: a.id }, { person_id: archived.id }, { person_id: b.id }]);
    expect(refused.statusCode).toBe(422);
    const body = refused.json<Refusal>();
    expect(Object.values(body.errors)).toEqual([
      'Cal Tester: This person is archived: activate them before signing them in.',
    ]);
    expect(body.people).toEqual([
      {
        person_id: archived.id,
        full_name: 'Cal Tester',
        fields: { person_id: ['This person is archived: activate them before signing them in.'] },
      },
    ]);
    const list = await w.admin.get('/visits');
    expect(list.json<{ count: number }>().count).toBe(0);

    const ok = await w.signInPeople([{ person_id: a.id }, { person_id: b.id }]);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json<{ message: string; data: VisitBody[] }>()).toMatchObject({
      message: 'Signed in: 2',
      data: [{ person: { id: a.id } }, { person: { id: b.id } }],
    });
    // The same person twice in one request is a bad request.
    const dup = await w.signInPeople([{ person_id: a.id }, { person_id: a.id }]);
    expect(dup.statusCode).toBe(400);
  });

  it('refuses people and areas of another company, and an inactive area', async () => {
    const w = await world();
    const other = await world();
    const theirs = await other.person('Stranger');
    const res = await w.signInPeople([{ person_id: theirs.id }]);
    expect(res.statusCode).toBe(422);
    expect(res.json<Refusal>().people[0]).toMatchObject({ person_id: theirs.id, full_name: null });
    expect(Object.values(res.json<Refusal>().errors)).toEqual([
      'This person was not found, or you do not manage them.',
    ]);
    const mine = await w.person('Mine');
    expect((await w.signInPeople([{ person_id: mine.id }], other.areas.reception)).statusCode).toBe(404);
    expect(
      (await w.admin.post('/visits/sign-in/preview', { area_id: other.areas.reception, person_ids: [mine.id] }))
        .statusCode,
    ).toBe(404);
    const visit = await other.signInOne(theirs.id);
    expect((await w.admin.post('/visits/sign-out', { visit_ids: [visit.id] })).statusCode).toBe(404);
    expect((await w.admin.post('/visits/sign-out', { person_ids: [theirs.id] })).statusCode).toBe(422);
    expect((await readVisit(ctx.db.db, other.entity, visit.id)).state).toBe('on_site');

    const res2 = await w.admin.put(`/areas/${w.areas.lobby}`, {
      name: 'Lobby',
      login_mode: 'signIn_signOut',
      status: false,
    });
    expect(res2.statusCode, res2.body).toBe(200);
    const inactive = await w.signInPeople([{ person_id: mine.id }], w.areas.lobby);
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json<{ fields: Record<string, string[]> }>().fields.area_id).toEqual([
      'This area is inactive: make it active before signing people in.',
    ]);
  });

  it('keeps an admin limited to some sites and user types to them', async () => {
    const w = await world();
    const limited = await scopedAdmin(ctx.app, ctx.db.db, w.entity, [w.sites.branch], [w.types.visitors]);
    const visitor = await w.person('Vi', w.types.visitors, w.sites.branch);
    const staff = await w.person('St', w.types.staff, w.sites.branch);
    expect((await w.signInPeople([{ person_id: visitor.id }], w.areas.reception, limited.client)).statusCode).toBe(404);
    const res = await w.signInPeople(
      [{ person_id: visitor.id }, { person_id: staff.id }],
      w.areas.lobby,
      limited.client,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json<Refusal>().people.map((p) => p.person_id)).toEqual([staff.id]);
    const ok = await w.signInPeople([{ person_id: visitor.id }], w.areas.lobby, limited.client);
    expect(ok.statusCode, ok.body).toBe(201);
    // The owner signs the staff member in; the limited admin neither sees nor signs them out.
    const staffVisit = await w.signInOne(staff.id, w.areas.lobby);
    expect((await limited.client.post('/visits/sign-out', { visit_ids: [staffVisit.id] })).statusCode).toBe(404);
  });
});

describe('the flow at sign-in', () => {
  it('reads the temperature with the Fahrenheit rule and needs an override reason above the threshold', async () => {
    const w = await world();
    await w.flow(w.types.visitors, { checks: { temperature_check: true, temperature_threshold: '99.5F' } });
    const [a, b, c, d] = [await w.person('Tam'), await w.person('Tom'), await w.person('Tim'), await w.person('Tia')];
    const preview = await w.admin.post('/visits/sign-in/preview', { area_id: w.areas.reception, person_ids: [a.id] });
    expect(preview.json<{ people: { checks: unknown }[] }>().people[0]!.checks).toEqual({
      temperature: { threshold_c: 37.5, default_reading_c: 36 },
      mask: false,
    });

    const hot = await w.signInPeople([{ person_id: a.id, temperature: { value: '100.4F' } }]);
    expect(hot.statusCode).toBe(422);
    expect(hot.json<Refusal>().people[0]!.fields.override_reason).toEqual([
      'The temperature 38 °C is above the limit of 37.5 °C: give a reason of at least 20 characters to let them in.',
    ]);
    const short = await w.signInPeople([{ person_id: a.id, temperature: { value: 38 }, override_reason: 'fine' }]);
    expect(short.statusCode).toBe(422);
    const let_in = await w.signInOne(a.id, w.areas.reception, { temperature: { value: 38 }, override_reason: REASON });
    expect(let_in.temperature_c).toBe(38);
    expect((await readVisit(ctx.db.db, w.entity, let_in.id)).overrideReason).toBe(REASON);

    expect(
      (await w.signInOne(b.id, w.areas.reception, { temperature: { value: 98.6, unit: 'F' } })).temperature_c,
    ).toBe(37);
    // No reading given: the default 36 °C.
    expect((await w.signInOne(c.id)).temperature_c).toBe(36);
    const bad = await w.signInPeople([{ person_id: d.id, temperature: { value: 'warm' } }]);
    expect(bad.json<Refusal>().people[0]!.fields.temperature).toHaveLength(1);
  });

  it('needs a mask, or an override reason of 20 characters', async () => {
    const w = await world();
    await w.flow(w.types.visitors, { checks: { mask_check: true } });
    const [a, b] = [await w.person('Max'), await w.person('Mia')];
    const res = await w.signInPeople([{ person_id: a.id, mask: false }]);
    expect(res.json<Refusal>().people[0]!.fields.override_reason).toEqual([
      'No mask: give a reason of at least 20 characters to let them in.',
    ]);
    await w.signInOne(a.id, w.areas.reception, { mask: true });
    const v = await w.signInOne(b.id, w.areas.reception, { mask: false, override_reason: REASON });
    expect((await readVisit(ctx.db.db, w.entity, v.id)).mask).toBe(false);
  });

  it('asks the compliances due, records the answers with the visit, and counts an earlier valid one', async () => {
    const w = await world();
    const statement = (
      await w.admin.post('/compliances', {
        name: 'Safety rules',
        format: 'statement',
        frequency: 'every_time',
        content: { statement: 'I will wear the protective equipment the site requires.' },
      })
    ).json<{ id: string }>().id;
    const question = await w.admin.post('/compliances', {
      name: 'Health check',
      format: 'question',
      frequency: 'daily',
      content: {
        questions: [
          {
            question: 'Do you have a fever?',
            answers: [
              { answer: 'Yes', correct: false },
              { answer: 'No', correct: true },
            ],
          },
        ],
      },
    });
    expect(question.statusCode, question.body).toBe(201);
    const q = question.json<{
      id: string;
      content: { questions: { id: string; answers: { id: string; correct: boolean }[] }[] };
    }>();
    const qid = q.content.questions[0]!.id;
    const yes = q.content.questions[0]!.answers.find((x) => !x.correct)!.id;
    const no = q.content.questions[0]!.answers.find((x) => x.correct)!.id;
    await w.flow(w.types.visitors, { compliances: [{ id: statement }, { id: q.id }] });
    const ada = await w.person('Ada');

    const preview = async () =>
      (await w.admin.post('/visits/sign-in/preview', { area_id: w.areas.reception, person_ids: [ada.id] })).json<{
        people: { compliances: { id: string; status: string; required: boolean; asked: { name: string } }[] }[];
      }>().people[0]!.compliances;
    expect((await preview()).map((c) => [c.asked.name, c.status, c.required])).toEqual([
      ['Safety rules', 'due', true],
      ['Health check', 'due', true],
    ]);

    const missing = await w.signInPeople([{ person_id: ada.id }]);
    expect(Object.values(missing.json<Refusal>().errors)).toEqual([
      'Ada Tester: Answer the compliance "Safety rules".',
      'Ada Tester: Answer the compliance "Health check".',
    ]);
    const wrong = await w.signInPeople([
      {
        person_id: ada.id,
        compliances: [
          { compliance_id: statement, accepted: true },
          { compliance_id: q.id, answers: [{ question_id: qid, answer_id: yes }], notes: 'short' },
        ],
      },
    ]);
    expect(Object.values(wrong.json<Refusal>().errors)).toEqual([
      'Ada Tester: The answer to "Health check" fails the policy: add notes of at least 20 characters to justify it.',
    ]);
    // Justified: wrong, with notes of 20 characters or more (spec §4).
    const visit = await w.signInOne(ada.id, w.areas.reception, {
      compliances: [
        { compliance_id: statement, accepted: true },
        {
          compliance_id: q.id,
          answers: [{ question_id: qid, answer_id: yes }],
          notes: 'Hay fever, seen by the nurse today',
        },
      ],
    });
    const answers = await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx
        .select({
          id: complianceResponses.complianceId,
          status: complianceResponses.status,
          visitId: complianceResponses.visitId,
        })
        .from(complianceResponses)
        .where(eq(complianceResponses.personId, ada.id)),
    );
    expect(answers.map((a) => [a.id, a.status, a.visitId]).sort()).toEqual(
      [
        [statement, 'success', visit.id],
        [q.id, 'justified', visit.id],
      ].sort(),
    );
    await w.admin.post('/visits/sign-out', { person_ids: [ada.id] });

    // The daily answer still counts today; the every-time statement is asked again.
    expect((await preview()).map((c) => [c.asked.name, c.status])).toEqual([
      ['Safety rules', 'due'],
      ['Health check', 'valid'],
    ]);
    const again = await w.signInPeople([
      { person_id: ada.id, compliances: [{ compliance_id: statement, accepted: true }] },
    ]);
    expect(again.statusCode, again.body).toBe(201);
    // An answer to a compliance the flow does not ask is refused.
    const bob = await w.person('Bob');
    const stray = await w.signInPeople([
      {
        person_id: bob.id,
        compliances: [
          { compliance_id: statement, accepted: true },
          { compliance_id: q.id, answers: [{ question_id: qid, answer_id: no }] },
          { compliance_id: ada.id, accepted: true },
        ],
      },
    ]);
    expect(stray.json<Refusal>().people[0]!.fields).toHaveProperty(`compliances.${ada.id}`);
  });

  it('asks for hosts as the flow says and emails them on arrival', async () => {
    const w = await world();
    const host = await w.person('Hana', w.types.staff);
    const other = await w.person('Olga', w.types.staff);
    await w.flow(w.types.visitors, {
      checks: { host: true, select_host_permitted: true },
      host_ids: [host.id],
      host_note: 'Who are you meeting?',
      notifications: { notify_host_on_arrival: true },
    });
    const v = await w.person('Vic');
    const preview = await w.admin.post('/visits/sign-in/preview', { area_id: w.areas.reception, person_ids: [v.id] });
    expect(preview.json<{ people: { host: unknown }[] }>().people[0]!.host).toEqual({
      required: true,
      allow_not_select_host: false,
      select_host_permitted: true,
      note: 'Who are you meeting?',
      options: [{ id: host.id, full_name: 'Hana Tester', email: host.email }],
    });
    const none = await w.signInPeople([{ person_id: v.id }]);
    expect(none.json<Refusal>().people[0]!.fields.host_ids).toEqual(['Choose the host being visited.']);
    const notListed = await w.signInPeople([{ person_id: v.id, host_ids: [other.id] }]);
    expect(notListed.json<Refusal>().people[0]!.fields.host_ids).toEqual([
      "Choose the host from this journey's list of hosts.",
    ]);
    const visit = await w.signInOne(v.id, w.areas.reception, {
      host_ids: [host.id],
      host_message: 'At the front desk',
    });
    expect(visit.hosts).toEqual([{ id: host.id, full_name: 'Hana Tester' }]);
    const mails = await ctx.db.db.select().from(outboxEmails).where(eq(outboxEmails.to, host.email!));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Vic Tester has arrived');
    expect(mails[0]!.text).toContain('Vic Tester has arrived at HQ › Reception');
    expect(mails[0]!.text).toContain('Their message: At the front desk');
  });

  it('offers late and early reasons on the schedule, preselects a single one, and records it', async () => {
    const w = await world(middayZone());
    const mode = await w.admin.post('/attendance-modes', {
      name: 'Day shift',
      site_ids: [w.sites.hq],
      days: [1, 2, 3, 4, 5, 6, 7],
      start_time: '08:00',
      end_time: '18:00',
    });
    expect(mode.statusCode, mode.body).toBe(201);
    const modeId = mode.json<{ id: string }>().id;
    const reason = (name: string, type: string) => addReason(w, modeId, name, type);
    const traffic = await reason('Traffic', 'late_sign_in');
    const doctor = await reason('Doctor', 'early_sign_out');
    await w.flow(w.types.staff, { attendance_mode_ids: [modeId] });
    const sam = await w.person('Sam', w.types.staff);
    type Reasons = { type: string; options: { id: string }[]; preselected: string | null };
    const reasonsNow = async () =>
      (await w.admin.post('/visits/sign-in/preview', { area_id: w.areas.reception, person_ids: [sam.id] })).json<{
        people: { reasons: Reasons }[];
      }>().people[0]!.reasons;
    expect(await reasonsNow()).toMatchObject({
      type: 'late_sign_in',
      options: [{ id: traffic }],
      preselected: traffic,
    });
    const wrongType = await w.signInPeople([{ person_id: sam.id, reason_id: doctor }]);
    expect(wrongType.json<Refusal>().people[0]!.fields.reason_id).toEqual([
      "This reason is not one of this person's attendance reasons.",
    ]);
    const visit = await w.signInOne(sam.id);
    expect(visit.late_reason).toMatchObject({ id: traffic, name: 'Traffic' });
    expect(await reasonsNow()).toMatchObject({
      type: 'early_sign_out',
      options: [{ id: doctor }],
      preselected: doctor,
    });
    const out = await w.admin.post('/visits/sign-out', { visit_ids: [visit.id] });
    expect(out.json<{ data: VisitBody[] }>().data[0]!.early_reason).toMatchObject({ id: doctor });
  });

  it('makes the person pick when several late (or early) reasons apply', async () => {
    const w = await world(middayZone());
    const lateReasonOf = async (modeName: string, reasonName: string) => {
      const mode = await w.admin.post('/attendance-modes', {
        name: modeName,
        site_ids: [w.sites.hq],
        days: [1, 2, 3, 4, 5, 6, 7],
        start_time: '08:00',
        end_time: '18:00',
      });
      expect(mode.statusCode, mode.body).toBe(201);
      const modeId = mode.json<{ id: string }>().id;
      const add = (name: string, type: string) => addReason(w, modeId, name, type);
      return {
        modeId,
        reasonId: await add(reasonName, 'late_sign_in'),
        earlyId: await add(`${reasonName} home`, 'early_sign_out'),
      };
    };
    const day = await lateReasonOf('Day shift', 'Traffic');
    const cover = await lateReasonOf('Cover shift', 'Bus strike');
    await w.flow(w.types.staff, { attendance_mode_ids: [day.modeId, cover.modeId] });
    const sam = await w.person('Sam', w.types.staff);
    const preview = await w.admin.post('/visits/sign-in/preview', { area_id: w.areas.reception, person_ids: [sam.id] });
    const reasons = preview.json<{ people: { reasons: { options: { id: string }[]; preselected: string | null } }[] }>()
      .people[0]!.reasons;
    expect(reasons.options.map((o) => o.id).sort()).toEqual([day.reasonId, cover.reasonId].sort());
    expect(reasons.preselected).toBeNull();

    const unpicked = await w.signInPeople([{ person_id: sam.id }]);
    expect(unpicked.statusCode).toBe(422);
    expect(unpicked.json<Refusal>().people[0]!.fields.reason_id).toEqual(['Several reasons apply now: choose one.']);
    const visit = await w.signInOne(sam.id, w.areas.reception, { reason_id: cover.reasonId });
    expect(visit.late_reason).toMatchObject({ id: cover.reasonId, name: 'Bus strike' });

    // Leaving early, the same: both modes' early reasons apply, so one must be chosen.
    const leave = await w.admin.post('/visits/sign-out', { visit_ids: [visit.id] });
    expect(leave.statusCode).toBe(422);
    expect(leave.json<Refusal>().people[0]!.fields.reason_id).toEqual(['Several reasons apply now: choose one.']);
    const out = await w.admin.post('/visits/sign-out', { visit_ids: [visit.id], reason_id: day.earlyId });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json<{ data: VisitBody[] }>().data[0]!.early_reason).toMatchObject({ id: day.earlyId });
  });

  it('asks the custom fields of sign-in and keeps the values with the visit', async () => {
    const w = await world();
    const { insertProfileField } = await import('./helpers/people-world');
    const fieldId = await insertProfileField(ctx.db.db, w.entity, {
      name: 'Vehicle plate',
      type: 'text',
      required: true,
      binding: 'sign_in',
    });
    const p = await w.person('Pat');
    const preview = await w.admin.post('/visits/sign-in/preview', { area_id: w.areas.reception, person_ids: [p.id] });
    expect(
      preview.json<{ people: { custom_fields: { id: string; required: boolean }[] }[] }>().people[0]!.custom_fields,
    ).toMatchObject([{ id: fieldId, required: true }]);
    const missing = await w.signInPeople([{ person_id: p.id }]);
    expect(missing.json<Refusal>().people[0]!.fields).toHaveProperty(`custom_fields.${fieldId}`);
    const v = await w.signInOne(p.id, w.areas.reception, {
      custom_fields: [{ custom_field_id: fieldId, value: ' DXB 1234 ' }],
    });
    expect((await readVisit(ctx.db.db, w.entity, v.id)).extra).toEqual({
      custom_fields: [{ custom_field_id: fieldId, value: 'DXB 1234' }],
    });
  });
});

describe('expected visits at sign-in', () => {
  it("turns today's expected visit into the arrival, unless it awaits approval or was rejected", async () => {
    const w = await world();
    const e = await w.person('Eve');
    const expected = await insertVisit(ctx.db.db, w.entity, {
      personId: e.id,
      siteId: w.sites.hq,
      areaId: w.areas.reception,
      userTypeId: w.types.visitors,
      state: 'expected',
      stage: 'awaiting_approval',
      expectedAt: new Date(),
    });
    const host = await w.person('Hal');
    await withTenant(ctx.db.db, w.entity.id, async (tx) => {
      const { visitHosts } = await import('../src/db/schema/index');
      await tx.insert(visitHosts).values({ entityId: w.entity.id, visitId: expected.id, personId: host.id });
    });
    const preview = await w.admin.post('/visits/sign-in/preview', { area_id: w.areas.warehouse, person_ids: [e.id] });
    expect(preview.json<{ people: { blocker: unknown; expected_visit: { id: string } }[] }>().people[0]).toMatchObject({
      blocker: { code: 'awaiting_approval', message: "Today's visit is still awaiting an administrator's approval." },
      expected_visit: { id: expected.id, hosts: [{ id: host.id, full_name: 'Hal Tester' }] },
    });
    expect((await w.signInPeople([{ person_id: e.id }], w.areas.warehouse)).statusCode).toBe(422);

    await withTenant(ctx.db.db, w.entity.id, async (tx) => {
      const { visits } = await import('../src/db/schema/index');
      await tx.update(visits).set({ stage: 'rejected' }).where(eq(visits.id, expected.id));
    });
    const rejected = await w.signInPeople([{ person_id: e.id }], w.areas.warehouse);
    expect(Object.values(rejected.json<Refusal>().errors)).toEqual([
      "Eve Tester: Today's visit was rejected by an administrator.",
    ]);

    await withTenant(ctx.db.db, w.entity.id, async (tx) => {
      const { visits } = await import('../src/db/schema/index');
      await tx.update(visits).set({ stage: 'approved' }).where(eq(visits.id, expected.id));
    });
    const arrived = await w.signInOne(e.id, w.areas.warehouse);
    expect(arrived).toMatchObject({
      id: expected.id,
      state: 'on_site',
      stage: 'approved',
      area: { id: w.areas.warehouse },
    });
    expect(arrived.expected).not.toBeNull();
  });

  it('signs in the expected visit chosen (a logbook row) with its hosts, not another of the day', async () => {
    const w = await world('UTC');
    const e = await w.person('Eve');
    const now = Date.now();
    // Both today (UTC): the other is nearer to now, so it is the one taken when none is chosen.
    const chosenAt = new Date(new Date(now).getUTCHours() >= 1 ? now - 40 * 60_000 : now + 40 * 60_000);
    const expect2 = (expectedAt: Date) =>
      insertVisit(ctx.db.db, w.entity, {
        personId: e.id,
        siteId: w.sites.hq,
        areaId: w.areas.reception,
        userTypeId: w.types.visitors,
        state: 'expected',
        stage: 'ready_to_sign_in',
        expectedAt,
      });
    const other = await expect2(new Date(now));
    const chosen = await expect2(chosenAt);
    const [hostOfOther, hostOfChosen] = [await w.person('Olga'), await w.person('Carl')];
    await withTenant(ctx.db.db, w.entity.id, async (tx) => {
      const { visitHosts } = await import('../src/db/schema/index');
      await tx.insert(visitHosts).values([
        { entityId: w.entity.id, visitId: other.id, personId: hostOfOther.id },
        { entityId: w.entity.id, visitId: chosen.id, personId: hostOfChosen.id },
      ]);
    });
    type Preview = { people: { expected_visit: { id: string; hosts: { id: string }[] } | null }[] };
    const preview = async (ids?: string[]) =>
      (
        await w.admin.post('/visits/sign-in/preview', {
          area_id: w.areas.reception,
          person_ids: [e.id],
          ...(ids ? { expected_visit_ids: ids } : {}),
        })
      ).json<Preview>().people[0]!.expected_visit;
    expect(await preview()).toMatchObject({ id: other.id, hosts: [{ id: hostOfOther.id }] });
    expect(await preview([chosen.id])).toMatchObject({ id: chosen.id, hosts: [{ id: hostOfChosen.id }] });

    // A visit that is not one of theirs today at this site is refused, naming the field.
    const stranger = await w.person('Sam');
    const notTheirs = await insertVisit(ctx.db.db, w.entity, {
      personId: stranger.id,
      siteId: w.sites.hq,
      areaId: w.areas.reception,
      state: 'expected',
      expectedAt: new Date(now),
    });
    const refused = await w.signInPeople([{ person_id: e.id, expected_visit_id: notTheirs.id }]);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json<{ fields: Record<string, string[]> }>().fields).toHaveProperty('expected_visit_id');

    const arrived = await w.signInOne(e.id, w.areas.reception, { expected_visit_id: chosen.id });
    expect(arrived).toMatchObject({ id: chosen.id, state: 'on_site', hosts: [{ id: hostOfChosen.id }] });
    expect((await readVisit(ctx.db.db, w.entity, other.id)).state).toBe('expected');
  });

  it('counts what was answered online for the expected visit, even an every-time compliance', async () => {
    const w = await world();
    const statement = (
      await w.admin.post('/compliances', {
        name: 'Site rules',
        format: 'statement',
        frequency: 'every_time',
        content: { statement: 'I will follow the instructions of the site staff.' },
      })
    ).json<{ id: string }>().id;
    await w.flow(w.types.visitors, { compliances: [{ id: statement }] });
    const eve = await w.person('Eve');
    const expected = await insertVisit(ctx.db.db, w.entity, {
      personId: eve.id,
      siteId: w.sites.hq,
      areaId: w.areas.reception,
      userTypeId: w.types.visitors,
      state: 'expected',
      stage: 'ready_to_sign_in',
      expectedAt: new Date(),
    });
    const preview = async () =>
      (await w.admin.post('/visits/sign-in/preview', { area_id: w.areas.reception, person_ids: [eve.id] })).json<{
        people: { compliances: { id: string; status: string }[] }[];
      }>().people[0]!.compliances;
    expect((await preview()).map((c) => c.status)).toEqual(['due']);
    // Answered before arriving (the online compliance page records it against the visit).
    const answered = await w.admin.post(`/people/${eve.id}/compliance-responses`, {
      visit_id: expected.id,
      responses: [{ compliance_id: statement, accepted: true }],
    });
    expect(answered.statusCode, answered.body).toBe(201);
    expect((await preview()).map((c) => c.status)).toEqual(['valid']);
    const arrived = await w.signInOne(eve.id, w.areas.reception);
    expect(arrived).toMatchObject({ id: expected.id, state: 'on_site' });
    await w.admin.post('/visits/sign-out', { person_ids: [eve.id] });
    // The next visit asks again: every time means every visit.
    expect((await preview()).map((c) => c.status)).toEqual(['due']);
  });

  it('leaves an expected visit of another day or site alone', async () => {
    const w = await world();
    const f = await w.person('Fay');
    const tomorrow = await insertVisit(ctx.db.db, w.entity, {
      personId: f.id,
      siteId: w.sites.hq,
      areaId: w.areas.reception,
      state: 'expected',
      stage: 'ready_to_sign_in',
      expectedAt: new Date(Date.now() + 48 * 60 * 60 * 1000),
    });
    const visit = await w.signInOne(f.id);
    expect(visit.id).not.toBe(tomorrow.id);
    expect((await readVisit(ctx.db.db, w.entity, tomorrow.id)).state).toBe('expected');
  });
});

describe('who may sign people in', () => {
  it('needs the dashboard permission', async () => {
    const w = await world();
    const p = await w.person('Perm');
    await withTenant(ctx.db.db, w.entity.id, async (tx) => {
      const { rolePermissions } = await import('../src/db/schema/index');
      await tx
        .update(rolePermissions)
        .set({ allowed: 0 })
        .where(
          and(
            eq(rolePermissions.entityId, w.entity.id),
            eq(rolePermissions.roleId, w.entity.roles.employee),
            eq(rolePermissions.permission, 'dashboard'),
          ),
        );
    });
    const { client } = await signIn(ctx.app, w.people.employee.email, PASSWORD);
    expect(
      (await client.post('/visits/sign-in', { area_id: w.areas.reception, people: [{ person_id: p.id }] })).statusCode,
    ).toBe(403);
    const fire = (await signIn(ctx.app, w.people.fire_warden.email, PASSWORD)).client;
    expect(
      (await fire.post('/visits/sign-in', { area_id: w.areas.reception, people: [{ person_id: p.id }] })).statusCode,
    ).toBe(201);
  });
});
