import { z } from 'zod';
import { EXPORT_FORMATS, REPORT_NAMES } from './common';

// Exports of report views (issue 14 item 8; spec §7 `export`, `export_job`, `export_list`; §9 "Export
// progress hint 4 s", "Export list count setting 100"). A reader asks for a report view (its filters and
// columns) as xlsx or csv; a background job writes the file and tells the requester live how far it is;
// the export list shows past exports and downloads them by a short-lived link.

export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed', 'expired'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

export const EXPORT_LIMITS = {
  /** Spec §9 "Export progress hint 4 s": past this the requester is told the export goes on in the background. */
  progressHintMs: 4_000,
  /** Spec §9 "Export list count setting 100": the export list shows this many per page. */
  listCount: 100,
  /** Most columns one export names. */
  columnsMax: 100,
  /** Days a finished export's file is kept before it expires and is removed. */
  retentionDays: 7,
  /** Seconds a download link works. */
  linkTtlSeconds: 300,
} as const;

export const createExportBodySchema = z.strictObject({
  report: z.enum(REPORT_NAMES),
  format: z.enum(EXPORT_FORMATS),
  /** The view's filters and sort as the report's screen takes them (checked by the report's source). */
  filters: z.record(z.string(), z.unknown()).default({}),
  /** The view's columns in their order (the grid's column ids). */
  columns: z.array(z.string().min(1).max(100)).min(1).max(EXPORT_LIMITS.columnsMax),
});
export type CreateExportBody = z.input<typeof createExportBodySchema>;

export const reportExportSchema = z.object({
  id: z.uuid(),
  report: z.enum(REPORT_NAMES),
  format: z.enum(EXPORT_FORMATS),
  status: z.enum(EXPORT_STATUSES),
  /** Rows written so far (all of them once done). */
  rows: z.number().int(),
  /** The rows the view had when the export started (an estimate for the progress bar), if known. */
  total_rows: z.number().int().nullable(),
  /** 0–100. */
  progress: z.number().int(),
  /** The file's size in bytes once done. */
  bytes: z.number().int().nullable(),
  columns: z.array(z.string()),
  error: z.string().nullable(),
  requested_by: z.object({ id: z.uuid().nullable(), name: z.string() }),
  /** Whether the reader is the requester (only they may download it). */
  mine: z.boolean(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type ReportExport = z.infer<typeof reportExportSchema>;

export const listExportsQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(EXPORT_LIMITS.listCount).default(EXPORT_LIMITS.listCount),
  /** The previous page's `next_cursor` (wins over `page`). */
  cursor: z.string().max(200).optional(),
  /** Part of the requester's name. */
  search: z.string().trim().max(100).optional(),
});
export type ListExportsQuery = z.input<typeof listExportsQuerySchema>;

/** `count` is exact up to 10,000 (then `count_capped`); `next_cursor` is null on the last page. */
export const exportListSchema = z.object({
  data: z.array(reportExportSchema),
  count: z.number().int(),
  count_capped: z.boolean(),
  next_cursor: z.string().nullable(),
});
export type ExportList = z.infer<typeof exportListSchema>;

export const exportLinkSchema = z.object({
  /** Relative to the API root, e.g. `/api/v1/exports/download/<token>`. */
  url: z.string(),
  expires_at: z.string(),
});
export type ExportLink = z.infer<typeof exportLinkSchema>;

/** What the requester's sockets hear as an export runs (event `reportExportProgress`) and ends (`reportExportDone`). */
export type ExportProgressEvent = Pick<
  ReportExport,
  'id' | 'report' | 'format' | 'status' | 'rows' | 'total_rows' | 'progress'
>;
