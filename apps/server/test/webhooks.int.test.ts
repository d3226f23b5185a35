// Outgoing webhooks (issue 29, decision 052): messages signed to the Standard Webhooks specification
// and checked with its own verifier, the retry schedule on a test clock, 410 and a spent schedule
// disabling the endpoint (the admins told), strict order per endpoint, "send again", the events at each
// way, the server-side request forgery guard, bad input, and another company neither reading nor
// changing anything nor hearing of this company's events.
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_RETRY_DELAYS_S,
  type WebhookDeliveries,
  type WebhookDeliveryDetail,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '@app/shared/webhooks/schemas';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/client';
import { dispatchDue, dispatchEndpoint } from '../src/modules/webhooks/webhook-dispatch';
import { signIn, TestClient } from './helpers/http-client';
import { mailsTo } from './helpers/mail';
import { createTestApp, type TestContext } from './helpers/test-app';
import { visitsWorld, type VisitsWorld } from './helpers/visits-factories';
import {
  expectedVisitBody,
  expectedWorld,
  registerGuest,
  type ExpectedWorld,
} from './helpers/expected-visits-factories';
import { PASSWORD } from './helpers/world';
import { unzip } from './helpers/zip';
import { receiver } from './helpers/webhook-receiver';

let ctx: TestContext;
let w: VisitsWorld;
let other: VisitsWorld;
const hook = receiver();

beforeAll(async () => {
  await hook.start();
  ctx = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
  w = await visitsWorld(ctx.app, ctx.db.db);
  other = await visitsWorld(ctx.app, ctx.db.db);
  await w.flow(w.types.visitors);
  await other.flow(other.types.visitors);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await hook.close();
});

let n = 0;
/** An endpoint of `client`'s company at a path of its own on the receiver. */
async function endpoint(client: TestClient, events: string[] = ['visit.signed_in']) {
  const path = `/hook-${++n}`;
  const res = await client.post('/webhooks', { endpoint_url: hook.url(path), events, description: `Test ${n}` });
  expect(res.statusCode, res.body).toBe(201);
  const made = res.json<WebhookEndpointWithSecret>();
  return { ...made, secret: made.secret!, path, id: made.endpoint.id };
}

const deliveries = async (client: TestClient, id: string, query = '') =>
  (await client.get(`/webhooks/${id}/deliveries${query}`)).json<WebhookDeliveries>();
const endpointOf = async (client: TestClient, id: string) =>
  (await client.get('/webhooks')).json<{ data: WebhookEndpoint[] }>().data.find((e) => e.id === id)!;
const dispatch = (world: VisitsWorld | ExpectedWorld, id: string, at: Date = new Date()) =>
  dispatchEndpoint(ctx.app, world.entity.id, id, () => at);

describe('signed messages', () => {
  it('signs each message so that the Standard Webhooks verifier accepts it, with the event in its body', async () => {
    const ep = await endpoint(w.admin);
    expect(ep.secret).toMatch(/^whsec_/);
    const ada = await w.person('Ada');
    const visit = await w.signInOne(ada.id);
    expect((await dispatch(w, ep.id)).attempts).toBe(1);
    const [got] = hook.to(ep.path);
    const payload = new Webhook(ep.secret).verify(got!.body, got!.headers) as {
      type: string;
      data: { visit: { id: string; person: { full_name: string }; area: { name: string } } };
    };
    expect(payload.type).toBe('visit.signed_in');
    expect(payload.data.visit).toMatchObject({
      id: visit.id,
      person: { full_name: 'Ada Tester' },
      area: { name: 'Reception' },
    });
    expect(got!.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(got!.headers['content-type']).toBe('application/json');
    // A changed body or another secret is refused by the verifier.
    expect(() => new Webhook(ep.secret).verify(got!.body.replace('Ada', 'Eve'), got!.headers)).toThrow();
    // The log shows it delivered, with the endpoint's answer.
    const [d] = (await deliveries(w.admin, ep.id)).data;
    expect(d).toMatchObject({
      event: 'visit.signed_in',
      status: 'succeeded',
      attempts: 1,
      last_attempt: { response_status: 204 },
    });
    expect(d!.id).toBe(got!.headers['webhook-id']);
    const detail = (await w.admin.get(`/webhooks/${ep.id}/deliveries/${d!.id}`)).json<WebhookDeliveryDetail>();
    expect(detail.request.body).toBe(got!.body);
    expect(detail.attempt_log).toHaveLength(1);
    // The list shows the endpoint's last attempt.
    expect((await endpointOf(w.admin, ep.id)).last_attempt).toMatchObject({ response_status: 204, error: null });
    // The secret is answered once: never in the list, the log or the audit log.
    expect(JSON.stringify(await endpointOf(w.admin, ep.id))).not.toContain('whsec_');
    expect((await w.admin.get('/audit-log?limit=50')).body).not.toContain(ep.secret);
  });

  it('signs with both secrets for a day after a rotation, so either verifies', async () => {
    const ep = await endpoint(w.admin);
    const rotated = (await w.admin.post(`/webhooks/${ep.id}/rotate-secret`)).json<WebhookEndpointWithSecret>();
    expect(rotated.secret).not.toBe(ep.secret);
    const newSecret = rotated.secret!;
    expect(Date.parse(rotated.endpoint.previous_secret_until!) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    await w.signInOne((await w.person('Rotor')).id);
    await dispatch(w, ep.id);
    const [got] = hook.to(ep.path);
    expect(got!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(new Webhook(newSecret).verify(got!.body, got!.headers)).toBeTruthy();
    expect(new Webhook(ep.secret).verify(got!.body, got!.headers)).toBeTruthy();
    // After the day, only the new secret signs.
    await w.signInOne((await w.person('Later')).id);
    await dispatch(w, ep.id, new Date(Date.now() + 25 * 3_600_000));
    const later = hook.to(ep.path)[1]!;
    expect(later.headers['webhook-signature']!.split(' ')).toHaveLength(1);
  });
});

describe('retries, order and disabling', () => {
  beforeEach(() => undefined);

  it('retries on the schedule (5 s, 5 min, 30 min, …, 24 h), then fails the message, disables the endpoint and tells the admins', async () => {
    const ep = await endpoint(w.admin);
    hook.answer(ep.path, ...Array<number>(WEBHOOK_RETRY_DELAYS_S.length + 1).fill(500));
    await w.signInOne((await w.person('Retry')).id);
    let at = new Date(Date.now() + 1000);
    expect((await dispatch(w, ep.id, at)).attempts).toBe(1);
    for (const [i, wait] of WEBHOOK_RETRY_DELAYS_S.entries()) {
      const [d] = (await deliveries(w.admin, ep.id)).data;
      expect(d).toMatchObject({ status: 'pending', attempts: i + 1, last_attempt: { response_status: 500 } });
      expect(Date.parse(d!.next_attempt_at!)).toBe(at.getTime() + wait * 1000);
      // A second early: nothing is sent.
      expect((await dispatch(w, ep.id, new Date(at.getTime() + wait * 1000 - 1000))).attempts).toBe(0);
      at = new Date(at.getTime() + wait * 1000);
      // The minute's sweep finds it due, across companies.
      expect(await dispatchDue(ctx.app, () => at)).toBeGreaterThanOrEqual(1);
    }
    const [d] = (await deliveries(w.admin, ep.id)).data;
    expect(d).toMatchObject({ status: 'failed', attempts: WEBHOOK_RETRY_DELAYS_S.length + 1, next_attempt_at: null });
    expect(hook.to(ep.path)).toHaveLength(WEBHOOK_RETRY_DELAYS_S.length + 1);
    expect(await endpointOf(w.admin, ep.id)).toMatchObject({ enabled: false, disabled_reason: 'failing' });
    const mails = await mailsTo(ctx.db.db, w.people.admin.email);
    expect(mails.map((m) => m.subject)).toContain(`Webhook endpoint disabled: ${hook.url(ep.path)}`);
    // Disabled, it receives nothing, and refuses a test message until enabled again.
    await w.signInOne((await w.person('Waiting')).id);
    expect((await dispatch(w, ep.id, new Date(at.getTime() + 60_000))).attempts).toBe(0);
    expect((await w.admin.post(`/webhooks/${ep.id}/test`)).statusCode).toBe(422);
  });

  it('disables the endpoint at once when it answers 410 Gone', async () => {
    const ep = await endpoint(w.admin);
    hook.answer(ep.path, 410);
    await w.signInOne((await w.person('Gone')).id);
    await dispatch(w, ep.id);
    expect(await endpointOf(w.admin, ep.id)).toMatchObject({ enabled: false, disabled_reason: 'gone' });
    expect((await deliveries(w.admin, ep.id)).data[0]).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('delivers in order: nothing after a failing message until it succeeds; enabling again sends what waited', async () => {
    const ep = await endpoint(w.admin);
    hook.answer(ep.path, 503);
    const first = await w.signInOne((await w.person('First')).id);
    const second = await w.signInOne((await w.person('Second')).id);
    const t0 = new Date(Date.now() + 1000);
    expect((await dispatch(w, ep.id, t0)).attempts).toBe(1);
    // The second waits behind the first's retry, even though it is due.
    expect((await dispatch(w, ep.id, new Date(t0.getTime() + 4000))).attempts).toBe(0);
    expect((await dispatch(w, ep.id, new Date(t0.getTime() + 5000))).attempts).toBe(2);
    const ids = hook.to(ep.path).map((r) => (JSON.parse(r.body) as { data: { visit: { id: string } } }).data.visit.id);
    expect(ids).toEqual([first.id, first.id, second.id]);
    // Disabled by hand, then enabled: the message queued meanwhile goes.
    await w.admin.patch(`/webhooks/${ep.id}`, { enabled: false });
    // What the change left out is kept.
    expect(await endpointOf(w.admin, ep.id)).toMatchObject({
      enabled: false,
      disabled_reason: 'manual',
      description: ep.endpoint.description,
      events: ['visit.signed_in'],
    });
    const third = await w.signInOne((await w.person('Third')).id);
    // Only enabled endpoints are told of new events: nothing was queued for it.
    expect((await endpointOf(w.admin, ep.id)).pending).toBe(0);
    expect((await w.admin.patch(`/webhooks/${ep.id}`, { enabled: true })).json<WebhookEndpoint>()).toMatchObject({
      enabled: true,
      disabled_reason: null,
    });
    expect(third.id).toBeTruthy();
  });

  it('sends a delivered message again with the same id, at the end of the order', async () => {
    const ep = await endpoint(w.admin);
    await w.signInOne((await w.person('Again')).id);
    await dispatch(w, ep.id);
    const [d] = (await deliveries(w.admin, ep.id)).data;
    const res = await w.admin.post(`/webhooks/${ep.id}/deliveries/${d!.id}/resend`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: d!.id, status: 'pending', attempts: 0 });
    // Waiting already: refused.
    expect((await w.admin.post(`/webhooks/${ep.id}/deliveries/${d!.id}/resend`)).statusCode).toBe(422);
    await dispatch(w, ep.id);
    const sent = hook.to(ep.path);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.headers['webhook-id']).toBe(sent[0]!.headers['webhook-id']);
    expect(sent[1]!.body).toBe(sent[0]!.body);
  });

  it('sends a test message to one endpoint whatever its events, and one lease delivers at a time', async () => {
    const ep = await endpoint(w.admin, ['emergency.started']);
    const res = await w.admin.post(`/webhooks/${ep.id}/test`);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ event: 'webhook.test', status: 'pending' });
    const [a, b] = await Promise.all([dispatch(w, ep.id), dispatch(w, ep.id)]);
    expect(a.attempts + b.attempts).toBe(1);
    const body = JSON.parse(hook.to(ep.path)[0]!.body) as { type: string; data: { endpoint_id: string } };
    expect(body).toMatchObject({ type: 'webhook.test', data: { endpoint_id: ep.id } });
  });
});

describe('what endpoints are told of', () => {
  it('tells of visits, people, emergencies and watchlist matches, each to the endpoints of its event only', async () => {
    const all = await endpoint(w.admin, [...WEBHOOK_EVENTS]);
    const outs = await endpoint(w.admin, ['visit.signed_out']);
    const eve = await w.person('Eve');
    const visit = await w.signInOne(eve.id);
    expect((await w.admin.post('/visits/sign-out', { visit_ids: [visit.id] })).statusCode).toBe(200);
    const made = await w.admin.post('/people', {
      first_name: 'Nora',
      last_name: 'New',
      role_id: w.entity.roles.employee,
      site_ids: [w.sites.hq],
      user_type_ids: [w.types.visitors],
    });
    expect(made.statusCode, made.body).toBe(201);
    const nora = made.json<{ id: string }>().id;
    expect((await w.admin.post('/people/archive', { person_ids: [nora] })).statusCode).toBe(200);
    const drill = await w.admin.post('/emergency/sessions', {
      name: 'Drill',
      is_drill: true,
      area_ids: [w.areas.lobby],
    });
    expect(drill.statusCode, drill.body).toBe(201);
    const sessionId = drill.json<{ session: { id: string } }>().session.id;
    expect((await w.admin.post(`/emergency/sessions/${sessionId}/end`)).statusCode).toBe(200);
    await w.admin.post('/watchlist', { level: 'notify', full_name: 'Nina Notify', reason: 'Known to reception' });
    await w.signInOne((await w.person('Nina', w.types.visitors, w.sites.hq, { lastName: 'Notify' })).id);

    await dispatch(w, all.id);
    await dispatch(w, outs.id);
    const types = hook.to(all.path).map((r) => (JSON.parse(r.body) as { type: string }).type);
    expect(types).toEqual([
      'visit.signed_in',
      'visit.signed_out',
      'person.created',
      'person.archived',
      'emergency.started',
      'emergency.ended',
      'watchlist.matched',
      'visit.signed_in',
    ]);
    expect(hook.to(outs.path).map((r) => (JSON.parse(r.body) as { type: string }).type)).toEqual(['visit.signed_out']);
    const matched = JSON.parse(hook.to(all.path)[6]!.body) as { data: { screening: Record<string, unknown> } };
    expect(matched.data.screening).toMatchObject({
      level: 'notify',
      outcome: 'notified',
      entry: { full_name: 'Nina Notify' },
    });
    // A rolled-back change is never told: a refused sign-in queues nothing.
    const before = (await endpointOf(w.admin, all.id)).pending;
    expect(
      (await w.signInPeople([{ person_id: eve.id, user_type_id: other.types.visitors }])).statusCode,
    ).toBeGreaterThanOrEqual(400);
    expect((await endpointOf(w.admin, all.id)).pending).toBe(before);
  });

  it('tells of expected visits made (by an admin, or registered by the visitor), changed, approved, rejected and cancelled', async () => {
    const e = await expectedWorld(ctx.app, ctx.db.db);
    const ep = await endpoint(
      e.admin,
      WEBHOOK_EVENTS.filter((x) => x.startsWith('expected_visit.')),
    );
    const made = await e.admin.post('/expected-visits', expectedVisitBody(e));
    expect(made.statusCode, made.body).toBe(201);
    const { id: madeId, person } = made.json<{ data: { id: string; person: { id: string } } }>().data;
    const changed = await e.admin.put(
      `/expected-visits/${madeId}`,
      expectedVisitBody(e, { visitor: null, person_id: person.id, notes: 'Bring the badge' }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const id = await registerGuest(ctx.app, e, { first_name: 'Gil', phone: '7999888774' });
    const decide = async (decision: string) => {
      const res = await e.admin.post(`/expected-visits/${id}/decisions`, { decision });
      expect(res.statusCode, res.body).toBe(200);
    };
    await decide('approve');
    await decide('reject_approved');
    expect((await e.admin.delete(`/expected-visits/${id}`)).statusCode).toBe(200);
    await dispatch(e, ep.id);
    const bodies = hook
      .to(ep.path)
      .map((r) => JSON.parse(r.body) as { type: string; data: { expected_visit: { id: string; origin: string } } });
    expect(bodies.map((b) => [b.type, b.data.expected_visit.id])).toEqual([
      ['expected_visit.created', madeId],
      ['expected_visit.changed', madeId],
      ['expected_visit.created', id],
      ['expected_visit.approved', id],
      ['expected_visit.rejected', id],
      ['expected_visit.cancelled', id],
    ]);
    expect(bodies[2]!.data.expected_visit.origin).toBe('pre_registration');
  });

  it('deletes the messages about a person with them', async () => {
    const ep = await endpoint(w.admin, ['person.created']);
    const made = await w.admin.post('/people', {
      first_name: 'Gone',
      last_name: 'Soon',
      role_id: w.entity.roles.employee,
      site_ids: [w.sites.hq],
      user_type_ids: [w.types.visitors],
    });
    expect((await deliveries(w.admin, ep.id)).count).toBe(1);
    const personId = made.json<{ id: string }>().id;
    // The person's subject-access export says what was sent about them, and to whom.
    const exported = await unzip((await w.admin.get(`/people/${personId}/data-export`)).rawPayload);
    expect(JSON.parse(exported.get('webhook-messages.json')!.toString())).toEqual([
      expect.objectContaining({
        event: 'person.created',
        sent_to: expect.arrayContaining([
          expect.objectContaining({ endpoint_url: hook.url(ep.path), status: 'pending' }),
        ]),
      }),
    ]);
    expect((await w.admin.delete(`/people/${personId}`)).statusCode).toBe(204);
    expect((await deliveries(w.admin, ep.id)).count).toBe(0);
  });
});

describe('rules', () => {
  it('refuses bad input naming the field, and more than 20 endpoints', async () => {
    const bad = async (body: Record<string, unknown>, field: string) => {
      const res = await w.admin.post('/webhooks', body);
      expect(res.statusCode, res.body).toBe(400);
      const fields = Object.keys(res.json<{ fields: Record<string, string> }>().fields);
      expect(
        fields.some((f) => f.startsWith(field)),
        `${field} in ${res.body}`,
      ).toBe(true);
    };
    await bad({ endpoint_url: 'not a url', events: ['visit.signed_in'] }, 'endpoint_url');
    await bad({ endpoint_url: 'ftp://example.com/x', events: ['visit.signed_in'] }, 'endpoint_url');
    await bad({ endpoint_url: 'https://example.com/x', events: [] }, 'events');
    await bad({ endpoint_url: 'https://example.com/x', events: ['visit.teleported'] }, 'events');
    await bad({ endpoint_url: 'https://example.com/x', events: ['visit.signed_in'], secret: 'mine' }, 'body');
    expect((await w.admin.get('/webhooks/not-a-uuid/deliveries')).statusCode).toBe(400);
    expect((await w.admin.get(`/webhooks/${crypto.randomUUID()}/deliveries/msg_x`)).statusCode).toBe(400);
    const count = (await w.admin.get('/webhooks')).json<{ data: unknown[] }>().data.length;
    for (let i = count; i < 20; i++) await endpoint(w.admin);
    const over = await w.admin.post('/webhooks', {
      endpoint_url: 'https://example.com/x',
      events: ['visit.signed_in'],
    });
    expect(over.statusCode).toBe(422);
    expect(over.json<{ message: string }>().message).toContain('20');
    // Deleting one endpoint leaves the others' logs whole, messages they share included.
    const all = (await w.admin.get('/webhooks')).json<{ data: WebhookEndpoint[] }>().data;
    const counts = new Map<string, number>();
    for (const e of all) counts.set(e.id, (await deliveries(w.admin, e.id)).count);
    for (const [i, e] of all.entries()) {
      expect((await w.admin.delete(`/webhooks/${e.id}`)).statusCode).toBe(200);
      const next = all[i + 1];
      if (next) expect((await deliveries(w.admin, next.id)).count).toBe(counts.get(next.id));
    }
    // With every endpoint gone, no message is left behind.
    const [left] = rowsOf<{ n: number }>(
      await ctx.db.db.execute(sql`select count(*)::int as n from webhook_messages where entity_id = ${w.entity.id}`),
    );
    expect(Number(left!.n)).toBe(0);
  });

  it('never reaches a private or loopback address unless the installation allows it', async () => {
    const guarded = await createTestApp({}, { db: ctx.db });
    try {
      const { client } = await signIn(guarded.app, w.people.admin.email, PASSWORD);
      for (const url of [
        'https://127.0.0.1/x',
        'https://localhost:8443/x',
        'https://10.1.2.3/x',
        'https://169.254.169.254/latest/meta-data',
        'https://[::1]/x',
        'https://[::ffff:127.0.0.1]/x',
        'http://hooks.example.com/x',
      ]) {
        const res = await client.post('/webhooks', { endpoint_url: url, events: ['visit.signed_in'] });
        expect(res.statusCode, url).toBe(400);
        expect(Object.keys(res.json<{ fields: Record<string, string> }>().fields)).toEqual(['endpoint_url']);
      }
      // One saved while allowed is refused at sending when it no longer is, and the attempt says why.
      const ep = await endpoint(w.admin);
      await w.signInOne((await w.person('Guarded')).id);
      await dispatchEndpoint(guarded.app, w.entity.id, ep.id, () => new Date());
      expect(hook.to(ep.path)).toHaveLength(0);
      expect((await deliveries(w.admin, ep.id)).data[0]).toMatchObject({
        status: 'pending',
        last_attempt: { response_status: null, error: 'blocked_address' },
      });
      await w.admin.delete(`/webhooks/${ep.id}`);
    } finally {
      await guarded.close();
    }
  });

  it('needs the integration permission; another company neither reads, changes nor hears anything', async () => {
    const ep = await endpoint(w.admin, ['visit.signed_in']);
    const { client: employee } = await signIn(ctx.app, w.people.employee.email, PASSWORD);
    expect((await employee.get('/webhooks')).statusCode).toBe(403);
    expect(
      (await employee.post('/webhooks', { endpoint_url: hook.url('/x'), events: ['visit.signed_in'] })).statusCode,
    ).toBe(403);
    await w.signInOne((await w.person('Mine')).id);
    await dispatch(w, ep.id);
    const [d] = (await deliveries(w.admin, ep.id)).data;
    const o = other.admin;
    expect((await o.get('/webhooks')).json<{ data: unknown[] }>().data).toHaveLength(0);
    expect((await o.patch(`/webhooks/${ep.id}`, { enabled: false })).statusCode).toBe(404);
    expect((await o.delete(`/webhooks/${ep.id}`)).statusCode).toBe(404);
    expect((await o.post(`/webhooks/${ep.id}/rotate-secret`)).statusCode).toBe(404);
    expect((await o.post(`/webhooks/${ep.id}/test`)).statusCode).toBe(404);
    expect((await o.get(`/webhooks/${ep.id}/deliveries`)).statusCode).toBe(404);
    expect((await o.get(`/webhooks/${ep.id}/deliveries/${d!.id}`)).statusCode).toBe(404);
    expect((await o.post(`/webhooks/${ep.id}/deliveries/${d!.id}/resend`)).statusCode).toBe(404);
    expect(await endpointOf(w.admin, ep.id)).toMatchObject({ enabled: true });
    // The other company's sign-ins are not told to this company's endpoint.
    const before = hook.to(ep.path).length;
    await other.signInOne((await other.person('Theirs')).id);
    await dispatch(w, ep.id);
    expect(hook.to(ep.path)).toHaveLength(before);
    await w.admin.delete(`/webhooks/${ep.id}`);
  });
});
