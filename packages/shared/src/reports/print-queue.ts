import { z } from 'zod';
import { cursorListResponse, cursorPageQuery } from '../http/paging';
import { checkReportRange, reportRangeShape } from './common';

// The print queue (spec §2 /reporting/printer, §7 `print_queue_list`, `cancel_print`, `reprint`;
// SPEC-NOTES: each does what its name says). Every badge sent to print, newest first, with its status.

export const PRINT_STATUSES = ['queued', 'printed', 'cancelled'] as const;
export type PrintStatus = (typeof PRINT_STATUSES)[number];

/**
 * The view's filters: days on the company's clock (both included; without them the last 30 days up to
 * today), status, site and kiosk, and a search of the person’s name.
 */
export const printQueueFiltersSchema = z
  .strictObject({
    from: reportRangeShape.from.optional(),
    to: reportRangeShape.to.optional(),
    status: z.enum(PRINT_STATUSES).optional(),
    site_id: z.uuid().optional(),
    kiosk_id: z.uuid().optional(),
    search: z.string().trim().max(100).optional(),
  })
  .superRefine((q, ctx) => checkReportRange(q, ctx));
export type PrintQueueFilters = z.infer<typeof printQueueFiltersSchema>;

export const printQueueQuerySchema = z
  .strictObject({ ...printQueueFiltersSchema.shape, ...cursorPageQuery.shape })
  .superRefine((q, ctx) => checkReportRange(q, ctx));
export type PrintQueueQuery = z.infer<typeof printQueueQuerySchema>;

const stamp = z.object({ at: z.string(), local: z.string() });
const ref = z.object({ id: z.uuid(), name: z.string() });

export const printQueueRowSchema = z.object({
  id: z.uuid(),
  visit_id: z.uuid(),
  status: z.enum(PRINT_STATUSES),
  person: ref,
  user_type: ref.nullable(),
  site: ref,
  area: ref,
  /** The kiosk that printed it; null when printed from the dashboard (a front desk). */
  kiosk: ref.nullable(),
  /** Who sent it to print from the dashboard. */
  requested_by: ref.nullable(),
  /** The print this one reprints. */
  reprint_of: z.uuid().nullable(),
  created_at: stamp,
  printed_at: stamp.nullable(),
});
export type PrintQueueRow = z.infer<typeof printQueueRowSchema>;

export const printQueueListSchema = cursorListResponse(printQueueRowSchema);
export type PrintQueueList = z.infer<typeof printQueueListSchema>;
