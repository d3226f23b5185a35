// The people import around its run: the progress its runner watches live (and nobody else receives),
// and the nightly removal of tasks past their keeping, rows and photos with them.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { IMPORT_LIMITS, type ImportTask } from '@app/shared/people/import';
import { withTenant } from '../src/db/client';
import { importRows, importTasks } from '../src/db/schema/index';
import { expirePeopleImports } from '../src/modules/people-import/import-expiry';
import { runImport } from '../src/modules/people-import/import-run';
import { makePng } from './helpers/images';
import { photoZip, ranImport, sheetOf, uploadPhotos, uploaded } from './helpers/people-import-files';
import { peopleWorld, type PeopleWorld } from './helpers/people-world';
import { closeSockets, collect, joinRoom, listen, openSocket } from './helpers/sockets';
import { createTestApp, type TestContext } from './helpers/test-app';
import { signIn } from './helpers/http-client';
import { createPerson, PASSWORD } from './helpers/world';

let ctx: TestContext;
let w: PeopleWorld;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await peopleWorld(ctx.app, ctx.db.db);
  await listen(ctx);
}, 60_000);
afterEach(() => closeSockets());
afterAll(() => ctx?.close());

const HEADER = ['First name', 'Last name', 'Email', 'User types', 'Sites'];
const rowsFor = (tag: string, count: number) =>
  Array.from({ length: count }, (_, i) => [
    `${tag}${i}`,
    'Person',
    `${tag.toLowerCase()}${i}@lifecycle.test`,
    'Staff',
    'HQ',
  ]);

describe('a run’s progress, live', () => {
  it('reaches the runner as batches end (at most every 250 ms) and at the end, and no one else', async () => {
    const task = await uploaded(w.admin, await sheetOf(HEADER, rowsFor('Live', 1200)));
    const mine = await openSocket(ctx, w.admin);
    expect(await joinRoom(mine, w.entity.id)).toBe('joined');
    // Another admin of the same company, in the company's room.
    const otherAdmin = await createPerson(ctx.db.db, [w.entity], 'admin');
    const { client: other } = await signIn(ctx.app, otherAdmin.email, PASSWORD);
    const theirs = await openSocket(ctx, other);
    expect(await joinRoom(theirs, w.entity.id)).toBe('joined');
    const progress = collect(mine, 'peopleImportProgress', 0);
    const done = collect(mine, 'peopleImportDone', 0);
    const overheard = [collect(theirs, 'peopleImportProgress', 0), collect(theirs, 'peopleImportDone', 0)];

    // Queued for its runner as POST …/run does, then run here with batches that take longer than the
    // events' spacing.
    const runner = { kind: 'user' as const, userId: w.people.admin.id, membershipId: w.people.admin.membershipId };
    await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx
        .update(importTasks)
        .set({ status: 'queued', runner })
        .where(and(eq(importTasks.entityId, w.entity.id), eq(importTasks.id, task.id))),
    );
    const finished = await runImport(ctx.app, w.entity.id, task.id, {
      afterBatch: () => new Promise((r) => setTimeout(r, 300)),
    });
    expect(finished).toMatchObject({ status: 'done', createdRows: 1200 });
    await expect.poll(() => done.seen.length, { timeout: 5000 }).toBe(1);

    // 500 a batch: the run's start and the first two batches report progress, the third one the end.
    const seen = progress.seen;
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(seen.every((e) => e.id === task.id && e.entity_id === w.entity.id)).toBe(true);
    const processed = seen.map((e) => e.processed_rows);
    expect(processed).toEqual([...processed].sort((a, b) => a - b));
    expect(processed).toEqual(expect.arrayContaining([500, 1000]));
    expect(seen.every((e) => e.progress < 100)).toBe(true);
    expect(done.seen[0]).toMatchObject({
      id: task.id,
      status: 'done',
      processed_rows: 1200,
      created_rows: 1200,
      progress: 100,
    });
    await overheard[1]!.settle();
    expect(overheard.flatMap((c) => c.seen)).toEqual([]);
  }, 60_000);
});

describe('keeping import tasks', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const age = (taskId: string, days: number, status?: ImportTask['status']) =>
    withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx
        .update(importTasks)
        .set({ updatedAt: new Date(Date.now() - days * DAY), ...(status ? { status } : {}) })
        .where(and(eq(importTasks.entityId, w.entity.id), eq(importTasks.id, taskId))),
    );
  const rowCount = (taskId: string) =>
    withTenant(ctx.db.db, w.entity.id, async (tx) => {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(importRows)
        .where(and(eq(importRows.entityId, w.entity.id), eq(importRows.taskId, taskId)));
      return row!.n;
    });

  it(`removes a task ${IMPORT_LIMITS.keepDays} days after it last changed, rows and photos with it, and keeps the rest`, async () => {
    const stale = await uploaded(w.admin, await sheetOf(HEADER, rowsFor('Stale', 2)));
    expect(
      (
        await uploadPhotos(
          w.admin,
          stale.id,
          await photoZip([{ name: 'stale0@lifecycle.test.png', data: makePng(640, 480) }]),
        )
      ).statusCode,
    ).toBe(200);
    const [photo] = await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx
        .select({ key: importRows.photoKey })
        .from(importRows)
        .where(and(eq(importRows.taskId, stale.id), sql`${importRows.photoKey} is not null`)),
    );
    expect(await ctx.app.files.get(photo!.key!)).not.toBeNull();
    const recent = await uploaded(w.admin, await sheetOf(HEADER, rowsFor('Recent', 2)));
    const finishedLongAgo = await uploaded(w.admin, await sheetOf(HEADER, rowsFor('Ran', 1)));
    expect(await ranImport(w.admin, finishedLongAgo.id)).toMatchObject({ status: 'done' });
    const running = await uploaded(w.admin, await sheetOf(HEADER, rowsFor('Running', 1)));

    await age(stale.id, IMPORT_LIMITS.keepDays + 1);
    await age(recent.id, IMPORT_LIMITS.keepDays - 1);
    await age(finishedLongAgo.id, IMPORT_LIMITS.keepDays + 5);
    await age(running.id, IMPORT_LIMITS.keepDays + 5, 'running');

    expect(await expirePeopleImports(ctx.app)).toBe(2);
    expect((await w.admin.get(`/people/import/${stale.id}`)).statusCode).toBe(404);
    expect((await w.admin.get(`/people/import/${finishedLongAgo.id}`)).statusCode).toBe(404);
    expect(await rowCount(stale.id)).toBe(0);
    expect(await ctx.app.files.get(photo!.key!)).toBeNull();
    // The people it imported stay: only the task goes.
    expect((await w.admin.get('/people?search=ran0%40lifecycle.test')).json<{ count: number }>().count).toBe(1);
    expect((await w.admin.get(`/people/import/${recent.id}`)).statusCode).toBe(200);
    expect(await rowCount(recent.id)).toBe(2);
    expect((await w.admin.get(`/people/import/${running.id}`)).statusCode).toBe(200);
    // Nothing else is due: a second pass removes nothing.
    expect(await expirePeopleImports(ctx.app)).toBe(0);
  }, 60_000);
});
