import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { withTenant } from '../../db/client';
import { defineJob } from '../../plugins/jobs';
import {
  applyStatuses,
  auditStatusChanges,
  companiesWithStaleStatus,
  type StatusChange,
} from './announcements.repository';

// Announcement status (spec §4: scheduled → active → expired). Saving an announcement queues a run at
// its publish time and at its expiry time; a run every minute sweeps every company as a safety net
// (a lost job, a clock change, an announcement written by the seed). Runs are idempotent: a row moves
// only when its stored status is behind its times, once, with an audit row and a real-time event.

const payload = z.object({
  /** One company, and in it optionally one announcement; neither: every company (the sweep). */
  entity_id: z.uuid().optional(),
  announcement_id: z.uuid().optional(),
});

/** Moves one company's announcements (or one of them) to their state at `now`; answers what moved. */
async function refreshCompany(app: FastifyInstance, entityId: string, now: Date, announcementId?: string) {
  const changes = await withTenant(app.db.db, entityId, async (tx) => {
    const moved = await applyStatuses(tx, entityId, now, announcementId);
    await auditStatusChanges(tx, entityId, moved);
    return moved;
  });
  if (changes.length > 0) {
    app.realtime.toEntity(entityId, 'updateAnnouncementStatus', {
      changes: changes.map((c) => ({ id: c.id, status: c.after })),
    });
    // A kiosk shows the active ones: those published or expired now are fetched again.
    app.kioskChannel.dataChanged(entityId, ['announcements']);
  }
  return changes;
}

/**
 * The job's work, callable with any clock: with a company, that company (optionally one
 * announcement); without, every company whose stored statuses are behind.
 */
export async function refreshAnnouncementStatuses(
  app: FastifyInstance,
  options: { now: Date; entityId?: string; announcementId?: string },
): Promise<StatusChange[]> {
  if (options.entityId) return refreshCompany(app, options.entityId, options.now, options.announcementId);
  const changes: StatusChange[] = [];
  for (const entityId of await companiesWithStaleStatus(app.db.db, options.now)) {
    changes.push(...(await refreshCompany(app, entityId, options.now)));
  }
  return changes;
}

export const announcementStatusJob = defineJob({
  name: 'announcement-status',
  payload,
  cron: '* * * * *',
  cronPayload: {},
  handler: async (data, { app, now }) => {
    await refreshAnnouncementStatuses(app, { now, entityId: data.entity_id, announcementId: data.announcement_id });
  },
});

/** A second after the moment: a run never comes early by the database's clock and finds nothing to do. */
const SLACK_MS = 1000;

/**
 * Queues the runs that move a saved announcement on time: at its publish time and at its expiry, when
 * those are still ahead. Old runs of an edited announcement stay queued and find nothing to change.
 * Call after the transaction that saved it has committed.
 */
export async function scheduleAnnouncementTransitions(
  app: FastifyInstance,
  entityId: string,
  announcement: { id: string; publishAt: Date; expiresAt: Date },
  now: Date,
) {
  for (const at of [announcement.publishAt, announcement.expiresAt]) {
    if (at.getTime() <= now.getTime()) continue;
    await app.jobs.send(
      announcementStatusJob,
      { entity_id: entityId, announcement_id: announcement.id },
      { startAfter: new Date(at.getTime() + SLACK_MS) },
    );
  }
}

export const announcementJobs = [announcementStatusJob];
