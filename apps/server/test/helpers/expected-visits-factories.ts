// A company ready for expected visits and pre-registration: a site with areas, user types of each
// registration method, a journey whose flows ask hosts and compliances, staff to host, and helpers to
// send public forms, read the audit log and visits as stored.
import { expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { App } from '../../src/app';
import { withTenant, type Executor } from '../../src/db/client';
import { auditLog, entities, visits } from '../../src/db/schema/index';
import type { CreatedEntity } from '../../src/seed/factories';
import { signIn, TestClient } from './http-client';
import { givePersonSite, givePersonUserType, insertPerson } from './people-rows';
import { createCompany, PASSWORD } from './world';

type Body = Record<string, unknown>;

export async function created<T>(client: TestClient, url: string, body: Body): Promise<T> {
  const res = await client.post(url, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<T>();
}

const DAY = 24 * 60 * 60 * 1000;

/** A date and time `days` from now on a UTC company clock, at the given hour. */
export function slot(days: number, hour = 10, minute = 0) {
  const d = new Date(Date.now() + days * DAY);
  const date = d.toISOString().slice(0, 10);
  return { visit_date: date, visit_time: `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}` };
}

export async function setTimezone(db: Executor, entityId: string, timezone: string) {
  await db.update(entities).set({ timezone }).where(eq(entities.id, entityId));
}

/**
 * A company (owner admin signed in) with site HQ (Reception, Lounge) and Branch (Lobby); user types
 * Visitors (registration allowed), Guests (approval), Contractors (approval, auto-approved), Vendors
 * (pre-registered by admin); one journey at HQ and Branch whose Visitors flow asks a host and lists one.
 */
export async function expectedWorld(app: App, db: Executor, opts: Parameters<typeof createCompany>[1] = {}) {
  const company = await createCompany(db, opts);
  const entity = company.entity;
  const { client: admin } = await signIn(app, company.people.admin.email, PASSWORD);
  const hq = (await created<{ id: string }>(admin, '/sites', { name: 'HQ' })).id;
  const branch = (await created<{ id: string }>(admin, '/sites', { name: 'Branch' })).id;
  const area = async (siteId: string, name: string) =>
    (await created<{ id: string }>(admin, '/areas', { site_id: siteId, name })).id;
  const areas = {
    reception: await area(hq, 'Reception'),
    lounge: await area(hq, 'Lounge'),
    lobby: await area(branch, 'Lobby'),
  };
  const type = async (name: string, extra: Body = {}) =>
    (
      await created<{ id: string }>(admin, '/user-types', {
        name,
        registration_method: 'registration_allowed',
        grace_period_minutes: 30,
        ...extra,
      })
    ).id;
  const types = {
    visitors: await type('Visitors'),
    guests: await type('Guests', { registration_method: 'pre_registered_with_approval' }),
    contractors: await type('Contractors', {
      registration_method: 'pre_registered_with_approval',
      auto_approve_visits: true,
    }),
    vendors: await type('Vendors', { registration_method: 'pre_registered_by_admin' }),
    staff: await type('Staff', { registration_method: 'registration_not_required' }),
  };
  const host = await insertPerson(db, entity, {
    firstName: 'Hannah',
    lastName: 'Host',
    email: `hannah.${company.tag}@example.test`,
    dashboardAccess: 'active',
  });
  const other = await insertPerson(db, entity, {
    firstName: 'Hector',
    lastName: 'Helper',
    email: `hector.${company.tag}@example.test`,
  });
  for (const p of [host, other]) {
    await givePersonSite(db, entity, p.id, hq);
    await givePersonUserType(db, entity, p.id, types.staff);
  }
  const journey = await created<{ id: string }>(admin, '/journeys', { name: 'Front desk', site_ids: [hq, branch] });
  const flowRes = await admin.post(`/journeys/${journey.id}/flows`, {
    user_type_ids: [types.visitors, types.guests, types.contractors, types.vendors, types.staff],
    checks: { host: true },
    host_note: 'Who are you visiting?',
    host_ids: [host.id],
  });
  expect(flowRes.statusCode, flowRes.body).toBe(201);
  const flows = Object.fromEntries(
    flowRes.json<{ data: { id: string; user_type: { id: string } }[] }>().data.map((f) => [f.user_type.id, f.id]),
  );
  /** A user type's self-registration code (the last part of its QR url). */
  const qrOf = async (typeId: string) => {
    const res = await admin.get(`/user-types/${typeId}/qr`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ url: string }>().url.split('/').pop()!;
  };
  return { ...company, entity, admin, sites: { hq, branch }, areas, types, host, other, journey, flows, qrOf };
}
export type ExpectedWorld = Awaited<ReturnType<typeof expectedWorld>>;

/** A new visitor as the add form sends them. */
export const newVisitor = (tag: string, over: Body = {}) => ({
  first_name: 'Vera',
  last_name: 'Visitor',
  email: `vera.${tag}@example.test`,
  phone_code: '+44',
  phone: `7${tag.replace(/\D/g, '').padEnd(9, '1').slice(0, 9)}`,
  company_name: 'Acme Ltd',
  ...over,
});

/** An admin's add-form body: a new visitor at HQ reception tomorrow at 10:00, hosted by the world's host. */
export const expectedVisitBody = (w: ExpectedWorld, over: Body = {}) => ({
  visitor: newVisitor(w.tag),
  user_type_id: w.types.visitors,
  site_id: w.sites.hq,
  area_id: w.areas.reception,
  ...slot(1),
  host_ids: [w.host.id],
  ...over,
});

/** Adds that visit through the API (201 expected) and answers it as the server shows it. */
export async function addExpectedVisit<T = { id: string; link_url: string; person: { id: string; email: string } }>(
  w: ExpectedWorld,
  over: Body = {},
): Promise<T> {
  const res = await w.admin.post('/expected-visits', expectedVisitBody(w, over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: T }>().data;
}

/** multipart/form-data with text fields and at most one file. */
export function multipart(
  fields: Record<string, unknown>,
  file?: { field: string; data: Buffer; name: string; type: string },
) {
  const boundary = `----ev${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function postForm(
  client: TestClient,
  url: string,
  fields: Record<string, unknown>,
  file?: { field: string; data: Buffer; name: string; type: string },
) {
  const { body, headers } = multipart(fields, file);
  return client.request('POST', url, body, headers);
}

export async function auditsOf(db: Executor, entity: CreatedEntity, targetId: string) {
  return withTenant(db, entity.id, (tx) =>
    tx
      .select({
        action: auditLog.action,
        actorKind: auditLog.actorKind,
        before: auditLog.before,
        after: auditLog.after,
      })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, entity.id), eq(auditLog.targetId, targetId)))
      .orderBy(auditLog.createdAt),
  );
}

export async function storedVisit(db: Executor, entity: CreatedEntity, id: string) {
  return withTenant(db, entity.id, async (tx) => {
    const [row] = await tx
      .select()
      .from(visits)
      .where(and(eq(visits.entityId, entity.id), eq(visits.id, id)));
    return row!;
  });
}

export async function setVisit(
  db: Executor,
  entity: CreatedEntity,
  id: string,
  values: Partial<typeof visits.$inferInsert>,
) {
  await withTenant(db, entity.id, (tx) =>
    tx
      .update(visits)
      .set(values)
      .where(and(eq(visits.entityId, entity.id), eq(visits.id, id))),
  );
}

export { signIn, PASSWORD };

/**
 * A Guests visit (waiting for approval) registered by its visitor through the user type's link, two
 * days ahead at reception, hosted by the world's host; answers the visit's id.
 */
export async function registerGuest(app: App, w: ExpectedWorld, visitor: { first_name: string; phone: string }) {
  const res = await new TestClient(app).post('/public/pre-registrations', {
    link_id: await w.qrOf(w.types.guests),
    user_type_id: w.types.guests,
    area_id: w.areas.reception,
    ...slot(2),
    ...newVisitor(w.tag, {
      ...visitor,
      last_name: 'Guest',
      email: `${visitor.first_name.toLowerCase()}.${w.tag}@example.test`,
    }),
    host_ids: [w.host.id],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ visit_id: string }>().visit_id;
}
