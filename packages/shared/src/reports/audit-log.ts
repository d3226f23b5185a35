import { z } from 'zod';
import { cursorListResponse, cursorPageQuery } from '../http/paging';
import { checkReportRange, reportRangeShape } from './common';

// The audit log viewer (issue 29): every admin change the product recorded, newest first, with who
// made it, what it changed and its values before and after. Read with the company details permission;
// the log itself is append-only for the application and follows the company's data retention.

/** An action or a target's type as the product writes them: `person.updated`, `user_type`, … */
const code = z
  .string()
  .trim()
  .max(80)
  .regex(/^[a-z0-9_.-]+$/, { message: 'audit_code_invalid' });

/** Days on the company's clock (both included; without them the last 30 days), who, what and on what. */
export const auditLogFiltersSchema = z
  .strictObject({
    from: reportRangeShape.from.optional(),
    to: reportRangeShape.to.optional(),
    actor_user_id: z.uuid().optional(),
    action: code.optional(),
    target_type: code.optional(),
    target_id: z.string().trim().max(100).optional(),
    /** Part of the action, the target's type or its id. */
    search: z.string().trim().max(100).optional(),
  })
  .superRefine((q, ctx) => checkReportRange(q, ctx));
export type AuditLogFilters = z.infer<typeof auditLogFiltersSchema>;

export const auditLogQuerySchema = z
  .strictObject({ ...auditLogFiltersSchema.shape, ...cursorPageQuery.shape })
  .superRefine((q, ctx) => checkReportRange(q, ctx));
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

/** Who made a change: a member (by name, as they are now), the company's API client, a kiosk, a person through their passport, a directory sync, or the product itself. */
export const AUDIT_ACTOR_KINDS = ['user', 'client', 'kiosk', 'passport', 'directory', 'host_link', 'system'] as const;

export const auditLogRowSchema = z.object({
  id: z.uuid(),
  at: z.object({ at: z.string(), local: z.string() }),
  actor: z.object({ kind: z.string(), user_id: z.uuid().nullable(), name: z.string().nullable() }),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditLogRow = z.infer<typeof auditLogRowSchema>;

export const auditLogListSchema = cursorListResponse(auditLogRowSchema);
export type AuditLogList = z.infer<typeof auditLogListSchema>;

/** What the filters offer: the members who made changes, and the actions and target types written, in the range. */
export const auditLogOptionsQuerySchema = z
  .strictObject({ from: reportRangeShape.from.optional(), to: reportRangeShape.to.optional() })
  .superRefine((q, ctx) => checkReportRange(q, ctx));
export const auditLogOptionsSchema = z.object({
  actors: z.array(z.object({ id: z.uuid(), name: z.string() })),
  actions: z.array(z.string()),
  target_types: z.array(z.string()),
});
export type AuditLogOptions = z.infer<typeof auditLogOptionsSchema>;
