import { z } from 'zod';

// A host deciding from a chat message (issue 29): the Slack or Teams message of a visit waiting for
// approval carries a link, single-use and signed, that opens a page in the browser. Opening it only
// shows the visit (chat apps open links to preview them); the host's choice is a POST from that page.

/** How long a link in a chat message may be used. */
export const HOST_APPROVAL_LINK_HOURS = 72;

/** `<link id>.<signature>`: the id of the link's row and its HMAC, base64url. */
export const hostApprovalTokenSchema = z.string().regex(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);

export const hostApprovalParams = z.object({ token: hostApprovalTokenSchema });

/** Open: the host may decide. Used: this link decided already. Decided: the visit was decided elsewhere. */
export const HOST_APPROVAL_STATES = ['open', 'used', 'decided', 'expired'] as const;
export type HostApprovalState = (typeof HOST_APPROVAL_STATES)[number];

export const hostApprovalSchema = z.object({
  state: z.enum(HOST_APPROVAL_STATES),
  company: z.string(),
  host: z.string(),
  /** The visitor's full name: the host is told it in the message too. */
  visitor: z.string(),
  site: z.string(),
  area: z.string(),
  visit_date: z.string(),
  visit_time: z.string(),
  /** The visit's decision when it is no longer open: approved or rejected (by this link or elsewhere). */
  decision: z.enum(['approved', 'rejected']).nullable(),
  expires_at: z.string(),
});
export type HostApproval = z.infer<typeof hostApprovalSchema>;

export const hostApprovalDecisionBodySchema = z.strictObject({ decision: z.enum(['approve', 'reject']) });
export type HostApprovalDecisionBody = z.infer<typeof hostApprovalDecisionBodySchema>;

export const hostApprovalDecisionSchema = z.object({ message: z.string(), data: hostApprovalSchema });
export type HostApprovalDecision = z.infer<typeof hostApprovalDecisionSchema>;
