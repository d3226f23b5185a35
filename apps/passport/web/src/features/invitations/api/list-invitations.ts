import { invitationsResponse, type PassportInvitation } from '@app/shared/passport/schemas';
import { apiJson } from '../../../lib/api-client';

/** GET /api/invitations: the companies that invited this person's verified email, with each one's status. */
export async function listInvitations(signal?: AbortSignal): Promise<PassportInvitation[]> {
  return (await apiJson('GET', '/invitations', invitationsResponse, undefined, { signal })).invitations;
}
