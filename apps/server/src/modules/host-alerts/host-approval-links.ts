// The URL of a host's approval link: the link's row id and its HMAC with a key derived from the
// installation's secret, so a link is never guessed, and no usable URL is kept in the database or the
// delivery log (the message keeps the row id; the URL is signed when the message is sent).
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { safeEqual } from '../../lib/tokens';

const signature = (app: FastifyInstance, linkId: string) =>
  createHmac('sha256', app.secrets.derive('host-approval-links')).update(linkId).digest('base64url');

export const hostApprovalToken = (app: FastifyInstance, linkId: string) => `${linkId}.${signature(app, linkId)}`;

/** The page a host decides on, opened with their choice first. */
export const hostApprovalUrl = (app: FastifyInstance, linkId: string, decision: 'approve' | 'reject') =>
  `${app.env.appUrl}/host-approval/${hostApprovalToken(app, linkId)}?decision=${decision}`;

/** The link's row id when the token's signature holds, else null. */
export function linkIdOf(app: FastifyInstance, token: string): string | null {
  const [id, sig] = token.split('.');
  if (!id || !sig) return null;
  return safeEqual(sig, signature(app, id)) ? id : null;
}

/** A text with each approval link's signature left out, as the delivery log shows it. */
export const withoutLinkSignatures = (text: string) =>
  text.replace(/(\/host-approval\/[0-9a-f-]{36}\.)[A-Za-z0-9_-]{43}/g, '$1…');
