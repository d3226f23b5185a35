// What open dashboards are told when visits change (decision 023): members who see the whole company
// get the changed rows and today's counts; members limited to some sites or user types get ids only,
// never a row; a burst of sign-ins is told in a few messages, not one per sign-in.
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Dashboard, Visit } from '@app/shared/visits/schemas';
import { rowsOf } from '../src/db/client';
import { scopedAdmin } from './helpers/people-world';
import { closeSockets, collect, joinRoom, listen, openSocket, type ClientSocket } from './helpers/sockets';
import { createTestApp, type TestContext } from './helpers/test-app';
import { visitsWorld, type VisitsWorld } from './helpers/visits-factories';
import { givePersonSite } from './helpers/people-rows';
import { signIn } from './helpers/http-client';
import { PASSWORD } from './helpers/world';
import { watchLiveEvents } from './helpers/live-events';

let ctx: TestContext;
let w: VisitsWorld;
beforeAll(async () => {
  ctx = await createTestApp();
  await listen(ctx);
  w = await visitsWorld(ctx.app, ctx.db.db);
});
afterAll(async () => {
  closeSockets();
  await ctx.close();
});

async function dashboardOf(client: Awaited<ReturnType<typeof signIn>>['client']) {
  const socket = await openSocket(ctx, client);
  expect(await joinRoom(socket, w.entity.id)).toBe('joined');
  return socket;
}

const eventsOf = (socket: ClientSocket) => ({
  visits: collect(socket, 'updateVisits', 800),
  counts: collect(socket, 'dashboardCounts', 800),
});

describe('the live feed of visits', () => {
  it('sends the rows and the counts to those who see everything, and ids only to the others', async () => {
    const { client: owner } = await signIn(ctx.app, w.people.admin.email, PASSWORD);
    const limited = await scopedAdmin(ctx.app, ctx.db.db, w.entity, [w.sites.hq], [w.types.visitors]);
    const everything = eventsOf(await dashboardOf(owner));
    const some = eventsOf(await dashboardOf(limited.client));

    const before = (await w.admin.get('/dashboard')).json<Dashboard>();
    const person = await w.person('Livia');
    const visit = await w.signInOne(person.id);

    const rows = await everything.visits.settle();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'signed_in',
      visit_ids: [visit.id],
      area_ids: [w.areas.reception],
      created_ids: [visit.id],
    });
    const sent = rows[0]!.visits!;
    // The row as the logbook shows it, but for whether the viewer may change it (theirs to work out).
    const read = (await w.admin.get(`/visits/${visit.id}`)).json<Visit>();
    expect(sent).toEqual([{ ...read, can_change: false }]);
    const counts = await everything.counts.settle();
    expect(counts.at(-1)!.totals.daily.on_site).toBe(before.totals.daily.on_site + 1);
    expect(counts.at(-1)).toEqual((await w.admin.get('/dashboard')).json<Dashboard>());

    const idsOnly = await some.visits.settle();
    expect(idsOnly).toEqual([{ action: 'signed_in', visit_ids: [visit.id], area_ids: [w.areas.reception] }]);
    expect(await some.counts.settle()).toEqual([]);
  });

  it('stops sending rows to a member once they are limited to some sites', async () => {
    const { client } = await signIn(ctx.app, w.people.system_admin.email, PASSWORD);
    const socket = await dashboardOf(client);
    const first = eventsOf(socket);
    await w.signInOne((await w.person('Uma')).id);
    expect((await first.visits.settle())[0]!.visits).toHaveLength(1);

    // Limited to HQ straight in the database: the database's notice alone moves their socket, with no
    // call into the sockets from whatever made the change.
    const [person] = rowsOf<{ id: string }>(
      await ctx.db.db.execute(
        sql`update memberships set site_scope = 'assigned' where id = ${w.people.system_admin.membershipId}
            returning (select id from people where entity_id = memberships.entity_id and membership_id = memberships.id)`,
      ),
    );
    await givePersonSite(ctx.db.db, w.entity, person!.id, w.sites.hq);
    await new Promise((r) => setTimeout(r, 300));

    const after = eventsOf(socket);
    await w.signInOne((await w.person('Vera')).id);
    const seen = await after.visits.settle();
    expect(seen).toHaveLength(1);
    expect(seen[0]!.visits).toBeUndefined();
  });

  it('tells a burst of sign-ins in a few messages, and counts them in a few reads', async () => {
    const { client: owner } = await signIn(ctx.app, w.people.admin.email, PASSWORD);
    const events = eventsOf(await dashboardOf(owner));
    const people = [];
    for (let i = 0; i < 12; i++) people.push(await w.person(`Burst${i}`));
    const res = await w.signInPeople(people.slice(0, 6).map((p) => ({ person_id: p.id })));
    expect(res.statusCode, res.body).toBe(201);
    await Promise.all(people.slice(6).map((p) => w.signInPeople([{ person_id: p.id }])));

    const toldIds = (seen: { visit_ids: string[] }[]) => new Set(seen.flatMap((r) => r.visit_ids));
    const rows = await events.visits.until((seen) => toldIds(seen).size >= 12);
    expect(toldIds(rows).size).toBe(12);
    expect(rows.length).toBeLessThan(12);
    expect(rows.every((r) => r.visits!.length === r.visit_ids.length)).toBe(true);
    const dashboard = (await w.admin.get('/dashboard')).json<Dashboard>();
    const counts = await events.counts.until((seen) => isDeepStrictEqual(seen.at(-1), dashboard));
    expect(counts.at(-1)).toEqual(dashboard);
    expect(counts.length).toBeLessThan(rows.length + 2);
  });

  it('reads no rows and no counts while nobody sees the whole company, and still tells the others', async () => {
    const quiet = await visitsWorld(ctx.app, ctx.db.db);
    const limited = await scopedAdmin(ctx.app, ctx.db.db, quiet.entity, [quiet.sites.hq], [quiet.types.visitors]);
    const socket = await openSocket(ctx, limited.client);
    expect(await joinRoom(socket, quiet.entity.id)).toBe('joined');
    const some = eventsOf(socket);
    const live = watchLiveEvents(ctx.app);
    const ada = await quiet.person('Ada');
    const visit = await quiet.signInOne(ada.id);

    expect(await live.visitRows(quiet.entity.id)).toEqual([]);
    expect(await live.counts(quiet.entity.id)).toEqual([]);
    live.restore();
    expect(await some.visits.settle()).toEqual([
      { action: 'signed_in', visit_ids: [visit.id], area_ids: [quiet.areas.reception] },
    ]);
  });

  // Decision 056: the database tells every node what changed, whoever committed it (another node, a
  // job, a node that died right after its commit), so no change depends on the node that made it.
  it('tells the dashboards of a change committed outside this app, as the database announces it', async () => {
    const { client: owner } = await signIn(ctx.app, w.people.admin.email, PASSWORD);
    const person = await w.person('Outsider');
    const visit = await w.signInOne(person.id);
    await ctx.app.liveFeed.flush();
    const everything = eventsOf(await dashboardOf(owner));
    // Signed out by a statement of its own, as another node or a job would, with no call into this app.
    await ctx.db.db.execute(
      sql`update visits set state = 'left', signed_out_at = now(), sign_out_source = 'dashboard'
           where entity_id = ${w.entity.id} and id = ${visit.id}`,
    );
    const rows = await everything.visits.settle();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'signed_out', visit_ids: [visit.id], area_ids: [w.areas.reception] });
    expect(rows[0]!.visits![0]).toMatchObject({ id: visit.id, state: 'left' });
    // A statement that changes nothing is not told.
    const quiet = eventsOf(await dashboardOf(owner));
    await ctx.db.db.execute(sql`update visits set notes = notes where entity_id = ${w.entity.id} and id = ${visit.id}`);
    expect(await quiet.visits.settle()).toEqual([]);
  });

  // The database's notices are heard on a connection of this node's own: while it is down, changes
  // may be missed, so once it listens again the browsers here are made to reconnect and read again.
  it.runIf(inject('testDb').kind === 'postgres')(
    'closes the dashboards’ sockets once notices are heard again after the listening connection dropped',
    async () => {
      const { client: owner } = await signIn(ctx.app, w.people.admin.email, PASSWORD);
      const socket = await dashboardOf(owner);
      const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      await ctx.db.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
             where datname = current_database() and application_name = 'notices'
               and query = 'LISTEN visits_changed'`,
      );
      expect(await closed).toBe('io server disconnect');
      // Listening again: a change is told to a dashboard that joins afresh.
      const again = eventsOf(await dashboardOf(owner));
      const visit = await w.signInOne((await w.person('Renata')).id);
      expect((await again.visits.settle()).flatMap((e) => e.visit_ids)).toContain(visit.id);
    },
  );
});
