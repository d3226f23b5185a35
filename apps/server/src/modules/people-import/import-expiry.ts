import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IMPORT_LIMITS } from '@app/shared/people/import';
import { withTenant } from '../../db/client';
import { defineJob } from '../../plugins/jobs';
import { deleteTask, findStaleTasks, findTask, rowPhotoKeys } from './people-import.repository';

// An import task keeps the rows of its sheet: names, emails, phones and photos of people, some of whom
// were never imported. It is removed with its rows and photos IMPORT_LIMITS.keepDays after it last
// changed; a queued or running task is left alone.

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;

/** Removes every company's stale import tasks; answers how many. */
export async function expirePeopleImports(app: FastifyInstance, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - IMPORT_LIMITS.keepDays * DAY_MS);
  let removed = 0;
  for (;;) {
    const due = await findStaleTasks(app.db.db, before, BATCH);
    if (due.length === 0) return removed;
    for (const one of due) {
      const keys = await withTenant(app.db.db, one.entityId, async (tx) => {
        // Checked again under the lock: a run asked for since the list was read keeps its task.
        const task = await findTask(tx, one.entityId, one.id, { lock: true });
        if (!task || task.updatedAt > before || task.status === 'queued' || task.status === 'running') return null;
        const photoKeys = await rowPhotoKeys(tx, one.entityId, one.id);
        await deleteTask(tx, one.entityId, one.id);
        return photoKeys;
      });
      if (keys === null) continue;
      for (const key of keys) await app.files.remove(key);
      removed += 1;
    }
  }
}

/** Every night: import tasks past their keeping are removed. */
export const expirePeopleImportsJob = defineJob({
  name: 'people-imports-expire',
  payload: z.object({}),
  cron: '27 3 * * *',
  cronPayload: {},
  handler: async (_data, { app, now }) => {
    const removed = await expirePeopleImports(app, now);
    if (removed > 0) app.log.info({ removed }, 'people import tasks removed after their keeping');
  },
});
