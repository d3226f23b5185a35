import type { ReportName } from '@app/shared/reports/common';
import type { AnyReportSource } from './report-source';
import { visitSummarySource } from './visit-summary/visit-summary.source';
import { usersNotOnSiteSource } from './presence/users-not-on-site.source';
import { trackTraceSource } from './presence/track-trace.source';
import { historySource } from './history/history.source';
import { timesheetSource } from './timesheet/timesheet.source';
import { printQueueSource } from './print-queue/print-queue.source';
import { kioskLogsSource } from './kiosk-logs/kiosk-logs.source';
import { auditLogSource } from '../audit/audit-log.source';

// The reports an export can read, by name. Each report module adds its source here.
const sources: Partial<Record<ReportName, AnyReportSource>> = {
  visit_summary: visitSummarySource,
  users_not_on_site: usersNotOnSiteSource,
  track_trace: trackTraceSource,
  history: historySource,
  timesheet: timesheetSource,
  printer: printQueueSource,
  kiosk_logs: kioskLogsSource,
  audit_log: auditLogSource,
};

export const reportSource = (name: ReportName): AnyReportSource | undefined => sources[name];
