// The agreement file a visitor reads on the online compliance page (spec §3 Compliance "agreement text
// (text, pdf or image)", /online-compliance/{id}): served through the visit's link while it works, and
// only for a compliance the visit's flow asks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCompliance, agreementTextBody, makePdf, questionBody } from './helpers/compliances-factories';
import { TestClient } from './helpers/http-client';
import { createTestApp, type TestContext } from './helpers/test-app';
import { expectedVisitBody, expectedWorld, setVisit } from './helpers/expected-visits-factories';

let ctx: TestContext;
let visitor: TestClient;
beforeAll(async () => {
  ctx = await createTestApp();
  visitor = new TestClient(ctx.app);
});
afterAll(async () => ctx.close());

describe('the agreement file of a visit’s compliance', () => {
  it('is served through the link while it works, for compliances the flow asks only', async () => {
    const w = await expectedWorld(ctx.app, ctx.db.db);
    const pdf = makePdf();
    const upload = await w.admin.upload('POST', '/compliances/files', 'file', pdf, 'Site rules.pdf', 'application/pdf');
    expect(upload.statusCode, upload.body).toBe(201);
    const agreement = await addCompliance(
      w.admin,
      agreementTextBody('Site rules', { content: { agreement_type: 'file', file: upload.json() } }),
    );
    const question = await addCompliance(w.admin, questionBody('Health questions'));
    const other = await addCompliance(
      w.admin,
      agreementTextBody('Other rules', { content: { agreement_type: 'file', file: upload.json() } }),
    );
    const flowId = w.flows[w.types.visitors]!;
    const flow = await w.admin.put(`/journey-flows/${flowId}`, {
      user_type_id: w.types.visitors,
      checks: { host: true },
      host_ids: [w.host.id],
      compliances: [{ id: agreement.id }, { id: question.id }],
    });
    expect(flow.statusCode, flow.body).toBe(200);
    const created = await w.admin.post('/expected-visits', expectedVisitBody(w));
    expect(created.statusCode, created.body).toBe(201);
    const visitId = created.json().data.id as string;
    const token = (created.json().data.link_url as string).split('/').pop()!;
    const fileOf = (complianceId: string, t = token) =>
      visitor.get(`/public/visits/${t}/compliance/${complianceId}/file`);

    const res = await fileOf(agreement.id);
    expect(res.statusCode, res.body).toBe(200);
    // A PDF is only ever a download, with headers that keep it from running anything in our origin.
    expect(res.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="Site rules.pdf"; filename*=UTF-8''Site%20rules.pdf`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    expect(res.rawPayload.equals(pdf)).toBe(true);

    // A question has no file; a compliance the flow does not ask is not served.
    expect((await fileOf(question.id)).statusCode).toBe(404);
    expect((await fileOf(other.id)).statusCode).toBe(404);
    expect((await fileOf(agreement.id, 'not-a-real-token-123')).statusCode).toBe(404);

    // Once the visit is deleted the link no longer opens the file, and says why.
    await setVisit(ctx.db.db, w.entity, visitId, { state: 'cancelled' });
    const expired = await fileOf(agreement.id);
    expect(expired.statusCode).toBe(422);
    expect(expired.json().message).toBe(
      'Your compliance link has expired because your visit has been deleted. Please contact the system admin for further details.',
    );
  });
});
