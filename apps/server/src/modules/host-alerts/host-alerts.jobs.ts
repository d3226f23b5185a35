import { z } from 'zod';
import { defineJob } from '../../plugins/jobs';
import { alertLateVisitors } from './late-visitors';

// Each minute, the hosts of visitors who became late are told in their chat channel (decision 053).
export const hostLateAlertsJob = defineJob({
  name: 'host-late-alerts',
  payload: z.object({}),
  cron: '* * * * *',
  cronPayload: {},
  handler: async (_data, { app, now }) => {
    await alertLateVisitors(app, now);
  },
});

export const hostAlertJobs = [hostLateAlertsJob];
