import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peopleWorld } from '../../../server/test/helpers/people-world';
import { TestClient } from '../../../server/test/helpers/http-client';
import { createPassport, startPassportWorld, uniqueEmail, type PassportWorld } from './passport-world';

// Spec §4 "Invitations": an admin invites a person to the dashboard; the person sees it in their
// passport and accepts or rejects it; revoking ends it. One company's invitation is nobody else's.

let world: PassportWorld;
beforeAll(async () => {
  world = await startPassportWorld();
});
afterAll(() => world.close());

async function invited(email: string) {
  const w = await peopleWorld(world.ctx.app, world.ctx.db.db);
  const person = await w.create({ first_name: 'Ines', email, role_id: w.roles.employee });
  const res = await w.admin.post('/people/invite', { person_ids: [person.id] });
  expect(res.json().done).toEqual([person.id]);
  return { w, person };
}

describe('invitations in the passport', () => {
  it('shows an invitation to the owner of its address only, who accepts it', async () => {
    const email = uniqueEmail('inv');
    const { w, person } = await invited(email);
    const owner = await createPassport(world, { email });
    const other = await createPassport(world);

    const list = await owner.browser.get('/api/invitations');
    expect(list.json.invitations).toEqual([
      expect.objectContaining({ id: person.id, entity_name: w.entity.name, role: 'Employee', status: 'invited' }),
    ]);
    expect((await other.browser.get('/api/invitations')).json.invitations).toEqual([]);
    // Another passport cannot accept or reject it, and learns nothing (404 like an unknown id).
    expect((await other.browser.post(`/api/invitations/${person.id}/accept`)).status).toBe(404);
    expect((await other.browser.post(`/api/invitations/${person.id}/reject`)).status).toBe(404);

    expect((await owner.browser.post(`/api/invitations/${person.id}/accept`)).status).toBe(204);
    expect((await owner.browser.get('/api/invitations')).json.invitations).toEqual([
      expect.objectContaining({ id: person.id, status: 'accepted' }),
    ]);
    expect((await w.admin.get(`/people/${person.id}`)).json().dashboard_access).toBe('active');
    // Accepted once: a second answer finds nothing waiting.
    expect((await owner.browser.post(`/api/invitations/${person.id}/reject`)).status).toBe(404);
  });

  it('rejecting closes the membership: the dashboard no longer opens that company', async () => {
    const email = uniqueEmail('rej');
    const { w, person } = await invited(email);
    const owner = await createPassport(world, { email });
    expect((await owner.browser.post(`/api/invitations/${person.id}/reject`)).status).toBe(204);
    expect((await owner.browser.get('/api/invitations')).json.invitations).toEqual([]);
    expect((await w.admin.get(`/people/${person.id}`)).json().dashboard_access).toBe('none');
    const link = await owner.browser.get('/api/dashboard-link');
    const token = new URL(String(link.json.redirect_to)).searchParams.get('token');
    const res = await new TestClient(world.ctx.app).post('/auth/passport/exchange', { code: token });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('not_a_member');
  });

  it('shows a revoked invitation as revoked, and it can no longer be accepted', async () => {
    const email = uniqueEmail('rev');
    const { w, person } = await invited(email);
    const owner = await createPassport(world, { email });
    expect((await w.admin.post('/people/revoke', { person_ids: [person.id] })).json().done).toEqual([person.id]);
    expect((await owner.browser.get('/api/invitations')).json.invitations).toEqual([
      expect.objectContaining({ id: person.id, status: 'revoked' }),
    ]);
    expect((await owner.browser.post(`/api/invitations/${person.id}/accept`)).status).toBe(404);
  });
});
