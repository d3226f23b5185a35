// Host alerts in Slack and Microsoft Teams (issue 29): a chat endpoint (a webhook endpoint of kind slack
// or teams) gets a message per host in the host's language, retried and logged like a webhook; a visit
// waiting for approval carries links that open a page and decide once, as the visit's host; another
// company hears nothing of it.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostApproval } from '@app/shared/webhooks/host-approvals';
import type { WebhookDeliveries, WebhookDeliveryDetail, WebhookEndpointWithSecret } from '@app/shared/webhooks/schemas';
import { withTenant } from '../src/db/client';
import { auditLog, hostApprovalLinks, memberships, people, visitHosts } from '../src/db/schema/index';
import { newId } from '../src/lib/ids';
import { createUser } from '../src/seed/factories';
import { PASSWORD } from './helpers/world';
import { dispatchEndpoint } from '../src/modules/webhooks/webhook-dispatch';
import { alertLateVisitors } from '../src/modules/host-alerts/late-visitors';
import { TestClient } from './helpers/http-client';
import { createTestApp, type TestContext } from './helpers/test-app';
import { expectedWorld, registerGuest, type ExpectedWorld } from './helpers/expected-visits-factories';
import { insertVisit, readVisit } from './helpers/visits-factories';
import { receiver } from './helpers/webhook-receiver';

let ctx: TestContext;
let e: ExpectedWorld;
let other: ExpectedWorld;
const hook = receiver();
let n = 0;

beforeAll(async () => {
  await hook.start();
  ctx = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
  e = await expectedWorld(ctx.app, ctx.db.db);
  other = await expectedWorld(ctx.app, ctx.db.db);
  // The host reads Arabic: their own language, whatever the desk's.
  const user = await createUser(ctx.db.db, {
    email: `hannah.user.${e.tag}@example.test`,
    password: PASSWORD,
    lang: 'ar',
  });
  // A member of the company, as hosts who chose a language are.
  const membershipId = newId();
  await withTenant(ctx.db.db, e.entity.id, async (tx) => {
    await tx
      .insert(memberships)
      .values({ entityId: e.entity.id, id: membershipId, userId: user.id, roleId: e.entity.roles.employee });
    await tx
      .update(people)
      .set({ userId: user.id, membershipId })
      .where(and(eq(people.entityId, e.entity.id), eq(people.id, e.host.id)));
  });
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await hook.close();
});

async function chat(world: ExpectedWorld, kind: 'slack' | 'teams', events: string[]) {
  const path = `/chat-${++n}`;
  const res = await world.admin.post('/webhooks', { endpoint_kind: kind, endpoint_url: hook.url(path), events });
  expect(res.statusCode, res.body).toBe(201);
  const made = res.json<WebhookEndpointWithSecret>();
  return { ...made, path, id: made.endpoint.id };
}

const dispatch = (world: ExpectedWorld, id: string) => dispatchEndpoint(ctx.app, world.entity.id, id, () => new Date());

type SlackBody = {
  text: string;
  blocks: { type: string; text?: { text: string }; elements?: { url?: string; text: { text: string } }[] }[];
};
const slackOf = (path: string) => hook.to(path).map((r) => JSON.parse(r.body) as SlackBody);
const buttons = (b: SlackBody) => b.blocks.find((x) => x.type === 'actions')?.elements ?? [];
const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!;

/** A Guests visit today at reception, waiting for approval, hosted by the world's host. */
async function awaitingVisit(world: ExpectedWorld, firstName: string) {
  const visitor = await insertPerson(world, firstName);
  const visit = await insertVisit(ctx.db.db, world.entity, {
    personId: visitor.id,
    siteId: world.sites.hq,
    areaId: world.areas.reception,
    userTypeId: world.types.guests,
    state: 'expected',
    stage: 'awaiting_approval',
    expectedAt: new Date(),
  });
  await withTenant(ctx.db.db, world.entity.id, (tx) =>
    tx.insert(visitHosts).values({ entityId: world.entity.id, visitId: visit.id, personId: world.host.id }),
  );
  return { visitor, visit };
}

async function insertPerson(world: ExpectedWorld, firstName: string, typeId = world.types.guests) {
  const res = await world.admin.post('/people', {
    first_name: firstName,
    last_name: 'Visitor',
    email: `${firstName.toLowerCase()}.${world.tag}@example.test`,
    role_id: world.entity.roles.employee,
    user_type_ids: [typeId],
    site_ids: [world.sites.hq],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>();
}

describe('host alerts in chat', () => {
  it('tells the host of an arrival in Slack and Teams, in the host’s language, unsigned, and logs it', async () => {
    const slack = await chat(e, 'slack', ['host.visitor_arrived']);
    const teams = await chat(e, 'teams', ['host.visitor_arrived']);
    expect(slack.secret).toBeNull();
    const flow = await e.admin.put(`/journey-flows/${e.flows[e.types.visitors]}`, {
      user_type_id: e.types.visitors,
      checks: { host: true },
      host_ids: [e.host.id],
      notifications: { notify_host_on_arrival: true },
    });
    expect(flow.statusCode, flow.body).toBe(200);
    const vic = await insertPerson(e, 'Vic', e.types.visitors);
    const signed = await e.admin.post(
      '/visits/sign-in',
      {
        area_id: e.areas.reception,
        people: [{ person_id: vic.id, user_type_id: e.types.visitors, host_ids: [e.host.id] }],
      },
      { 'x-lang': 'en' },
    );
    expect(signed.statusCode, signed.body).toBe(201);
    expect((await dispatch(e, slack.id)).attempts).toBe(1);
    expect((await dispatch(e, teams.id)).attempts).toBe(1);

    const [got] = hook.to(slack.path);
    expect(got!.headers['webhook-signature']).toBeUndefined();
    const body = JSON.parse(got!.body) as SlackBody;
    expect(body.text).toContain('وصل Vic Visitor');
    expect(body.blocks[0]!.text!.text).toContain('مرحبًا Hannah');
    expect(buttons(body).map((b) => b.text.text)).toEqual([]);

    const card = JSON.parse(hook.to(teams.path)[0]!.body) as {
      type: string;
      attachments: { contentType: string; content: { type: string; rtl: boolean; body: { text?: string }[] } }[];
    };
    expect(card.type).toBe('message');
    expect(card.attachments[0]!.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(card.attachments[0]!.content).toMatchObject({ type: 'AdaptiveCard', rtl: true });
    expect(card.attachments[0]!.content.body[0]!.text).toBe('وصل Vic Visitor');

    // Logged like any webhook: the log shows what the channel was sent.
    const log = (await e.admin.get(`/webhooks/${slack.id}/deliveries`)).json<WebhookDeliveries>();
    expect(log.data.map((d) => [d.event, d.status])).toEqual([['host.visitor_arrived', 'succeeded']]);
    const detail = (
      await e.admin.get(`/webhooks/${slack.id}/deliveries/${log.data[0]!.id}`)
    ).json<WebhookDeliveryDetail>();
    expect(detail.request.headers['webhook-id']).toBeUndefined();
    expect(JSON.parse(detail.request.body)).toEqual(body);
  });

  it('asks the hosts of a registered visit waiting for approval, and a link decides it once, as the host', async () => {
    const slack = await chat(e, 'slack', ['host.approval_needed']);
    const visitId = await registerGuest(ctx.app, e, { first_name: 'Gil', phone: '7999888701' });
    await dispatch(e, slack.id);
    const [message] = slackOf(slack.path);
    expect(message!.text).toContain('زيارة Gil Guest بانتظار موافقتك');
    const [approve, reject, photo] = buttons(message!);
    expect(photo).toBeUndefined();
    expect(new URL(approve!.url!).searchParams.get('decision')).toBe('approve');
    expect(new URL(reject!.url!).searchParams.get('decision')).toBe('reject');
    const token = tokenOf(approve!.url!);
    expect(tokenOf(reject!.url!)).toBe(token);

    // The log never shows a usable link.
    const log = (await e.admin.get(`/webhooks/${slack.id}/deliveries`)).json<WebhookDeliveries>();
    const detail = (
      await e.admin.get(`/webhooks/${slack.id}/deliveries/${log.data[0]!.id}`)
    ).json<WebhookDeliveryDetail>();
    expect(detail.request.body).not.toContain(token);
    expect(detail.request.body).toContain(token.split('.')[0]);

    // Opening the link (as a chat app does to preview it) decides nothing.
    const page = new TestClient(ctx.app);
    const seen = await page.get(`/public/host-approvals/${token}`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json<HostApproval>()).toMatchObject({
      state: 'open',
      host: 'Hannah',
      visitor: 'Gil Guest',
      area: 'Reception',
      decision: null,
    });
    expect((await readVisit(ctx.db.db, e.entity, visitId)).stage).toBe('awaiting_approval');

    // A changed signature is no link.
    const forged = `${token.split('.')[0]}.${'A'.repeat(43)}`;
    const refused = await page.post(`/public/host-approvals/${forged}`, { decision: 'approve' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json<{ fields: Record<string, string[]> }>().fields.token).toBeDefined();
    expect((await page.post(`/public/host-approvals/${token}`, { decision: 'maybe' })).statusCode).toBe(400);

    // Two clicks at once: one decides.
    const [a, b] = await Promise.all([
      page.post(`/public/host-approvals/${token}`, { decision: 'approve' }),
      page.post(`/public/host-approvals/${token}`, { decision: 'reject' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 422]);
    const won = a.statusCode === 200 ? a : b;
    const stage = (await readVisit(ctx.db.db, e.entity, visitId)).stage;
    expect(stage).toBe(won === a ? 'approved' : 'rejected');
    const again = await page.post(`/public/host-approvals/${token}`, { decision: 'approve' }, { 'x-lang': 'en' });
    expect(again.statusCode).toBe(422);
    expect(again.json<{ fields: Record<string, string[]> }>().fields.token).toEqual([
      'This link has been used already.',
    ]);
    expect((await page.get(`/public/host-approvals/${token}`)).json<HostApproval>().state).toBe('used');

    // Audited as the host, through their link; the visit records who decided.
    const audits = await withTenant(ctx.db.db, e.entity.id, (tx) =>
      tx
        .select({ action: auditLog.action, kind: auditLog.actorKind })
        .from(auditLog)
        .where(and(eq(auditLog.entityId, e.entity.id), eq(auditLog.targetId, visitId))),
    );
    expect(audits).toContainEqual({
      action: stage === 'approved' ? 'visit.approve' : 'visit.reject',
      kind: 'host_link',
    });
    expect((await readVisit(ctx.db.db, e.entity, visitId)).decidedByPersonId).toBe(e.host.id);
  });

  it('asks again when the visitor is at the door, once in a while, and a decided or expired link does nothing', async () => {
    const slack = await chat(e, 'slack', ['host.approval_needed']);
    const { visitor, visit } = await awaitingVisit(e, 'Dora');
    const tryDoor = () =>
      e.admin.post('/visits/sign-in', {
        area_id: e.areas.reception,
        people: [{ person_id: visitor.id, user_type_id: e.types.guests, host_ids: [e.host.id] }],
      });
    expect((await tryDoor()).statusCode).toBe(422);
    expect((await tryDoor()).statusCode).toBe(422);
    await dispatch(e, slack.id);
    const messages = slackOf(slack.path);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.text).toContain('Dora Visitor ينتظر في Reception');
    const token = tokenOf(buttons(messages[0]!)[0]!.url!);

    // Decided at the desk meanwhile: the link only says so.
    const decided = await e.admin.post(`/expected-visits/${visit.id}/decisions`, { decision: 'reject' });
    expect(decided.statusCode, decided.body).toBe(200);
    expect((await new TestClient(ctx.app).get(`/public/host-approvals/${token}`)).json<HostApproval>()).toMatchObject({
      state: 'decided',
      decision: 'rejected',
    });
    const late = await new TestClient(ctx.app).post(`/public/host-approvals/${token}`, { decision: 'approve' });
    expect(late.statusCode).toBe(422);
    expect((await readVisit(ctx.db.db, e.entity, visit.id)).stage).toBe('rejected');

    // A link past its time decides nothing either.
    const second = await awaitingVisit(e, 'Ezra');
    await e.admin.post('/visits/sign-in', {
      area_id: e.areas.reception,
      people: [{ person_id: second.visitor.id, user_type_id: e.types.guests, host_ids: [e.host.id] }],
    });
    await dispatch(e, slack.id);
    const expiring = tokenOf(buttons(slackOf(slack.path).at(-1)!)[0]!.url!);
    await withTenant(ctx.db.db, e.entity.id, (tx) =>
      tx
        .update(hostApprovalLinks)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(hostApprovalLinks.visitId, second.visit.id)),
    );
    expect((await new TestClient(ctx.app).get(`/public/host-approvals/${expiring}`)).json<HostApproval>().state).toBe(
      'expired',
    );
    expect(
      (await new TestClient(ctx.app).post(`/public/host-approvals/${expiring}`, { decision: 'approve' })).statusCode,
    ).toBe(422);
  });

  it('tells the hosts of a visitor not come a quarter of an hour after their time, once', async () => {
    const teams = await chat(e, 'teams', ['host.visitor_late']);
    const visit = async (firstName: string, minutesAgo: number, stage: string | null) => {
      const visitor = await insertPerson(e, firstName, e.types.visitors);
      const row = await insertVisit(ctx.db.db, e.entity, {
        personId: visitor.id,
        siteId: e.sites.hq,
        areaId: e.areas.reception,
        userTypeId: e.types.visitors,
        state: 'expected',
        stage,
        expectedAt: new Date(Date.now() - minutesAgo * 60_000),
      });
      await withTenant(ctx.db.db, e.entity.id, (tx) =>
        tx.insert(visitHosts).values({ entityId: e.entity.id, visitId: row.id, personId: e.host.id }),
      );
      return row;
    };
    const late = await visit('Lars', 20, 'ready_to_sign_in');
    await visit('Nell', 5, 'ready_to_sign_in'); // not late yet
    await visit('Wade', 30, 'awaiting_approval'); // cannot sign in: not late, waiting
    await visit('Olaf', 6 * 60, null); // a stale day's visit
    const now = new Date();
    expect(await alertLateVisitors(ctx.app, now)).toBe(1);
    expect(await alertLateVisitors(ctx.app, new Date(now.getTime() + 60_000))).toBe(0);
    await dispatch(e, teams.id);
    const cards = hook
      .to(teams.path)
      .map((r) => JSON.parse(r.body) as { attachments: { content: { body: { text?: string }[] } }[] });
    expect(cards).toHaveLength(1);
    expect(cards[0]!.attachments[0]!.content.body[0]!.text).toBe('لم يصل Lars Visitor بعد');
    expect((await readVisit(ctx.db.db, e.entity, late.id)).hostLateAlertedAt).not.toBeNull();
    // Another company's channel hears nothing of it.
    const theirs = await chat(other, 'slack', ['host.visitor_late']);
    await dispatch(other, theirs.id);
    expect(hook.to(theirs.path)).toHaveLength(0);
  });

  it('keeps a chat channel to host alerts, with no secret, and another company hears nothing', async () => {
    const wrong = await e.admin.post('/webhooks', {
      endpoint_kind: 'slack',
      endpoint_url: hook.url('/wrong'),
      events: ['visit.signed_in'],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ fields: Record<string, string[]> }>().fields.events).toBeDefined();
    const standard = await e.admin.post('/webhooks', {
      endpoint_url: hook.url('/wrong'),
      events: ['host.visitor_arrived'],
    });
    expect(standard.statusCode).toBe(400);
    const teams = await chat(e, 'teams', ['host.approval_needed']);
    const patched = await e.admin.patch(`/webhooks/${teams.id}`, { events: ['person.created'] });
    expect(patched.statusCode).toBe(400);
    expect(patched.json<{ fields: Record<string, string[]> }>().fields.events).toBeDefined();
    expect((await e.admin.post(`/webhooks/${teams.id}/rotate-secret`)).statusCode).toBe(422);
    // A test message reads as words in the channel.
    expect((await e.admin.post(`/webhooks/${teams.id}/test`)).statusCode).toBe(202);
    await dispatch(e, teams.id);
    expect(hook.to(teams.path)[0]!.body).toContain('Test message');

    const theirs = await chat(other, 'slack', ['host.approval_needed', 'host.visitor_arrived']);
    await awaitingVisit(e, 'Finn').then(({ visitor }) =>
      e.admin.post('/visits/sign-in', {
        area_id: e.areas.reception,
        people: [{ person_id: visitor.id, user_type_id: e.types.guests, host_ids: [e.host.id] }],
      }),
    );
    await dispatch(other, theirs.id);
    expect(hook.to(theirs.path)).toHaveLength(0);
    expect((await other.admin.get(`/webhooks/${teams.id}/deliveries`)).statusCode).toBe(404);
  });
});
