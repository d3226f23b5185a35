// SCIM 2.0 provisioning at /scim/v2 (RFC 7643, RFC 7644; decision 048): the RFC's own examples, the
// sequences Okta's and Microsoft's validators send, paging, versions, uniqueness, filters, and that
// one company's token never reaches another company's users. Each SCIM user is a person of the
// company: created (or adopted by email), kept in step, archived when deactivated or deleted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, withTenant } from '../src/db/client';
import { auditLog, departments, directoryLinks, personSites, personUserTypes } from '../src/db/schema/index';
import { newId } from '../src/lib/ids';
import { insertIntegration } from '../src/modules/integrations/integrations.repository';
import { issueScimToken } from '../src/modules/scim/scim-token';
import { createTestApp, type TestContext } from './helpers/test-app';
import {
  bodyOf,
  ENTERPRISE,
  GROUP_SCHEMA,
  patchOf,
  scimClient,
  scimWorld,
  USER_SCHEMA,
  type ScimWorld,
} from './helpers/scim-world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const world = (options?: Parameters<typeof scimWorld>[2]) => scimWorld(ctx.app, ctx.db.db, options);
const q = (filter: string) => encodeURIComponent(filter);

const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';

type List = {
  schemas: string[];
  totalResults: number;
  startIndex: number;
  itemsPerPage: number;
  Resources: ScimBody[];
};
type ScimBody = ReturnType<typeof bodyOf>;

async function expectError(res: Awaited<ReturnType<ScimWorld['scim']['get']>>, status: number, scimType?: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/scim\+json/);
  const body = res.json<{ schemas: string[]; status: string; scimType?: string; detail: string }>();
  expect(body.schemas).toEqual([ERROR_SCHEMA]);
  expect(body.status).toBe(String(status));
  expect(body.scimType).toBe(scimType);
  expect(body.detail).toEqual(expect.any(String));
  return body;
}

async function createUser(w: ScimWorld, body: Record<string, unknown>) {
  const res = await w.scim.post('/Users', { schemas: [USER_SCHEMA], ...body });
  expect(res.statusCode, res.body).toBe(201);
  return bodyOf(res);
}

const typesOf = (w: ScimWorld, personId: string) =>
  withTenant(ctx.db.db, w.entity.id, async (tx) =>
    (
      await tx
        .select({ id: personUserTypes.userTypeId })
        .from(personUserTypes)
        .where(and(eq(personUserTypes.entityId, w.entity.id), eq(personUserTypes.personId, personId)))
    ).map((r) => r.id),
  );

const sitesOfPerson = (w: ScimWorld, personId: string) =>
  withTenant(ctx.db.db, w.entity.id, async (tx) =>
    (
      await tx
        .select({ id: personSites.siteId })
        .from(personSites)
        .where(and(eq(personSites.entityId, w.entity.id), eq(personSites.personId, personId)))
    ).map((r) => r.id),
  );

const auditActions = (w: ScimWorld, targetId: string) =>
  withTenant(ctx.db.db, w.entity.id, async (tx) =>
    (
      await tx
        .select({ action: auditLog.action, actorKind: auditLog.actorKind })
        .from(auditLog)
        .where(and(eq(auditLog.entityId, w.entity.id), eq(auditLog.targetId, targetId)))
        .orderBy(auditLog.createdAt, auditLog.id)
    ).map((r) => `${r.actorKind}:${r.action}`),
  );

const runsOf = (w: ScimWorld) =>
  withTenant(ctx.db.db, w.entity.id, async (tx) =>
    rowsOf<{ kind: string; statusCode: number; created: number; updated: number; archived: number; failed: number }>(
      await tx.execute(sql`
        select kind, status_code as "statusCode", created, updated, archived, failed from integration_runs
         where entity_id = ${w.entity.id} and integration_id = ${w.integrationId}`),
    ),
  );

describe('discovery (RFC 7644 §4)', () => {
  it('describes what it supports, in application/scim+json, without a token', async () => {
    const anonymous = scimClient(ctx.app, null);
    const res = await anonymous.get('/ServiceProviderConfig');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/scim\+json/);
    expect(res.json()).toMatchObject({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
      patch: { supported: true },
      bulk: { supported: false },
      filter: { supported: true, maxResults: 200 },
      changePassword: { supported: false },
      sort: { supported: false },
      etag: { supported: true },
      authenticationSchemes: [expect.objectContaining({ type: 'oauthbearertoken', primary: true })],
    });
    const types = (await anonymous.get('/ResourceTypes')).json<List>();
    expect(types.schemas).toEqual([LIST_SCHEMA]);
    expect(types.Resources.map((r) => r.id)).toEqual(['User', 'Group']);
    const schemas = (await anonymous.get('/Schemas')).json<List>();
    expect(schemas.Resources.map((r) => r.id)).toEqual([USER_SCHEMA, ENTERPRISE, GROUP_SCHEMA]);
    const user = (await anonymous.get(`/Schemas/${USER_SCHEMA}`)).json<{ attributes: { name: string }[] }>();
    expect(user.attributes.map((a) => a.name)).toEqual(
      expect.arrayContaining(['userName', 'name', 'emails', 'active']),
    );
    await expectError(await anonymous.get('/Schemas/urn:nothing'), 404);
    await expectError(await anonymous.get('/Nothing'), 404);
  });
});

describe('authentication', () => {
  it('refuses an absent, wrong or turned-off token with 401 or 403, a SCIM error and WWW-Authenticate', async () => {
    const w = await world();
    for (const token of [null, 'scim_not-a-token', 'not-even-scim', w.token.slice(0, -1)]) {
      const res = await scimClient(ctx.app, token).get('/Users');
      await expectError(res, 401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    }
    // A company's API client token is not a SCIM token either.
    const post = await scimClient(ctx.app, 'scim_x').post('/Users', { userName: 'x' });
    await expectError(post, 401);

    const off = await world({ status: 'inactive' });
    await expectError(await off.scim.get('/Users'), 403);
    expect(await runsOf(off)).toEqual([]);
  });
});

describe('the RFC 7644 examples', () => {
  let w: ScimWorld;
  let bjensen: ScimBody;
  beforeAll(async () => {
    w = await world();
  });

  it('§3.3 creates a user: 201, Location, ETag, meta, and a person of the company', async () => {
    const res = await w.scim.post('/Users', {
      schemas: [USER_SCHEMA],
      userName: 'bjensen',
      externalId: 'bjensen',
      name: { formatted: 'Ms. Barbara J Jensen III', familyName: 'Jensen', givenName: 'Barbara' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/scim\+json/);
    bjensen = bodyOf(res);
    expect(bjensen).toMatchObject({
      schemas: [USER_SCHEMA],
      userName: 'bjensen',
      externalId: 'bjensen',
      active: true,
      name: { familyName: 'Jensen', givenName: 'Barbara' },
      meta: { resourceType: 'User', version: 'W/"1"' },
    });
    expect(res.headers.location).toBe(`http://localhost:3000/scim/v2/Users/${bjensen.id}`);
    expect(bjensen.meta.location).toBe(res.headers.location);
    expect(res.headers.etag).toBe('W/"1"');

    const person = await w.person(bjensen.id);
    expect(person).toMatchObject({
      firstName: 'Barbara',
      lastName: 'Jensen',
      status: 'active',
      roleId: w.roles.employee,
    });
    // The integration's sites and its default user type.
    expect(await sitesOfPerson(w, bjensen.id)).toEqual([w.sites.hq]);
    expect(await typesOf(w, bjensen.id)).toEqual([w.types.visitors]);
    expect(await auditActions(w, bjensen.id)).toEqual(['directory:scim.user.create']);
  });

  it('§3.4.1 reads the user back, and answers 304 to the version it holds', async () => {
    const res = await w.scim.get(`/Users/${bjensen.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(bjensen);
    expect(res.headers.etag).toBe('W/"1"');
    expect((await w.scim.get(`/Users/${bjensen.id}`, { 'if-none-match': 'W/"1"' })).statusCode).toBe(304);
    await expectError(await w.scim.get('/Users/2819c223-7f76-453a-919d-413861904646'), 404);
    await expectError(await w.scim.get('/Users/not-an-id'), 404);
  });

  it('§3.4.2 filters (operators without case) and answers only the attributes asked for', async () => {
    const list = (await w.scim.get(`/Users?filter=${q('userName Eq "BJENSEN"')}`)).json<List>();
    expect(list).toMatchObject({ schemas: [LIST_SCHEMA], totalResults: 1, startIndex: 1, itemsPerPage: 1 });
    expect(list.Resources[0]!.id).toBe(bjensen.id);
    const some = (
      await w.scim.get(`/Users?attributes=userName,name.familyName&filter=${q('externalId eq "bjensen"')}`)
    ).json<List>();
    expect(some.Resources).toEqual([
      { schemas: [USER_SCHEMA], id: bjensen.id, userName: 'bjensen', name: { familyName: 'Jensen' } },
    ]);
    const without = (await w.scim.get(`/Users/${bjensen.id}?excludedAttributes=name,meta`)).json<
      Record<string, unknown>
    >();
    expect(without).not.toHaveProperty('name');
    expect(without).not.toHaveProperty('meta');
    expect(without).toMatchObject({ id: bjensen.id, userName: 'bjensen' });
    // externalId is case-exact.
    expect((await w.scim.get(`/Users?filter=${q('externalId eq "BJENSEN"')}`)).json<List>().totalResults).toBe(0);
    const since = new Date(Date.now() - 60_000).toISOString();
    const recent = (
      await w.scim.get(`/Users?filter=${q(`meta.lastModified gt "${since}" and active eq true`)}`)
    ).json<List>();
    expect(recent.Resources.map((r) => r.id)).toEqual([bjensen.id]);
  });

  it('§3.5.1 replaces the user with PUT: the primary (else first) email becomes the person’s', async () => {
    const res = await w.scim.put(`/Users/${bjensen.id}`, {
      schemas: [USER_SCHEMA],
      id: bjensen.id,
      userName: 'bjensen',
      externalId: 'bjensen',
      name: { formatted: 'Ms. Barbara J Jensen III', familyName: 'Jensen', givenName: 'Barbara', middleName: 'Jane' },
      roles: [],
      emails: [{ value: 'bjensen@example.com' }, { value: 'babs@jensen.org' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(bodyOf(res)).toMatchObject({ name: { middleName: 'Jane' }, meta: { version: 'W/"2"' } });
    expect(res.headers.etag).toBe('W/"2"');
    expect((await w.person(bjensen.id))?.email).toBe('bjensen@example.com');
  });

  it('§3.14 refuses a write naming a version that is no longer current with 412', async () => {
    const stale = await w.scim.patch(
      `/Users/${bjensen.id}`,
      patchOf({ op: 'replace', path: 'displayName', value: 'Babs' }),
      { 'if-match': 'W/"1"' },
    );
    await expectError(stale, 412);
    expect((await w.scim.get(`/Users/${bjensen.id}`)).json()).not.toHaveProperty('displayName');
    const current = await w.scim.patch(
      `/Users/${bjensen.id}`,
      patchOf({ op: 'replace', path: 'displayName', value: 'Babs Jensen' }),
      { 'if-match': 'W/"2"' },
    );
    expect(current.statusCode, current.body).toBe(200);
    expect(current.headers.etag).toBe('W/"3"');
  });

  it('§3.5.2 patches: add without a path, replace in a filtered multi-valued attribute, remove', async () => {
    const added = await w.scim.patch(
      `/Users/${bjensen.id}`,
      patchOf({ op: 'add', value: { emails: [{ value: 'babs@jensen.org', type: 'home' }], nickName: 'Babs' } }),
    );
    expect(added.statusCode, added.body).toBe(200);
    expect(bodyOf(added)).toMatchObject({ nickName: 'Babs' });
    const replaced = await w.scim.patch(
      `/Users/${bjensen.id}`,
      patchOf(
        { op: 'replace', path: 'emails[value eq "bjensen@example.com"].value', value: 'barbara@example.com' },
        { op: 'remove', path: 'nickName' },
      ),
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    const user = bodyOf(replaced);
    expect(user).not.toHaveProperty('nickName');
    expect((user.emails as { value: string }[])[0]!.value).toBe('barbara@example.com');
    expect((await w.person(bjensen.id))?.email).toBe('barbara@example.com');
    await expectError(await w.scim.patch(`/Users/${bjensen.id}`, patchOf({ op: 'remove' })), 400, 'noTarget');
    await expectError(await w.scim.patch(`/Users/${bjensen.id}`, { Operations: [] }), 400, 'invalidSyntax');
    await expectError(
      await w.scim.patch(`/Users/${bjensen.id}`, patchOf({ op: 'replace', path: 'id', value: 'other' })),
      400,
      'mutability',
    );
  });

  it('§3.6 deletes the user: 204, then 404; the person stays, archived', async () => {
    const res = await w.scim.delete(`/Users/${bjensen.id}`);
    expect(res.statusCode, res.body).toBe(204);
    await expectError(await w.scim.get(`/Users/${bjensen.id}`), 404);
    await expectError(await w.scim.delete(`/Users/${bjensen.id}`), 404);
    expect(await w.person(bjensen.id)).toMatchObject({ status: 'archived', firstName: 'Barbara' });
    expect(await auditActions(w, bjensen.id)).toEqual([
      'directory:scim.user.create',
      'directory:scim.user.update',
      'directory:scim.user.update',
      'directory:scim.user.update',
      'directory:scim.user.update',
      'directory:scim.user.delete',
    ]);
  });

  it('keeps one log row of kind scim for the day, counting every write and every refusal', async () => {
    const runs = await runsOf(w);
    expect(runs).toHaveLength(1);
    // Created 1; updated by PUT and three PATCHes; archived by the delete; refused: 412, three 400s, the 404 delete.
    expect(runs[0]).toEqual({ kind: 'scim', statusCode: 3, created: 1, updated: 4, archived: 1, failed: 5 });
  });
});

describe("Okta's validator sequence", () => {
  it('creates, reads, finds, replaces, deactivates with a value object, reactivates and deletes', async () => {
    const w = await world();
    const empty = (
      await w.scim.get(`/Users?filter=${q('userName eq "isaac.brock@example.com"')}&startIndex=1&count=100`)
    ).json<List>();
    expect(empty).toMatchObject({ totalResults: 0, Resources: [] });

    const created = await createUser(w, {
      userName: 'isaac.brock@example.com',
      name: { givenName: 'Isaac', familyName: 'Brock' },
      emails: [{ primary: true, value: 'isaac.brock@example.com', type: 'work' }],
      displayName: 'Isaac Brock',
      locale: 'en-US',
      externalId: '00ujl29u0le5T6Aj10h7',
      groups: [],
      password: '1mz050nq',
      active: true,
    });
    // The password is never kept or answered.
    expect(created).not.toHaveProperty('password');
    expect(JSON.stringify(await w.scim.get(`/Users/${created.id}`).then((r) => r.json()))).not.toContain('1mz050nq');

    expect((await w.scim.get(`/Users/${created.id}`)).statusCode).toBe(200);
    const found = (await w.scim.get(`/Users?filter=${q('userName eq "isaac.brock@example.com"')}`)).json<List>();
    expect(found.Resources.map((r) => r.id)).toEqual([created.id]);
    await expectError(await w.scim.get('/Users/010101010101'), 404);

    const replaced = await w.scim.put(`/Users/${created.id}`, {
      schemas: [USER_SCHEMA],
      id: created.id,
      userName: 'isaac.brock@example.com',
      name: { givenName: 'Another', familyName: 'Brock' },
      emails: [{ primary: true, value: 'isaac.brock@example.com', type: 'work' }],
      active: true,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect((await w.person(created.id))?.firstName).toBe('Another');

    const off = await w.scim.patch(`/Users/${created.id}`, patchOf({ op: 'replace', value: { active: false } }));
    expect(off.statusCode, off.body).toBe(200);
    expect(bodyOf(off).active).toBe(false);
    // Deactivation archives the person; the row stays.
    expect(await w.person(created.id)).toMatchObject({ status: 'archived', email: 'isaac.brock@example.com' });
    const inactive = (await w.scim.get(`/Users?filter=${q('active eq false')}`)).json<List>();
    expect(inactive.Resources.map((r) => r.id)).toEqual([created.id]);

    const on = await w.scim.patch(`/Users/${created.id}`, patchOf({ op: 'replace', value: { active: true } }));
    expect(bodyOf(on).active).toBe(true);
    expect((await w.person(created.id))?.status).toBe('active');

    expect((await w.scim.delete(`/Users/${created.id}`)).statusCode).toBe(204);
    expect((await w.person(created.id))?.status).toBe('archived');
    expect(await auditActions(w, created.id)).toEqual([
      'directory:scim.user.create',
      'directory:scim.user.update',
      'directory:scim.user.deactivate',
      'directory:scim.user.reactivate',
      'directory:scim.user.delete',
    ]);

    // The identity provider may make the user again: the archived person is adopted back, restored.
    const again = await createUser(w, {
      userName: 'isaac.brock@example.com',
      name: { givenName: 'Isaac', familyName: 'Brock' },
      emails: [{ primary: true, value: 'Isaac.Brock@example.com' }],
    });
    expect(again.id).toBe(created.id);
    expect((await w.person(created.id))?.status).toBe('active');
    expect((await runsOf(w))[0]).toMatchObject({ created: 1, updated: 3, archived: 2, failed: 0 });
  });
});

describe("Microsoft's SCIM validator sequence", () => {
  let w: ScimWorld;
  let user: ScimBody;
  let other: ScimBody;
  let group: ScimBody;
  beforeAll(async () => {
    w = await world();
  });

  it('finds no user before creating one, then creates with the enterprise extension', async () => {
    const none = await w.scim.get(`/Users?filter=${q('userName eq "ryan3@contoso.com"')}`);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({
      schemas: [LIST_SCHEMA],
      totalResults: 0,
      startIndex: 1,
      itemsPerPage: 0,
      Resources: [],
    });

    user = await createUser(w, {
      schemas: [USER_SCHEMA, ENTERPRISE],
      externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
      userName: 'Ryan3@contoso.com',
      active: true,
      emails: [{ primary: true, type: 'work', value: 'Ryan3@contoso.com' }],
      meta: { resourceType: 'User' },
      name: { familyName: 'Leenay', givenName: 'Ryan' },
      phoneNumbers: [{ type: 'mobile', value: '+971 50 123 4567' }],
      [ENTERPRISE]: { employeeNumber: 'E-1001', department: 'Finance' },
      roles: [],
    });
    expect(user.schemas).toEqual([USER_SCHEMA, ENTERPRISE]);
    const person = await w.person(user.id);
    expect(person).toMatchObject({
      firstName: 'Ryan',
      lastName: 'Leenay',
      email: 'ryan3@contoso.com',
      phoneCode: '971',
      phone: '501234567',
      idNumber: 'E-1001',
    });
    const [department] = await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx
        .select({ name: departments.name })
        .from(departments)
        .where(and(eq(departments.entityId, w.entity.id), eq(departments.id, person!.departmentId!))),
    );
    expect(department?.name).toBe('Finance');
    // The integration's page counts and lists the person through their link.
    const [link] = await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx.select().from(directoryLinks).where(eq(directoryLinks.personId, user.id)),
    );
    expect(link).toMatchObject({ integrationId: w.integrationId, externalId: user.id, archivedBySync: false });

    other = await createUser(w, { userName: 'nobody@contoso.com', displayName: 'Nora Body' });
    expect(await w.person(other.id)).toMatchObject({ firstName: 'Nora', lastName: 'Body' });
  });

  it('patches with capitalised operations and booleans written as strings', async () => {
    const res = await w.scim.patch(
      `/Users/${user.id}`,
      patchOf(
        { op: 'Replace', path: 'userName', value: 'ryan.leenay@contoso.com' },
        { op: 'Add', path: 'displayName', value: 'Ryan Leenay' },
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'ryan.leenay@contoso.com' },
        { op: 'Replace', path: 'name.familyName', value: 'Leenay-Smith' },
        { op: 'Add', path: `${ENTERPRISE}:department`, value: 'Sales' },
        { op: 'Replace', path: 'active', value: 'False' },
        { op: 'Remove', path: 'phoneNumbers[type eq "mobile"]' },
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const patched = bodyOf(res);
    expect(patched).toMatchObject({ userName: 'ryan.leenay@contoso.com', displayName: 'Ryan Leenay', active: false });
    expect(patched).not.toHaveProperty('phoneNumbers');
    expect(await w.person(user.id)).toMatchObject({
      lastName: 'Leenay-Smith',
      email: 'ryan.leenay@contoso.com',
      status: 'archived',
    });
    // A no-path replace with dotted and extension keys, active as "True".
    const back = await w.scim.patch(
      `/Users/${user.id}`,
      patchOf({
        op: 'Replace',
        value: { active: 'True', 'name.givenName': 'Ryan J', [`${ENTERPRISE}:employeeNumber`]: 'E-2002' },
      }),
    );
    expect(back.statusCode, back.body).toBe(200);
    expect(await w.person(user.id)).toMatchObject({ firstName: 'Ryan J', idNumber: 'E-2002', status: 'active' });
    await expectError(
      await w.scim.patch(`/Users/${user.id}`, patchOf({ op: 'Replace', path: 'active', value: 'maybe' })),
      400,
      'invalidValue',
    );
  });

  it('finds users by externalId, and by email in the Entra form', async () => {
    const found = (
      await w.scim.get(`/Users?filter=${q('externalId eq "0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef"')}`)
    ).json<List>();
    expect(found.Resources.map((r) => r.id)).toEqual([user.id]);
    const byEmail = (
      await w.scim.get(`/Users?filter=${q('emails[type eq "work"].value eq "RYAN.LEENAY@contoso.com"')}`)
    ).json<List>();
    expect(byEmail.Resources.map((r) => r.id)).toEqual([user.id]);
    const either = (
      await w.scim.get(
        `/Users?filter=${q('userName sw "nobody" or (emails.value co "leenay" and not (active eq false))')}`,
      )
    ).json<List>();
    expect(either.Resources.map((r) => r.id).sort()).toEqual([user.id, other.id].sort());
  });

  it('creates a group with members, finds it by displayName, and leaves members out when asked', async () => {
    const res = await w.scim.post('/Groups', {
      schemas: [GROUP_SCHEMA],
      externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159',
      displayName: 'Contractors',
      members: [{ value: user.id }],
    });
    expect(res.statusCode, res.body).toBe(201);
    group = bodyOf(res);
    expect(group).toMatchObject({
      schemas: [GROUP_SCHEMA],
      displayName: 'Contractors',
      members: [{ value: user.id, display: 'Ryan Leenay', type: 'User' }],
      meta: { resourceType: 'Group', version: 'W/"1"' },
    });
    expect(res.headers.location).toBe(`http://localhost:3000/scim/v2/Groups/${group.id}`);
    // The user's groups are read-only and shown on the user.
    expect(bodyOf(await w.scim.get(`/Users/${user.id}`)).groups).toEqual([
      expect.objectContaining({ value: group.id, display: 'Contractors' }),
    ]);

    const found = (
      await w.scim.get(`/Groups?filter=${q('displayName eq "contractors"')}&excludedAttributes=members`)
    ).json<List>();
    expect(found.totalResults).toBe(1);
    expect(found.Resources[0]).not.toHaveProperty('members');
    expect(found.Resources[0]).toMatchObject({ id: group.id, displayName: 'Contractors' });
    const single = (await w.scim.get(`/Groups/${group.id}?excludedAttributes=members`)).json<Record<string, unknown>>();
    expect(single).not.toHaveProperty('members');
    const byMember = (await w.scim.get(`/Groups?filter=${q(`members[value eq "${user.id}"]`)}`)).json<List>();
    expect(byMember.Resources.map((r) => r.id)).toEqual([group.id]);
    const byExternal = (
      await w.scim.get(`/Groups?filter=${q('externalId eq "8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159"')}`)
    ).json<List>();
    expect(byExternal.totalResults).toBe(1);
  });

  it('adds and removes members (Entra’s forms), and renames: 204 without a body', async () => {
    const add = await w.scim.patch(
      `/Groups/${group.id}`,
      patchOf({ op: 'Add', path: 'members', value: [{ value: other.id }] }),
    );
    expect(add.statusCode, add.body).toBe(204);
    expect(add.body).toBe('');
    const members = () =>
      w.scim
        .get(`/Groups/${group.id}`)
        .then((r) => (bodyOf(r).members as { value: string }[]).map((m) => m.value).sort());
    expect(await members()).toEqual([user.id, other.id].sort());

    const remove = await w.scim.patch(
      `/Groups/${group.id}`,
      patchOf({ op: 'Remove', path: 'members', value: [{ value: user.id }] }),
    );
    expect(remove.statusCode, remove.body).toBe(204);
    expect(await members()).toEqual([other.id]);

    const byFilter = await w.scim.patch(
      `/Groups/${group.id}`,
      patchOf({ op: 'remove', path: `members[value eq "${other.id.toUpperCase()}"]` }),
    );
    expect(byFilter.statusCode, byFilter.body).toBe(204);
    expect(await members()).toEqual([]);

    const rename = await w.scim.patch(
      `/Groups/${group.id}?excludedAttributes=members`,
      patchOf(
        { op: 'Replace', path: 'displayName', value: 'Contractors 2' },
        { op: 'replace', value: { id: group.id, members: [{ value: user.id }] } },
      ),
    );
    expect(rename.statusCode, rename.body).toBe(200);
    expect(bodyOf(rename)).toMatchObject({ displayName: 'Contractors 2' });
    expect(await members()).toEqual([user.id]);

    await expectError(
      await w.scim.patch(
        `/Groups/${group.id}`,
        patchOf({ op: 'add', path: 'members', value: [{ value: '01a2422e-0000-7000-8000-000000000000' }] }),
      ),
      400,
      'invalidValue',
    );
  });

  it('deletes the group, then the users', async () => {
    expect((await w.scim.delete(`/Groups/${group.id}`)).statusCode).toBe(204);
    await expectError(await w.scim.get(`/Groups/${group.id}`), 404);
    expect((await w.scim.delete(`/Users/${user.id}`)).statusCode).toBe(204);
    expect((await w.person(user.id))?.status).toBe('archived');
    const [link] = await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx.select().from(directoryLinks).where(eq(directoryLinks.personId, user.id)),
    );
    expect(link?.archivedBySync).toBe(true);
    expect(await auditActions(w, group.id)).toEqual([
      'directory:scim.group.create',
      'directory:scim.group.update',
      'directory:scim.group.update',
      'directory:scim.group.update',
      'directory:scim.group.update',
      'directory:scim.group.delete',
    ]);
  });
});

describe('groups that stand for user types', () => {
  it('gives members the user type of their first mapped group, else the default, as membership changes', async () => {
    const w = await world();
    const user = await createUser(w, { userName: 'grace', name: { givenName: 'Grace', familyName: 'Hopper' } });
    expect(await typesOf(w, user.id)).toEqual([w.types.visitors]);

    const staff = bodyOf(await w.scim.post('/Groups', { schemas: [GROUP_SCHEMA], displayName: 'Staff' }));
    await w.mapGroup(staff.id, w.types.staff);
    const add = await w.scim.patch(
      `/Groups/${staff.id}`,
      patchOf({ op: 'add', path: 'members', value: [{ value: user.id }] }),
    );
    expect(add.statusCode, add.body).toBe(204);
    expect(await typesOf(w, user.id)).toEqual([w.types.staff]);
    // Another group, mapped later, comes after the first.
    const visitors = bodyOf(
      await w.scim.post('/Groups', { schemas: [GROUP_SCHEMA], displayName: 'Guests', members: [{ value: user.id }] }),
    );
    await w.mapGroup(visitors.id, w.types.visitors);
    expect(await typesOf(w, user.id)).toEqual([w.types.staff]);

    const out = await w.scim.patch(
      `/Groups/${staff.id}`,
      patchOf({ op: 'remove', path: `members[value eq "${user.id}"]` }),
    );
    expect(out.statusCode).toBe(204);
    expect(await typesOf(w, user.id)).toEqual([w.types.visitors]);
    expect(await auditActions(w, user.id)).toEqual([
      'directory:scim.user.create',
      'directory:scim.user.user_type',
      'directory:scim.user.user_type',
    ]);
  });
});

describe('paging (RFC 7644 §3.4.2.4)', () => {
  it('answers startIndex, itemsPerPage and totalResults, in the order users were made', async () => {
    const w = await world();
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++) {
      ids.push(
        (await createUser(w, { userName: `user${i}`, name: { givenName: 'User', familyName: `Number ${i}` } })).id,
      );
    }
    const page = (await w.scim.get('/Users?startIndex=2&count=2')).json<List>();
    expect(page).toMatchObject({ totalResults: 5, startIndex: 2, itemsPerPage: 2 });
    expect(page.Resources.map((r) => r.id)).toEqual(ids.slice(1, 3));
    const last = (await w.scim.get('/Users?startIndex=5&count=2')).json<List>();
    expect(last.Resources.map((r) => r.id)).toEqual([ids[4]]);
    const past = (await w.scim.get('/Users?startIndex=9')).json<List>();
    expect(past).toMatchObject({ totalResults: 5, itemsPerPage: 0, Resources: [] });
    const none = (await w.scim.get('/Users?count=0')).json<List>();
    expect(none).toMatchObject({ totalResults: 5, itemsPerPage: 0, Resources: [] });
    // Below 1 is 1; more than the most a page holds is the most.
    const all = (await w.scim.get('/Users?startIndex=-3&count=1000')).json<List>();
    expect(all).toMatchObject({ startIndex: 1, itemsPerPage: 5 });
    const filtered = (
      await w.scim.get(`/Users?filter=${q('userName sw "user" and userName ne "user3"')}&count=2`)
    ).json<List>();
    expect(filtered).toMatchObject({ totalResults: 4, itemsPerPage: 2 });
    await expectError(await w.scim.get('/Users?count=many'), 400, 'invalidValue');
  });
});

describe('uniqueness, validation and filters', () => {
  it('refuses a taken userName (without case) and an email another SCIM user has with 409', async () => {
    const w = await world();
    await createUser(w, {
      userName: 'ada',
      name: { givenName: 'Ada', familyName: 'Lovelace' },
      emails: [{ value: 'ada@example.com' }],
    });
    const again = await w.scim.post('/Users', {
      schemas: [USER_SCHEMA],
      userName: 'ADA',
      name: { givenName: 'A', familyName: 'L' },
    });
    await expectError(again, 409, 'uniqueness');
    const sameEmail = await w.scim.post('/Users', {
      schemas: [USER_SCHEMA],
      userName: 'ada2',
      name: { givenName: 'Ada', familyName: 'Two' },
      emails: [{ value: 'ADA@example.com' }],
    });
    await expectError(sameEmail, 409, 'uniqueness');
    const second = await createUser(w, { userName: 'charles', name: { givenName: 'Charles', familyName: 'Babbage' } });
    const takeEmail = await w.scim.patch(
      `/Users/${second.id}`,
      patchOf({ op: 'add', path: 'emails', value: [{ value: 'ada@example.com', primary: true }] }),
    );
    await expectError(takeEmail, 409, 'uniqueness');
    const takeName = await w.scim.patch(
      `/Users/${second.id}`,
      patchOf({ op: 'replace', path: 'userName', value: 'Ada' }),
    );
    await expectError(takeName, 409, 'uniqueness');
  });

  it('adopts a person the company already has by email instead of making a second one', async () => {
    const w = await world();
    const known = await w.create({
      first_name: 'Known',
      last_name: 'Person',
      email: 'known@example.com',
      site_ids: [w.sites.branch],
    });
    const user = await createUser(w, {
      userName: 'known@example.com',
      name: { givenName: 'Known', familyName: 'Person-Renamed' },
      emails: [{ value: 'Known@Example.com' }],
    });
    expect(user.id).toBe(known.id);
    expect(await w.person(known.id)).toMatchObject({ lastName: 'Person-Renamed', roleId: w.roles.employee });
    // The integration's site is added; the site an admin gave stays.
    expect((await sitesOfPerson(w, known.id)).sort()).toEqual([w.sites.hq, w.sites.branch].sort());
    expect(await auditActions(w, known.id)).toContain('directory:scim.user.adopt');
    expect((await runsOf(w))[0]).toMatchObject({ created: 0, updated: 1 });
  });

  it('refuses what cannot become a person with 400 invalidValue, saying why', async () => {
    const w = await world();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: { givenName: 'No', familyName: 'Username' } }, /userName/],
      [
        { userName: 'x', name: { givenName: 'Bad', familyName: 'Email' }, emails: [{ value: 'not-an-email' }] },
        /email/,
      ],
      [{ userName: 'y', displayName: 'Cher' }, /familyName/],
      [{ userName: 'z', name: { givenName: 'A', familyName: 'B' }, active: 'sometimes' }, /active/],
    ];
    for (const [body, detail] of cases) {
      const res = await w.scim.post('/Users', { schemas: [USER_SCHEMA], ...body });
      expect((await expectError(res, 400, 'invalidValue')).detail).toMatch(detail);
    }
    await expectError(
      await w.scim.request('POST', '/Users', undefined, { 'content-type': 'application/scim+json' }),
      400,
      'invalidSyntax',
    );
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { authorization: `Bearer ${w.token}`, 'content-type': 'application/scim+json' },
      payload: '{"userName": ',
    });
    await expectError(broken, 400, 'invalidSyntax');
    // application/json is accepted as well.
    const plain = await ctx.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { authorization: `Bearer ${w.token}`, 'content-type': 'application/json; charset=utf-8' },
      payload: JSON.stringify({ userName: 'plain', name: { givenName: 'Plain', familyName: 'Json' } }),
    });
    expect(plain.statusCode, plain.body).toBe(201);
    expect((await runsOf(w))[0]).toMatchObject({ created: 1, failed: 4 });
  });

  it('refuses a filter it cannot read or does not support with 400 invalidFilter', async () => {
    const w = await world();
    for (const filter of [
      'userName eq',
      'userName eq "a" garbage',
      'nickName eq "x"',
      'active gt true',
      'meta.lastModified gt "yesterday"',
      'meta.lastModified co "2020"',
      `${ENTERPRISE}:employeeNumber eq "1"`,
      'emails[display eq "x"]',
    ]) {
      await expectError(await w.scim.get(`/Users?filter=${q(filter)}`), 400, 'invalidFilter');
    }
    await expectError(await w.scim.get(`/Groups?filter=${q('userName eq "x"')}`), 400, 'invalidFilter');
    // Attribute names with the core schema's URN are the same attributes.
    const ok = await w.scim.get(`/Users?filter=${q(`${USER_SCHEMA}:userName pr`)}`);
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe("another company's token", () => {
  it("never reads or changes this company's users or groups", async () => {
    const a = await world();
    const b = await world();
    const user = await createUser(a, { userName: 'secret', name: { givenName: 'Secret', familyName: 'Agent' } });
    const group = bodyOf(await a.scim.post('/Groups', { displayName: 'Agents', members: [{ value: user.id }] }));

    await expectError(await b.scim.get(`/Users/${user.id}`), 404);
    expect((await b.scim.get('/Users')).json<List>().totalResults).toBe(0);
    expect((await b.scim.get(`/Users?filter=${q(`id eq "${user.id}"`)}`)).json<List>().totalResults).toBe(0);
    await expectError(
      await b.scim.put(`/Users/${user.id}`, { userName: 'mine', name: { givenName: 'M', familyName: 'N' } }),
      404,
    );
    await expectError(
      await b.scim.patch(`/Users/${user.id}`, patchOf({ op: 'replace', value: { active: false } })),
      404,
    );
    await expectError(await b.scim.delete(`/Users/${user.id}`), 404);
    await expectError(await b.scim.get(`/Groups/${group.id}`), 404);
    await expectError(await b.scim.delete(`/Groups/${group.id}`), 404);
    // Nor adds them to its own groups.
    await expectError(
      await b.scim.post('/Groups', { displayName: 'Mine', members: [{ value: user.id }] }),
      400,
      'invalidValue',
    );

    expect(await a.person(user.id)).toMatchObject({ status: 'active', firstName: 'Secret' });
    expect((await a.scim.get(`/Groups/${group.id}`)).json()).toMatchObject({ members: [{ value: user.id }] });
    // Nor does a second SCIM connection of the same company see the first one's users.
    const sameCompany = await withTenant(ctx.db.db, a.entity.id, async (tx) => {
      const id = newId();
      await insertIntegration(tx, { entityId: a.entity.id, id, name: 'Second IdP', dirCode: 'scim', status: 'active' });
      return issueScimToken(tx, a.entity.id, id);
    });
    await expectError(await scimClient(ctx.app, sameCompany).get(`/Users/${user.id}`), 404);
  });
});

describe('rate limits', () => {
  it("gives a SCIM token the API tokens' allowance of its own, and answers 429 as a SCIM error", async () => {
    const limited = await createTestApp({ API_TOKEN_RATE_LIMIT: '3', PUBLIC_RATE_LIMIT: '2' }, { db: ctx.db });
    try {
      const w = await scimWorld(limited.app, ctx.db.db);
      for (let i = 0; i < 3; i++) expect((await w.scim.get('/Users')).statusCode).toBe(200);
      const refused = await w.scim.get('/Users');
      await expectError(refused, 429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Made-up tokens count against their address, with the public allowance; the real token is not theirs.
      const guesser = scimClient(limited.app, 'scim_guess');
      await expectError(await guesser.get('/Users'), 401);
      await expectError(await guesser.get('/Users'), 401);
      await expectError(await guesser.get('/Users'), 429);
    } finally {
      await limited.close();
    }
  });
});
