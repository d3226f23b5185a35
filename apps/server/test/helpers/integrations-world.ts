// A company's directory integrations for the full world (the cross-company sweep and the fuzzer): a
// Paxton Net2 integration read from its local fake through the API (runs, temporary users with an
// error and a duplicate, a person kept in step), a SCIM integration, and the rows that need a directory
// this world does not run (Google's consent, Wonde's attendance codes and a scan to write back) written
// straight into the tables. Every name carries the company's tag.
import { expect } from 'vitest';
import type { App } from '../../src/app';
import { withTenant, type Executor } from '../../src/db/client';
import {
  directoryLinks,
  integrationAttendanceCodes,
  integrationAuthorizations,
  integrationScans,
  scimGroupMembers,
  scimGroups,
  scimUsers,
} from '../../src/db/schema/index';
import { newId } from '../../src/lib/ids';
import { integrationRunsEnded } from '../../src/modules/integrations/integration-runs';
import { NET2_FAKE_LOGIN, startNet2Fake } from '../../src/modules/integrations/fakes/net2-fake';
import type { TestClient } from './http-client';

type Where = {
  entity: { id: string };
  tag: string;
  admin: TestClient;
  hq: string;
  reception: string;
  staff: string;
  late: string;
  onSite: string;
  subject: string;
  emailOf: (who: string) => string;
};

export async function integrationsOf(app: App, db: Executor, b: Where) {
  // A licence of the company's own: no value of it is another company's.
  const fake = await startNet2Fake({ users: 0, clientId: newId() });
  try {
    const department = fake.control.departments().find((d) => d.id > 0)!;
    const add = (firstName: string, lastName: string, email: string | null) =>
      fake.control.addUser({ firstName: `${firstName} ${b.tag}`, lastName, email, departmentId: department.id });
    add('Dora', 'Directory', b.emailOf('dora'));
    add('Nell', '', b.emailOf('nell'));
    add('Sam', 'Sweep', b.emailOf('sam'));
    const created = await b.admin.post('/integrations', {
      name: `Doors ${b.tag}`,
      dir_code: 'paxton',
      config: {
        server_url: fake.server.url,
        username: NET2_FAKE_LOGIN.username,
        client_id: fake.control.login.clientId,
      },
      secrets: { password: NET2_FAKE_LOGIN.password },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ integration: { id: string } }>().integration.id;
    const saved = await b.admin.put(`/integrations/${id}/settings`, {
      site_ids: [b.hq],
      groups: [{ id: String(department.id), name: `${department.name} ${b.tag}`, user_type_id: b.staff }],
      fields: ['email'],
      sync_frequency: 'weekly',
      sync: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const runId = saved.json<{ run_id: string }>().run_id;
    await integrationRunsEnded(app);
    const migrate = await b.admin.post(`/integrations/${id}/migrate`);
    expect(migrate.statusCode, migrate.body).toBe(202);
    await integrationRunsEnded(app);
    const temps = [];
    for (const state of ['error', 'duplicate']) {
      const res = await b.admin.get(`/integrations/${id}/temp-users?state=${state}`);
      temps.push(...res.json<{ data: { id: string }[] }>().data.map((t) => t.id));
    }
    expect(temps).toHaveLength(2);

    const scim = await b.admin.post('/integrations', { name: `Provisioning ${b.tag}`, dir_code: 'scim' });
    expect(scim.statusCode, scim.body).toBe(201);
    const scimId = scim.json<{ integration: { id: string } }>().integration.id;

    const ids = await withTenant(db, b.entity.id, async (tx) => {
      const [link] = await tx.select().from(directoryLinks);
      expect(link).toBeTruthy();
      const authorizationId = newId();
      await tx.insert(integrationAuthorizations).values({
        entityId: b.entity.id,
        id: authorizationId,
        stateHash: `state-${b.tag}`,
        codeVerifier: app.secrets.encrypt(`verifier-${b.tag}`),
        integrationId: null,
        account: `admin.${b.tag}@example.test`,
        expiresAt: new Date(Date.now() + 15 * 60_000),
      });
      await tx.insert(integrationAttendanceCodes).values({
        entityId: b.entity.id,
        integrationId: id,
        reasonId: b.late,
        codeId: `code-${b.tag}`,
        codeLabel: `Late ${b.tag}`,
      });
      const scanId = newId();
      await tx.insert(integrationScans).values({
        entityId: b.entity.id,
        id: scanId,
        integrationId: id,
        visitId: b.onSite,
        personId: link!.personId,
        externalId: link!.externalId,
        kind: 'sign_in',
        happenedAt: new Date(),
        status: 'failed',
        error: `Refused ${b.tag}`,
        attempts: 5,
      });
      const groupId = newId();
      await tx.insert(scimUsers).values({
        entityId: b.entity.id,
        id: b.subject,
        integrationId: scimId,
        userName: b.emailOf('sam'),
        externalId: `ext-${b.tag}`,
        resource: { displayName: `Sam ${b.tag}` },
      });
      await tx.insert(scimGroups).values({
        entityId: b.entity.id,
        id: groupId,
        integrationId: scimId,
        displayName: `Staff ${b.tag}`,
        userTypeId: b.staff,
      });
      await tx.insert(scimGroupMembers).values({ entityId: b.entity.id, groupId, userId: b.subject });
      return { authorizationId, scanId };
    });
    return { id, scimId, runId, tempIds: temps, ...ids };
  } finally {
    await fake.server.close();
  }
}
