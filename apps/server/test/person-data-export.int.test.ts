// A subject-access export (issue 16 item 4): one person's zip holds their profile, visits with hosts,
// compliance answers, documents with their files, the photo, visit permits and emergency rolls; it is
// audited; another company's person is not found; and only those who may see people can ask.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/client';
import { newId } from '../src/lib/ids';
import { makePdf } from './helpers/compliances-factories';
import { signIn } from './helpers/http-client';
import { makePng } from './helpers/images';
import { unzip } from './helpers/zip';
import { createTestApp, type TestContext } from './helpers/test-app';
import { visitsWorld, type VisitsWorld } from './helpers/visits-factories';
import { PASSWORD } from './helpers/world';

let ctx: TestContext;
let w: VisitsWorld;
let other: VisitsWorld;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await visitsWorld(ctx.app, ctx.db.db);
  other = await visitsWorld(ctx.app, ctx.db.db);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

const parse = <T>(entries: Map<string, Buffer>, name: string) => JSON.parse(entries.get(name)!.toString('utf8')) as T;

describe('a subject-access export', () => {
  it('holds everything about the person, with the files, and is audited', async () => {
    const E = w.entity.id;
    await w.flow(w.types.visitors);
    const host = await w.person('Hosting', w.types.staff);
    const person = await w.person('Sara', w.types.visitors, w.sites.hq, {
      lastName: 'Subject',
      companyName: 'Contoso',
      phoneCode: '971',
      phone: '501112233',
    });
    const photo = await w.admin.upload(
      'PUT',
      `/people/${person.id}/photo`,
      'photo',
      makePng(300, 360),
      'me.png',
      'image/png',
    );
    expect(photo.statusCode, photo.body).toBe(200);
    await w.signInOne(person.id, w.areas.reception, { host_ids: [host.id] });
    // A compliance answer and a document with its file.
    const compliance = newId();
    await ctx.db.db.execute(sql`insert into compliances (entity_id, id, name, format, frequency, content)
      values (${E}, ${compliance}, 'Site safety', 'question', 'every_visit', '{}'::jsonb)`);
    await ctx.db.db
      .execute(sql`insert into compliance_versions (entity_id, compliance_id, version, name, format, frequency, content)
      values (${E}, ${compliance}, 1, 'Site safety', 'question', 'every_visit', '{}'::jsonb)`);
    await ctx.db.db.execute(sql`insert into compliance_responses
      (entity_id, id, person_id, compliance_id, compliance_version, status, is_completed, is_wrong, answers)
      values (${E}, ${newId()}, ${person.id}, ${compliance}, 1, 'passed', true, false, '[{"answer":"Yes"}]'::jsonb)`);
    const pdf = makePdf('Vaccination certificate of Sara');
    const key = `documents/${newId()}.pdf`;
    await ctx.app.files.put(key, pdf);
    const documentId = newId();
    await ctx.db.db.execute(sql`insert into person_documents (entity_id, id, person_id, type, status, file, file_name)
      values (${E}, ${documentId}, ${person.id}, 'covid_vaccine', 'approved', ${key}, '../../etc/passwd.pdf')`);

    const res = await w.admin.get(`/people/${person.id}/data-export`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('Sara-Subject-data.zip');
    const entries = await unzip(res.rawPayload);
    expect([...entries.keys()].sort()).toEqual(
      [
        'compliance-answers.json',
        `documents/${documentId}.pdf`,
        'documents.json',
        'emergency-rolls.json',
        'face-sign-in.json',
        'person.json',
        'photo.png',
        'quick-passes.json',
        'visit-permits.json',
        'visits.json',
        'watchlist-screenings.json',
        'webhook-messages.json',
      ].sort(),
    );
    expect(parse(entries, 'watchlist-screenings.json')).toEqual([]);
    expect(parse(entries, 'webhook-messages.json')).toEqual([]);
    expect(parse(entries, 'face-sign-in.json')).toEqual({
      face_descriptor_stored: false,
      face_descriptor_since: null,
      consent: null,
    });
    expect(parse<Record<string, unknown>>(entries, 'person.json')).toMatchObject({
      id: person.id,
      full_name: 'Sara Subject',
      company_name: 'Contoso',
      phone: '501112233',
    });
    const visits = parse<{ area: string; hosts: string[]; signed_in_at: string | null }[]>(entries, 'visits.json');
    expect(visits).toHaveLength(1);
    expect(visits[0]).toMatchObject({ area: 'Reception', hosts: ['Hosting Tester'] });
    expect(visits[0]!.signed_in_at).not.toBeNull();
    expect(parse<unknown[]>(entries, 'compliance-answers.json')).toEqual([
      expect.objectContaining({ compliance: 'Site safety', status: 'passed', answers: [{ answer: 'Yes' }] }),
    ]);
    const documents = parse<Record<string, unknown>[]>(entries, 'documents.json');
    expect(documents).toEqual([
      expect.objectContaining({ id: documentId, file_in_export: `documents/${documentId}.pdf` }),
    ]);
    expect(documents[0]).not.toHaveProperty('file');
    expect(entries.get(`documents/${documentId}.pdf`)!.equals(pdf)).toBe(true);
    expect(entries.get('photo.png')!.subarray(1, 4).toString('latin1')).toBe('PNG');

    const [audit] = rowsOf<{ n: number }>(
      await ctx.db.db.execute(
        sql`select count(*)::int as n from audit_log where entity_id = ${E} and action = 'person.data_exported' and target_id = ${person.id}`,
      ),
    );
    expect(Number(audit!.n)).toBe(1);
  });

  it('is for this company’s people only, and for those who may see people', async () => {
    const person = await w.person('Private');
    expect((await other.admin.get(`/people/${person.id}/data-export`)).statusCode).toBe(404);
    const { client: reporting } = await signIn(ctx.app, w.people.employee_reporting.email, PASSWORD);
    expect((await reporting.get(`/people/${person.id}/data-export`)).statusCode).toBe(403);
    expect((await w.admin.get(`/people/${newId()}/data-export`)).statusCode).toBe(404);
  });
});
