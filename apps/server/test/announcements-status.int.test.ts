import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@app/shared/realtime/events';
import { withTenant } from '../src/db/client';
import { announcements, auditLog } from '../src/db/schema/index';
import {
  refreshAnnouncementStatuses,
  scheduleAnnouncementTransitions,
} from '../src/modules/announcements/announcements.jobs';
import { createTestApp, type TestContext } from './helpers/test-app';
import type { TestClient } from './helpers/http-client';
import { addAnnouncement, announcingCompany } from './helpers/announcements-factories';

// Announcement states change on time (spec §4): the job's handler driven with a given clock, the
// real-time event it raises, and the job runner itself running a queued job on this database.

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type StatusEvent = Parameters<ServerToClientEvents['updateAnnouncementStatus']>[0];

const MINUTE = 60_000;
let ctx: TestContext;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  // A database of its own on PostgreSQL: the job runner started below runs the minute sweeps (auto
  // sign-out, announcements, retention), which go through every company of the database they run on,
  // and other files' companies share the run's.
  ctx = await createTestApp({}, undefined, { ownDatabase: true });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await ctx.close();
});

/** The address of this file's own database, on the run's server. */
async function ownUrl(runUrl: string): Promise<string> {
  const { rows } = await ctx.db.query('select current_database() as name');
  return Object.assign(new URL(runUrl), { pathname: `/${String(rows[0]!.name)}` }).toString();
}

const company = (timezone = 'UTC') => announcingCompany(ctx.app, ctx.db.db, timezone);

async function statusOf(entityId: string, id: string) {
  const [row] = await withTenant(ctx.db.db, entityId, (tx) =>
    tx
      .select({ status: announcements.status })
      .from(announcements)
      .where(and(eq(announcements.entityId, entityId), eq(announcements.id, id))),
  );
  return row?.status;
}

async function statusAudits(entityId: string, id: string) {
  return withTenant(ctx.db.db, entityId, (tx) =>
    tx
      .select({ before: auditLog.before, after: auditLog.after, actorKind: auditLog.actorKind })
      .from(auditLog)
      .where(
        and(eq(auditLog.entityId, entityId), eq(auditLog.targetId, id), eq(auditLog.action, 'announcement.status')),
      )
      .orderBy(auditLog.createdAt),
  );
}

async function joinedSocket(client: TestClient, entityId: string, app = ctx.app): Promise<ClientSocket> {
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const socket: ClientSocket = connect(url, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie },
    reconnection: false,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('joined', () => resolve());
    socket.once('join_error', (e) => reject(new Error(e.message)));
    socket.emit('join', entityId);
  });
  return socket;
}

function collect(socket: ClientSocket) {
  const seen: StatusEvent[] = [];
  socket.on('updateAnnouncementStatus', (payload) => seen.push(payload));
  return seen;
}

const until = async (check: () => Promise<boolean> | boolean, ms: number, what: string) => {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what}: not within ${ms} ms`);
};

describe('announcement state by time, with a given clock', () => {
  it('moves scheduled → active → expired once each, with an audit row and an event to the company only', async () => {
    const mine = await company('Europe/Madrid');
    const other = await company();
    const made = await addAnnouncement(mine.client, mine.timezone);
    const untouched = await addAnnouncement(other.client, other.timezone);
    expect(made.state).toBe('scheduled');
    expect(await statusOf(mine.entity.id, made.id)).toBe('scheduled');
    const ours = collect(await joinedSocket(mine.client, mine.entity.id));
    const theirs = collect(await joinedSocket(other.client, other.entity.id));

    const publish = new Date(made.publish_at_utc);
    const expires = new Date(made.expires_at_utc);
    const run = (now: Date) => refreshAnnouncementStatuses(ctx.app, { now, entityId: mine.entity.id });

    expect(await run(new Date(publish.getTime() - 1000))).toEqual([]);
    expect(await statusOf(mine.entity.id, made.id)).toBe('scheduled');

    expect(await run(publish)).toEqual([{ id: made.id, before: 'scheduled', after: 'active' }]);
    expect(await statusOf(mine.entity.id, made.id)).toBe('active');
    // Idempotent: the same moment again, or a little later, changes nothing.
    expect(await run(publish)).toEqual([]);
    expect(await run(new Date(publish.getTime() + MINUTE))).toEqual([]);

    expect(await run(expires)).toEqual([{ id: made.id, before: 'active', after: 'expired' }]);
    expect(await run(new Date(expires.getTime() + 10 * MINUTE))).toEqual([]);

    expect(await statusAudits(mine.entity.id, made.id)).toEqual([
      { before: { status: 'scheduled' }, after: { status: 'active' }, actorKind: 'system' },
      { before: { status: 'active' }, after: { status: 'expired' }, actorKind: 'system' },
    ]);
    await until(() => ours.length === 2, 3000, 'two events');
    expect(ours).toEqual([
      { changes: [{ id: made.id, status: 'active' }] },
      { changes: [{ id: made.id, status: 'expired' }] },
    ]);
    expect(theirs).toEqual([]);
    expect(await statusOf(other.entity.id, untouched.id)).toBe('scheduled');
  });

  it('sweeps every company whose stored states are behind, and jumps straight to expired when both times passed', async () => {
    const a = await company('Asia/Tokyo');
    const b = await company('America/Los_Angeles');
    const first = await addAnnouncement(a.client, a.timezone);
    const second = await addAnnouncement(b.client, b.timezone);
    const late = new Date(Math.max(Date.parse(first.expires_at_utc), Date.parse(second.expires_at_utc)) + MINUTE);
    const changes = await refreshAnnouncementStatuses(ctx.app, { now: late });
    expect(changes).toEqual(
      expect.arrayContaining([
        { id: first.id, before: 'scheduled', after: 'expired' },
        { id: second.id, before: 'scheduled', after: 'expired' },
      ]),
    );
    expect(await statusOf(a.entity.id, first.id)).toBe('expired');
    expect(await statusOf(b.entity.id, second.id)).toBe('expired');
    expect(
      (await refreshAnnouncementStatuses(ctx.app, { now: late })).filter((c) => [first.id, second.id].includes(c.id)),
    ).toEqual([]);
  });

  it('lists the state the times give even before the job has run', async () => {
    const { client, entity, timezone } = await company();
    const made = await addAnnouncement(client, timezone);
    // The publish time passes without a run of the job: the stored status is behind.
    await withTenant(ctx.db.db, entity.id, (tx) =>
      tx
        .update(announcements)
        .set({ publishAt: new Date(Date.now() - MINUTE) })
        .where(and(eq(announcements.entityId, entity.id), eq(announcements.id, made.id))),
    );
    expect(await statusOf(entity.id, made.id)).toBe('scheduled');
    expect((await client.get(`/announcements/${made.id}`)).json().state).toBe('active');
    const active = (await client.get('/announcements?state=active')).json();
    expect(active.data.map((a: { id: string }) => a.id)).toEqual([made.id]);
    expect((await client.get('/announcements?state=scheduled')).json().count).toBe(0);
  });
});

describe('the job runner', () => {
  it('is off in tests unless asked for, and queues nothing then', async () => {
    expect(ctx.app.jobs.running).toBe(false);
    const { client, entity, timezone } = await company();
    const made = await addAnnouncement(client, timezone);
    const row = {
      id: made.id,
      publishAt: new Date(made.publish_at_utc),
      expiresAt: new Date(made.expires_at_utc),
    };
    await expect(scheduleAnnouncementTransitions(ctx.app, entity.id, row, new Date())).resolves.toBeUndefined();
  });

  it('runs an announcement’s queued change at its time on this database, raising the event, and stops cleanly', async () => {
    const testDb = inject('testDb');
    // Its own app on the same database, as a second server process would be.
    const runner = await createTestApp(testDb.kind === 'postgres' ? { DATABASE_URL: await ownUrl(testDb.url) } : {}, {
      db: ctx.db,
    });
    try {
      await runner.app.listen({ port: 0, host: '127.0.0.1' });
      await runner.app.jobs.start();
      expect(runner.app.jobs.running).toBe(true);
      // Starting again is harmless.
      await runner.app.jobs.start();

      const { client, entity, timezone } = await company();
      const made = await addAnnouncement(client, timezone);
      const events = collect(await joinedSocket(client, entity.id, runner.app));
      // Publishing in two seconds: written straight to the table, as the API takes whole minutes.
      const publishAt = new Date(Date.now() + 2000);
      await withTenant(ctx.db.db, entity.id, (tx) =>
        tx
          .update(announcements)
          .set({ publishAt })
          .where(and(eq(announcements.entityId, entity.id), eq(announcements.id, made.id))),
      );
      await scheduleAnnouncementTransitions(
        runner.app,
        entity.id,
        { id: made.id, publishAt, expiresAt: new Date(made.expires_at_utc) },
        new Date(),
      );
      await until(async () => (await statusOf(entity.id, made.id)) === 'active', 15_000, 'the queued run');
      expect(Date.now()).toBeGreaterThanOrEqual(publishAt.getTime());
      await until(() => events.length > 0, 3000, 'the event');
      expect(events[0]).toEqual({ changes: [{ id: made.id, status: 'active' }] });

      // The minute sweep is scheduled, the expiry run is queued for later.
      const schedules = await ctx.db.query(`select name, cron from pgboss.schedule where name = 'announcement-status'`);
      expect(schedules.rows).toEqual([{ name: 'announcement-status', cron: '* * * * *' }]);
      // (Counted at the expiry's own time: the minute sweep may have moved the announcement before its
      // queued publish run was fetched, which then still waits, finds nothing to do and ends.)
      const expiresAt = new Date(made.expires_at_utc);
      const queued = await ctx.db.query(
        `select count(*)::int as n from pgboss.job where name = 'announcement-status' and state = 'created'
           and data->>'announcement_id' = $1 and start_after = $2`,
        [made.id, new Date(expiresAt.getTime() + 1000)],
      );
      expect(queued.rows[0]).toEqual({ n: 1 });
    } finally {
      const stopping = Date.now();
      await runner.app.jobs.stop();
      expect(runner.app.jobs.running).toBe(false);
      expect(Date.now() - stopping).toBeLessThan(12_000);
      await runner.close();
    }
  }, 60_000);
});
