import { z } from 'zod';
import { WEBHOOK_LIMITS } from '@app/shared/webhooks/schemas';
import { defineJob } from '../../plugins/jobs';
import { deleteOldLog } from './webhook-deliveries.repository';
import { dispatchDue } from './webhook-dispatch';

// Webhooks' jobs (decision 052): each minute, the messages due (retries, and whatever a dead node or a
// lost notice left) are delivered; each night the delivery log past its keeping is deleted.

export const webhookSweepJob = defineJob({
  name: 'webhook-sweep',
  payload: z.object({}),
  cron: '* * * * *',
  cronPayload: {},
  handler: async (_data, { app }) => {
    await dispatchDue(app, () => new Date());
  },
});

export const webhookLogRetentionJob = defineJob({
  name: 'webhook-log-retention',
  payload: z.object({}),
  cron: '23 3 * * *',
  cronPayload: {},
  handler: async (_data, { app, now }) => {
    const removed = await deleteOldLog(app.db.db, new Date(now.getTime() - WEBHOOK_LIMITS.logDays * 86_400_000));
    if (removed) app.log.info({ removed }, 'webhook log past its keeping deleted');
  },
});

export const webhookJobs = [webhookSweepJob, webhookLogRetentionJob];
