import { expireReportExportsJob, reportExportJob } from './exports.service';

// An export's run, and the nightly removal of expired files (see exports.service.ts).
export const reportExportJobs = [reportExportJob, expireReportExportsJob];
