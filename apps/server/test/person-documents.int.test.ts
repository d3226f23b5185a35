// A person's vaccine and test documents on the users screens (spec §7 POST /user_document,
// GET /get_type_for_user_document, PUT /user_document/{id}; §4 the vaccine toggle and DELETED).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { withTenant } from '../src/db/client';
import { auditLog, complianceResponses, personDocuments } from '../src/db/schema/index';
import { newId } from '../src/lib/ids';
import { addCompliance, makePdf, questionBody, vaccineBody } from './helpers/compliances-factories';
import { postForm } from './helpers/expected-visits-factories';
import { makePng } from './helpers/images';
import { scopedAdmin } from './helpers/people-world';
import { signIn, type TestClient } from './helpers/http-client';
import { createTestApp, type TestContext } from './helpers/test-app';
import { visitsWorld, type VisitsWorld } from './helpers/visits-factories';
import { createPerson, PASSWORD } from './helpers/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Doc = {
  id: string;
  status: string;
  enabled: boolean;
  compliance_name: string | null;
  file_url: string | null;
  file_name: string | null;
  type: string;
};

const pdf = {
  field: 'file',
  data: makePdf('Vaccination certificate'),
  name: 'certificate.pdf',
  type: 'application/pdf',
};
const VACCINE = { type: 'covid_vaccine', protocol: 'comirnaty', start_date: '2024-01-10' };

async function world() {
  const w = await visitsWorld(ctx.app, ctx.db.db);
  const vaccine = await addCompliance(w.admin, vaccineBody('Covid certificate', { frequency: 'monthly' }));
  return { ...w, vaccine };
}
type World = Awaited<ReturnType<typeof world>>;

const addDoc = (client: TestClient, personId: string, fields: Record<string, unknown>, file = pdf) =>
  postForm(client, `/people/${personId}/documents`, fields, file);

const setStatus = (client: TestClient, personId: string, id: string, status: string) =>
  client.put(`/people/${personId}/documents/${id}`, { status });

const auditActions = (w: VisitsWorld, personId: string) =>
  withTenant(ctx.db.db, w.entity.id, async (tx) =>
    (
      await tx
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.entityId, w.entity.id), eq(auditLog.targetId, personId)))
        .orderBy(auditLog.createdAt)
    ).map((r) => r.action),
  );

const complianceStatus = async (w: World, personId: string) =>
  (await w.admin.post('/visits/sign-in/preview', { area_id: w.areas.reception, person_ids: [personId] })).json<{
    people: { compliances: { id: string; status: string }[] }[];
  }>().people[0]!.compliances[0]!.status;

describe('document types', () => {
  it('lists the company’s vaccine/PCR compliances with what each accepts, and nothing of another company', async () => {
    const w = await world();
    await addCompliance(w.admin, questionBody('Safety quiz'));
    await addCompliance(
      w.admin,
      vaccineBody('Vaccine only', {
        content: { protocols: ['spikevax'], accept_negative_pcr: false, pcr_valid_days: null },
      }),
    );
    const other = await world();
    const res = await w.admin.get('/people/document-types');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      {
        compliance_id: w.vaccine.id,
        name: 'Covid certificate',
        types: ['covid_vaccine', 'test'],
        protocols: ['comirnaty', 'spikevax'],
        pcr_valid_days: 3,
      },
      expect.objectContaining({ name: 'Vaccine only', types: ['covid_vaccine'], pcr_valid_days: null }),
    ]);
    expect(JSON.stringify(res.json())).not.toContain(other.vaccine.id);
  });
});

describe('a person’s documents', () => {
  it('adds a certificate that counts at sign-in, toggles it off and on, and deletes it, with audit rows', async () => {
    const w = await world();
    await w.flow(w.types.visitors, { compliances: [{ id: w.vaccine.id }] });
    const ada = await w.person('Ada');
    expect(await complianceStatus(w, ada.id)).toBe('due');

    const added = await addDoc(w.admin, ada.id, { compliance_id: w.vaccine.id, ...VACCINE, notes: 'Two doses' });
    expect(added.statusCode, added.body).toBe(201);
    const doc = added.json<Doc>();
    expect(doc).toMatchObject({
      type: 'covid_vaccine',
      status: 'vaccinated',
      enabled: true,
      compliance_name: 'Covid certificate',
      file_name: 'certificate.pdf',
    });
    // The answer it made counts: the sign-in no longer asks for the compliance.
    expect(await complianceStatus(w, ada.id)).toBe('valid');
    const file = await w.admin.get(doc.file_url!);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf.data)).toBe(true);
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);

    // The vaccine toggle off: the answer stops counting.
    const off = await setStatus(w.admin, ada.id, doc.id, 'disabled');
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ id: doc.id, status: 'disabled', enabled: false });
    expect(await complianceStatus(w, ada.id)).toBe('due');
    // Setting the same status again changes nothing.
    expect((await setStatus(w.admin, ada.id, doc.id, 'disabled')).json().data.status).toBe('disabled');

    // On again: judged again today, and it counts.
    const on = await setStatus(w.admin, ada.id, doc.id, 'active');
    expect(on.json().data).toMatchObject({ status: 'vaccinated', enabled: true });
    expect(await complianceStatus(w, ada.id)).toBe('valid');

    const list = await w.admin.get(`/people/${ada.id}/documents`);
    expect(list.json<{ data: Doc[] }>().data.map((d) => [d.id, d.status])).toEqual([[doc.id, 'vaccinated']]);

    // DELETED: gone from the list, its answer no longer counts, its file no longer served.
    const deleted = await setStatus(w.admin, ada.id, doc.id, 'deleted');
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ data: null });
    expect((await w.admin.get(`/people/${ada.id}/documents`)).json().data).toEqual([]);
    expect(await complianceStatus(w, ada.id)).toBe('due');
    expect((await w.admin.get(doc.file_url!)).statusCode).toBe(404);
    expect((await setStatus(w.admin, ada.id, doc.id, 'active')).statusCode).toBe(404);
    const [row] = await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx
        .select()
        .from(personDocuments)
        .where(and(eq(personDocuments.entityId, w.entity.id), eq(personDocuments.id, doc.id))),
    );
    expect(row!.deletedAt).not.toBeNull();
    expect(await auditActions(w, ada.id)).toEqual([
      'person_document.create',
      'person_document.disable',
      'person_document.enable',
      'person_document.delete',
    ]);
    const responses = await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx
        .select({ status: complianceResponses.status })
        .from(complianceResponses)
        .where(and(eq(complianceResponses.entityId, w.entity.id), eq(complianceResponses.personId, ada.id))),
    );
    expect(responses.map((r) => r.status)).toEqual(['failed', 'failed']);
  });

  it('judges a test result and an image, and refuses bad input naming the field', async () => {
    const w = await world();
    const ada = await w.person('Ada');
    const today = new Date().toISOString().slice(0, 10);
    const test = await addDoc(w.admin, ada.id, {
      compliance_id: w.vaccine.id,
      type: 'test',
      result: 'negative',
      start_date: today,
    });
    expect(test.statusCode, test.body).toBe(201);
    expect(test.json()).toMatchObject({ type: 'test', status: 'negative_pcr' });
    const png = { field: 'file', data: makePng(400, 500), name: 'scan.png', type: 'image/png' };
    const image = await addDoc(w.admin, ada.id, { compliance_id: w.vaccine.id, ...VACCINE }, png);
    expect(image.statusCode, image.body).toBe(201);
    const served = await w.admin.get(image.json<Doc>().file_url!);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png.data)).toBe(false);

    const fieldsOf = async (res: Awaited<ReturnType<typeof addDoc>>) => {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      return Object.keys(res.json<{ fields: Record<string, string[]> }>().fields);
    };
    expect(
      await fieldsOf(
        await addDoc(w.admin, ada.id, { compliance_id: w.vaccine.id, type: 'covid_vaccine', start_date: '2024-01-10' }),
      ),
    ).toEqual(['protocol']);
    expect(
      await fieldsOf(
        await addDoc(w.admin, ada.id, { compliance_id: w.vaccine.id, type: 'test', start_date: '2024-01-10' }),
      ),
    ).toEqual(['result']);
    expect(
      await fieldsOf(await addDoc(w.admin, ada.id, { compliance_id: w.vaccine.id, ...VACCINE, start_date: 'soon' })),
    ).toEqual(['start_date']);
    expect(
      await fieldsOf(
        await addDoc(w.admin, ada.id, { compliance_id: w.vaccine.id, ...VACCINE, start_date: '2199-01-01' }),
      ),
    ).toEqual(['start_date']);
    expect(await fieldsOf(await addDoc(w.admin, ada.id, { compliance_id: newId(), ...VACCINE }))).toEqual([
      'compliance_id',
    ]);
    const quiz = await addCompliance(w.admin, questionBody('Safety quiz'));
    expect(await fieldsOf(await addDoc(w.admin, ada.id, { compliance_id: quiz.id, ...VACCINE }))).toEqual([
      'compliance_id',
    ]);
    const noFile = await postForm(w.admin, `/people/${ada.id}/documents`, { compliance_id: w.vaccine.id, ...VACCINE });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().fields.file).toEqual(['Choose a file to upload.']);
    const html = {
      field: 'file',
      data: Buffer.from('<html><script>alert(1)</script></html>'),
      name: 'x.pdf',
      type: 'application/pdf',
    };
    expect(await fieldsOf(await addDoc(w.admin, ada.id, { compliance_id: w.vaccine.id, ...VACCINE }, html))).toEqual([
      'file',
    ]);
    const badStatus = await w.admin.put(`/people/${ada.id}/documents/${test.json<Doc>().id}`, { status: 'DELETED!' });
    expect(badStatus.statusCode).toBe(400);
    expect(Object.keys(badStatus.json().fields)).toEqual(['status']);
    // Only the two good documents were kept.
    expect((await w.admin.get(`/people/${ada.id}/documents`)).json().data).toHaveLength(2);
  });

  it('needs the users permission, and keeps to the admin’s scope', async () => {
    const w = await world();
    const ada = await w.person('Ada');
    const doc = (await addDoc(w.admin, ada.id, { compliance_id: w.vaccine.id, ...VACCINE })).json<Doc>();
    const employee = await createPerson(ctx.db.db, [w.entity], 'employee');
    const { client: staff } = await signIn(ctx.app, employee.email, PASSWORD);
    expect((await staff.get(`/people/${ada.id}/documents`)).statusCode).toBe(403);
    expect((await staff.get('/people/document-types')).statusCode).toBe(403);
    expect((await addDoc(staff, ada.id, { compliance_id: w.vaccine.id, ...VACCINE })).statusCode).toBe(403);
    expect((await setStatus(staff, ada.id, doc.id, 'deleted')).statusCode).toBe(403);

    // An admin of the branch only does not find Ada (of HQ) nor her documents.
    const branchAdmin = await scopedAdmin(ctx.app, ctx.db.db, w.entity, [w.sites.branch], [w.types.visitors]);
    expect((await branchAdmin.client.get(`/people/${ada.id}/documents`)).statusCode).toBe(404);
    expect((await branchAdmin.client.get(doc.file_url!)).statusCode).toBe(404);
    expect((await setStatus(branchAdmin.client, ada.id, doc.id, 'disabled')).statusCode).toBe(404);
    expect((await w.admin.get(`/people/${ada.id}/documents`)).json().data[0].enabled).toBe(true);
  });

  it('another company can neither read nor change a person’s documents', async () => {
    const w = await world();
    const ada = await w.person('Ada');
    const doc = (await addDoc(w.admin, ada.id, { compliance_id: w.vaccine.id, ...VACCINE })).json<Doc>();
    const other = await world();
    const bob = await other.person('Bob');
    expect((await other.admin.get(`/people/${ada.id}/documents`)).statusCode).toBe(404);
    expect((await other.admin.get(doc.file_url!)).statusCode).toBe(404);
    expect((await setStatus(other.admin, ada.id, doc.id, 'deleted')).statusCode).toBe(404);
    expect((await addDoc(other.admin, ada.id, { compliance_id: other.vaccine.id, ...VACCINE })).statusCode).toBe(404);
    // Their own person with this company's document id or compliance: not found, or refused by field.
    expect((await setStatus(other.admin, bob.id, doc.id, 'disabled')).statusCode).toBe(404);
    const foreign = await addDoc(other.admin, bob.id, { compliance_id: w.vaccine.id, ...VACCINE });
    expect(foreign.statusCode).toBe(422);
    expect(Object.keys(foreign.json().fields)).toEqual(['compliance_id']);
    expect((await w.admin.get(`/people/${ada.id}/documents`)).json().data).toMatchObject([
      { id: doc.id, enabled: true },
    ]);
  });
});
